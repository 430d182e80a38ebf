"""The money at the tables: table sessions and their tray counts (opener
and closer), fills and credits under three signatures, drop counts by the
count team, each table's win and hold from the chips, and the check of
that win against the rounds' net (cards against chips); the dealers'
sessions at the tables.

Modules:

- ``sessions.py``: opening and closing a table, the tray counted by
  denomination at each end (opener and closer)
- ``slips.py``: fills and credits and their signatures, numbered without a
  gap (``slip_numbers``)
- ``slip_states.py``: a slip's kind and its state, read from its signatures
- ``drop_counts.py``: the count team's drop count, counted first once (a
  recount supersedes, with a reason)
- ``denominations.py``: the denominations and a count by denomination
  (``Lines``, ``read_lines``; ``count_fault``: a total against its lines)
- ``duties.py``: segregation of duties, who may sign what
- ``figures.py``: a session's win and hold from the chips, kept by the
  ``figure_session`` job
- ``rounds_net.py``: the rounds' side of a session's check, read from the
  stored records
- ``check.py``: the cards-against-chips check and its notes
- ``timeline.py``: a session's rounds, slips and counts in time order
- ``views.py``: the records as the API shows them; ``listing.py``: the
  lists it pages through (slips by table and state, a session's slips,
  the check's sessions), so that no route builds SQL
- ``records.py``: the records as their events carry them
- ``dealer_sessions.py``: a dealer's time at a table: the sign-in at the
  tablet, the sign-out, the relief (another dealer signing in), a move to
  another table and the table's close; ``dealer_values.py``: a session as
  the API shows it and its events carry it

May import: tables, accounts, audit and below (never rounds: the rounds'
net is read from the stored records).
"""
