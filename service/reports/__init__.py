"""Figures for the pit: report periods (shift, gaming day, month-to-date,
year-to-date), hold against theoretical hold and its variance, per-dealer
lines, the investigation notes written on a variance, and the expected
win from the hands dealt with its band and what the players' settings cost.

Modules:

- ``table_reports.py``: shift, day, month and year reports; ``periods.py``:
  what a report covers; ``report_values.py``: their shapes;
  ``report_versions.py``: the configuration versions behind them, each with
  its par sheet
- ``aggregate_sums.py``: the period's shift aggregates added up
- ``hold.py``: hold against theoretical hold, variance flags
- ``dealer_lines.py``: per-dealer lines
- ``dealer_shifts.py``: per dealer and shift: time at each table, rounds
  per hour, voids, corrections, cards changed by hand, and cards against
  chips of their table sessions; ``dealer_time.py``: their time at each
  table from their sessions, clipped to the shift
- ``variance_notes.py``: investigation notes
- ``chips_figures.py``: win and hold from the counted sessions' chips, and
  cards against chips
- ``pending_sessions.py``: the sessions not reflected yet (those out of
  step picked by the query, the decided ones found by index)
- ``expected_win.py``: the expected win from the hands dealt with its band,
  and what the players' settings cost
- ``rated_play.py``: the floor's rated play (a rating slip's figures per
  table, dealer and the floor, with the share of handle rated);
  ``rated_sums.py``: the slots' kept rows it sums, and all play's handle
- ``currency_reports.py``: a floor of several currencies a part a currency,
  never added

May import: players, rounds, accounting and below.
"""
