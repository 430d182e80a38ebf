"""Reports for the pit and compliance.

- ``report_routes.py``: reports and variance notes; ``report_schemas.py``
  (what they answer), ``report_query_schemas.py`` (what they ask),
  ``expected_win_schemas.py``, ``chips_schemas.py``, ``rated_play_schemas.py``
  (the rated-play report's)
"""
