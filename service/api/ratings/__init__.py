"""Rated play: seating a player at a table's seat, the open ratings at a
table (who sits where, for the tablet), a rating, its pauses, resumes and
seat-out, and its buy-ins.

- ``rating_routes.py``: the routes; ``rating_schemas.py``: what they take
  and what they answer
- ``slip_schemas.py``: a rating's slip, a player's figures and the feed of
  closed ratings as the API answers them
"""
