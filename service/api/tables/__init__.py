"""Tables and their rules.

- ``table_routes.py``: tables, the house way and the par sheet;
  ``table_schemas.py``: a table, its configuration and the house way asked
  for
- ``config_routes.py``, ``config_schemas.py``: configuration versions,
  schedule and preview
- ``currency_routes.py``: the currencies a table may be created in
- ``sheet_schemas.py``, ``strategy_schemas.py``: the par sheet
"""
