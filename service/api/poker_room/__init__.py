"""The poker room's dealer-assist.

- ``showdown_routes.py``, ``showdown_schemas.py``: showdowns;
  ``stud_schemas.py``: Wild Joker Stud's bring-in, first button and betting
  check
"""
