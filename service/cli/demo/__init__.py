"""``breakpoker demo-day``: a gaming day at three tables played through the
HTTP API, the money at the tables simulated beside the cards (the trays,
the drop boxes, the players' buy-ins and bets), ending in the
cards-against-chips check: balanced at two tables, and at the third the
exact amount of a bet the dealer paid wrong on purpose. The club members
among the players are rated (rule book section 14) and the cash rules
applied to a high roller's buy-ins.

Modules:

- ``command.py``: the command, its refusals and what it prints
- ``day.py``: the day; ``table_day.py``: a table's steps
- ``floor.py``: its users and tables; ``client.py``: its client and clock
- ``tray.py``: the tray and drop box; ``players.py``: the players
- ``ratings.py``: the members' ratings and the high roller
- ``rating_summary.py``: the ratings as the API shows them, and what it prints
"""
