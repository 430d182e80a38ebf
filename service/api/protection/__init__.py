"""Game protection's alerts (rule book section 15): the open (or
acknowledged) alerts, one alert with the rounds behind it and their
times, read by the pit, compliance and the admin; a pit boss's
acknowledgement with a note.

- ``alert_routes.py``: the routes; ``alert_schemas.py``: what they take
  and what they answer
"""
