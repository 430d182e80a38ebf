"""Game protection (rule book section 15): the checks that watch the
games for cheating and a faulty shuffler, and the alerts they raise. An
alert names what it saw (table, seat, player, dealer, device), the decks
and rounds behind it, the figure and its threshold, and stays open until
a pit boss acknowledges it with a note. Alerts and acknowledgements are
append-only records, each with its audit event (``alert_raised``,
``alert_acknowledged``).

Modules:

- ``values.py``: the typed values: the kinds of alert, their severity and
  state, a check's finding, an alert as the pit reads it with its rounds
- ``alerts.py``: raising an alert once per finding (its natural key: a
  job run twice raises nothing more) and a pit boss's acknowledgement
  with a note, once
- ``listing.py``: the alerts a keyset page at a time (open, acknowledged
  or all) and one alert with the rounds behind it and their times
- ``repeated_decks.py``: the first check: a deck order seen before (any
  device) is a critical alert; each deck checked once by the workers'
  job (``deck_received``) by its order's digest, and the decks not
  checked yet, which the sweep sends again
- ``received_decks.py``: a received deck's job (``deck_received``): its
  order checked and its positions counted, the deck read once, each
  check once (the jobs of each alone still run, for rows queued before)
- ``hidden_rounds.py``: the hidden-information test's job (rule book
  section 15, "Decisions that know the dealer's hand"): each entered
  round's seats' bets stored once and added to their subjects' evidence,
  and the rounds not tested yet, which the sweep sends again
- ``hidden_evidence.py``: the evidence as stored (a rated player's gaming
  day, an unrated seat's table session), the windows it is judged over
  (the day, the 30-day processes, the session) and their thresholds
- ``hidden_batch.py``: the test of a batch of rounds (the worker's, 50 a
  transaction): its subjects read once (locked, in id order), each
  round's bets added and its windows judged in memory in id order (as one
  at a time), the evidence and bets written once, the alerts raised after
- ``hidden_alerts.py``: the ``hidden_information`` alert of a window that
  reached its threshold: whom, where, the figure and the rounds behind it
- ``metrics.py``: the alerts raised (a counter) and those open, by kind
  and severity, for Prometheus (read from the database at scrape time)
- ``luck.py``: results beyond luck's arithmetic: a seat's luck (the
  dealer's-cards and player's-cards parts) and its exact variance from
  rated play's pure figures, z decided exactly against the threshold,
  and the figure as text
- ``luck_sums.py``: each round's luck added once (the workers' job
  ``luck``) to its table's shift, its dealer's shift and its rated
  players' gaming days, and taken out again by a void or a correction;
  the rounds the sweep sends again
- ``luck_facts.py``: a round's facts as the luck job needs them (its
  currency, whether it counts, its rules, the threshold), in one query
  for a round or for a batch
- ``luck_writes.py``: the luck job's writes in SQL core: its rows and
  window sums written, the sums handed to the check
- ``luck_batch.py``: the luck job of a batch of rounds (the worker's, 50
  a transaction): the rounds' facts, seats and windows' sums read once,
  each round added and checked in memory in id order (as one at a time),
  the rows and sums written once, the alerts raised after
- ``luck_figures.py``: the four parts of the players' results over a
  dealer's rounds of a shift, from the luck sums, for the dealers' report
- ``luck_alerts.py``: after a round, the z of each of its windows (the
  table's and dealer's shifts, each player's day and 30 days) against
  the casino's threshold, and the alert, once per window

- ``chi_square.py``: the chi-square test of card positions, pure: the
  position groups (every expected count at least 5), the degrees of
  freedom, the statistic (× 52/53: a deck is a permutation) and the
  survival function (the regularised upper incomplete gamma)
- ``device_days.py``: each device's gaming day's figures (decks, card ×
  position counts, repeated orders, cards changed by hand), each deck
  counted once by the workers' job (``deck_received``); the decks not
  counted and the ended days not tested, which the sweep sends again
- ``shuffler_positions.py``: an ended device day's test of card positions,
  and the 30 days' ending with it, once (``positions_test``): a warning
  when p < 0.05
- ``cards_changed.py``: each dealt deck's cards changed by hand, checked
  once (``cards_changed``): a warning naming the table, dealer, device,
  round and the number of cards; the decks not checked, for the sweep
- ``device_figures.py``: per device, for a gaming day and 30 days: decks,
  repeated orders, the positions test, cards changed by hand


May import: players, rounds, accounting, tables, analysis and below (the
checks read the rounds and the decks; the hidden-information test, the
strategy table); never reports, review, compliance or the
entry points. Compliance imports it: the verification matches each alert
and acknowledgement to its sealed event. The tables package writes each
deck's digest and queues its checks as the deck is stored; the rounds
package queues a dealt deck's check of its cards changed by hand, and
each round's luck job as its values are stored (and as a void or
correction takes it out).
"""
