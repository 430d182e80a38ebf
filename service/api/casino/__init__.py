"""The casino's own settings.

- ``settings_routes.py``: the settings for comps and the cash rules, read
  with their ETag and changed (a new version) with it as If-Match;
  ``settings_schemas.py``: their shapes
"""
