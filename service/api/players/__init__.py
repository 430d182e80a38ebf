"""The casino's players.

- ``identification_routes.py``: a player's identification, recorded by the
  pit or the cage and read by compliance only (every read an event);
  ``identification_schemas.py``: its shapes
"""
