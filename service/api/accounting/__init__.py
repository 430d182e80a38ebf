"""The table accounting: sessions, tray counts, slips and drop counts.

- ``session_routes.py``, ``slip_routes.py``: the routes;
  ``accounting_schemas.py`` (what they take),
  ``accounting_record_schemas.py`` (what they answer)
- ``cosigning.py``: a second signature checked
"""
