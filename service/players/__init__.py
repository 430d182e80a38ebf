"""Players and rated play (rule book section 14): the casino's players by
the club number its player-tracking system gave them, who sat where, for
how long, betting what, what each rating's play was worth, comps and the
cash rules.

Modules:

- ``club_numbers.py``: what a club number and a name may be (the checks
  the API, the CLI and the import share)
- ``players.py``: enrolling a player, a change of name (a new name row,
  never an overwrite), a player by club number; each write an event
- ``listing.py``: the players a page at a time, by club number prefix or
  a part of the name
- ``views.py``: a player as JSON
- ``importing.py``: the player-tracking system's CSV file checked and
  applied, all or nothing (``breakpoker players import``)
- ``ratings.py``: seating a player by club number at a seat (``seat_in``):
  one open rating a seat, a player's open ratings at one table only, a
  missed rating started by a pit boss
- ``rating_steps.py``: a rating's pauses, resumes and seat-out (the chips
  taken away)
- ``buy_ins.py``: a buy-in, cash or chips
- ``cash_rules.py``: the cash rules at a cash buy-in: its gaming day, the
  day's cash in (locked per player), the transaction log's entry, the
  refusal until the player is identified, the report day listed
- ``cash_log.py``: an unknown patron's cash logged by the pit, and the
  transaction log and the report days as the pit and compliance read them
- ``rating_corrections.py``: a pit boss's corrections of a rating, each
  with a reason and its event: the chips taken away of a closed rating, a
  buy-in the dealer missed (at the time it happened, under the cash rules
  of that gaming day) and a seat-out the dealer missed (at a past time)
- ``correction_values.py``: a correction as a typed value, as the API
  answers it and as its event carries it
- ``rating_values.py``: a rating as typed values (its state, steps,
  buy-ins and corrections, the chips taken away as corrected), the open
  ratings at a table, and the records as their events carry them
- ``rating_json.py``: a rating as the API answers it, each key described
- ``casino_settings.py``: the casino's settings for comps and the cash
  rules (the comp rate, the log and report thresholds a currency), in
  versions, with the rule book's defaults (and game protection's
  threshold of results beyond luck); ``settings_checks.py``: a change of
  them as sent, checked field by field
- ``identification.py``: a player's identification recorded (a new row,
  sealed) and read by compliance, each with an event that holds none of
  it
- ``identification_cipher.py``: the identification's key file (off the
  database) and its AES-GCM seal, bound to the player and the row
- ``rated/``: the exact figures of rated play, pure (standard library and
  fractions only): a rated round's inputs, the four parts of the actual
  win and their variances, rounding once, comps, time played, pace,
  average bet and the chips check
- ``rated_edges.py``: a configuration version's edges and card spread for
  the figures, from the par sheet and the strategy table
- ``rated_rows.py``: a seat's stored expected values as the figures'
  inputs
- ``rating_figures.py``: each rating's exact figures, kept by the
  workers' job from its counting rounds' stored values (``rating_figures``,
  derived state), and the ratings whose figures are out of date
- ``slot_figures.py``: the rated play of each slot of the floor (table,
  gaming day, shift and dealer), kept by the workers' job from its rated
  seats' stored values (``rated_shift_figures``) with each table's and
  dealer's months added up (``rated_month_figures``), derived state, and
  the slots out of date; the floor's rated-play report reads them
- ``slips.py``: a rating's slip (live or final), rounded once from the
  kept exact sums, comps at the rate of its seat-out
- ``slip_json.py``: a slip and its figures as the API answers them, each
  key described
- ``player_figures.py``: a player's figures over a period, in one query
  of the ratings' kept rows (the open ones checked against their rounds)
- ``rating_lists.py``: the floor's open ratings with their live slips,
  and a player's ratings a keyset page at a time with their slips
- ``comp_rates.py``: the comp rate in force at an instant (a seat-out),
  from the casino settings' versions, and a rating's comps at it
- ``comp_earnings.py``: what a player's closed ratings with complete
  figures earned in comps, a currency at a time (the others pending)
- ``comps.py``: a player's comp balances (earned less redeemed) and a
  redemption (locked per player), past the balance only with a second
  pit boss's signature; each with its event
- ``rating_feed.py``: the closed ratings with their slips, a keyset page
  at a time, for the player-tracking system
- ``feed_entries.py``: a closed rating fed again each time its slip
  changes after its seat-out (a correction, its figures figured again)

May import: rounds, accounting, analysis and below (the ratings' figures
read the rounds); never reports, review, compliance or the entry points.
The figures' core in ``rated/`` imports only the standard library (an
import-linter contract holds it). A round's rated seats are written by
the rounds package, from the seats' claims in the store, as the round is
stored.
"""
