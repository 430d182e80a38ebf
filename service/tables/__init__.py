"""Tables and their configuration versions (limits, pays, the rules in
force), schedules, gaming days and shifts; the hand calculator under a
configuration version's rules (every setting's expected value, read from
the strategy table) and its JSON.

Modules:

- ``tables.py``: tables and their configuration versions, a table's
  currency fixed at its creation (``create_table``, ``currencies_of``)
- ``status.py``: ``TableStatus``
- ``versions.py``: which version of a configuration and of a schedule is
  current and who made it (what an edit's ``If-Match`` names)
- ``views.py``: a table's values as JSON
- ``table_json.py``: a table as the API shows it
- ``config_preview.py``: what a configuration change would save, with
  its Break Bonus pay table and house edge
- ``gaming_day.py``: gaming days and shifts by the table's schedule
- ``hand_analysis.py``: the hand calculator under a version's rules (a
  missing strategy table block a 503, its build queued);
  ``advice_json.py``: its JSON
- ``strategy_build.py``: the one rule for queueing a strategy table's
  build
- ``deal_order.py``: the table's deal order, in versions
- ``decks.py``: the decks a shuffler or shoe posts (each refusal an event)
  and the newest one no round took, answered without a card
- ``deck_exposure.py``: a deck's hands marked exposed by the dealer, the
  only answer with its cards (the seats in play's and the dealer's, each
  answer a ``deck_read`` event): the deck order is secret until then
- ``shoe.py``: a stand-in shoe posting shuffled decks over HTTP
  (``breakpoker shoe simulate``, the browser tests)

May import: audit and below.
"""
