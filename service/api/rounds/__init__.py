"""Rounds entered, settled, stored and valued.

- ``round_routes.py``: entering and reading rounds; ``round_in_schemas.py``
  (as entered), ``round_schemas.py`` (as stored),
  ``settlement_schemas.py`` (its settlement field by field)
- ``hand_routes.py``, ``hand_schemas.py``: the hand calculator
"""
