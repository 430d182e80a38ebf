"""Game math: the exact par sheet of a table configuration (and a
simulation that cross-checks it through the settlement code).

Suits never matter in Break Poker, so the analysis works on rank patterns:
67,600 seven-card patterns, each with the number of card sets that make it.

Modules:

- ``par_sheet.py``: the exact par sheet, one value to and from JSON
- ``hand_table.py``: every seven-card rank pattern with what the rules make
  of it
- ``pair_kernel.py``: the par sheet's compiled inner loop (numba)
- ``pair_columns.py``: the columns of the pair kernel's rows, apart from
  the compiler
- ``main_bet.py``: the Main Bet and the Dealer Break Bonus, pattern
  against pattern
- ``single_hand.py``: one hand's figures (Break Bonus, Lucky Break,
  qualification)
- ``bet_math.py``: one bet's exact distribution
- ``cache.py``: par sheets kept on disk by configuration digest
- ``simulate.py``: a simulation through the settlement code, against the
  exact sheet
- ``report_text.py``, ``report_html.py``: the par sheet as text and as a
  page
- ``legal_settings.py``: every legal setting of every pattern (rule book
  section 12)
- ``strategy_kernel.py``: the optimal strategy's compiled inner loop
- ``strategy_rows.py``: every legal setting's exact counts, the strategy
  table's rows
- ``strategy_table.py``: the strategy table on disk in blocks
- ``optimal_sheet.py``: the Main Bet under the optimal strategy
- ``report_strategy.py``: house way and optimal strategy side by side
- ``hand_advice.py``: the hand calculator
- ``seat_counts.py``: one seat's counts read from the strategy table, for
  the expected-values job
- ``departures.py``: the hidden-information test's bets and evidence, a
  test martingale (rule book section 15)
- ``seat_bets.py``: one seat's bet of that test, from the strategy table
  and the dealer's actual hand
- ``departure_kernel.py``: the compiled rounds of the test's simulation
- ``departure_bench.py``: the simulation's honest players and cheaters,
  for ``breakpoker bench-protection``; ``departure_report.py``: its figures
  as text
- ``card_spread.py``: the bets' values given the seven cards summed over
  every player hand, for rated play's player's-cards variance
"""
