"""Rated play: seating a player at a table's seat, the open ratings at a
table (who sits where, for the tablet), the floor's open ratings with
their live slips (for the pit), a rating, its pauses, resumes and
seat-out, its buy-ins, and a pit boss's corrections of it.

- ``rating_routes.py``: the routes; ``rating_schemas.py``: what they take
  and what they answer
- ``correction_schemas.py``: what a correction takes (the chips taken
  away, a missed buy-in or a missed seat-out, with a reason)
- ``slip_schemas.py``: a rating's slip, a player's figures and ratings,
  the floor's open ratings and the feed of closed ratings as the API
  answers them
"""
