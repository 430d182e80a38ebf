"""Game protection's alerts (rule book section 15): the open (or
acknowledged) alerts, one alert with the rounds behind it and their
times, read by the pit, compliance and the admin; a pit boss's
acknowledgement with a note; and the devices' figures (the shuffler checks).

- ``alert_routes.py``: the routes; ``alert_schemas.py``: what they take
  and what they answer
- ``device_routes.py``: each shuffler's or shoe's figures (decks,
  repeated orders, the positions test, cards changed by hand) for a
  gaming day and 30 days; ``device_schemas.py``: what they take and answer
"""
