"""The table accounting: sessions, tray counts, slips and drop counts; the
dealers at the tables.

- ``session_routes.py``, ``slip_routes.py``: the routes;
  ``accounting_schemas.py`` (what they take),
  ``accounting_record_schemas.py`` (what they answer)
- ``dealer_routes.py``: the dealers' sign-in, sign-out and relief at a
  table, the table's dealer now and the per dealer and shift figures;
  ``dealer_schemas.py``: what they take and answer
- ``cosigning.py``: a second signature checked
"""
