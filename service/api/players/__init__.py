"""The casino's players.

- ``player_routes.py``: enrol, read, rename and list players by club
  number; a player's figures and their ratings a page at a time
- ``player_schemas.py``: a player, its names, and what a request sends
- ``identification_routes.py``: a player's identification, recorded by the
  pit or the cage and read by compliance only (every read an event);
  ``identification_schemas.py``: its shapes
- ``comp_routes.py``: a player's comp balances and redemptions, a
  redemption past the balance with a second pit boss's signature;
  ``comp_schemas.py``: their shapes
"""
