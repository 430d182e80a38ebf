"""The cash rules' records (rule book section 14): the multiple
transaction log (an unknown patron's entry logged by the pit; the log
read by the pit and compliance) and the player-days listed for a
currency transaction report (compliance).

- ``cash_log_routes.py``: the routes; ``cash_log_schemas.py``: what they
  take and what they answer (never a player's identification)
"""
