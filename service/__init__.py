"""The Break Poker table service: one package a part, each with its own
modules named in its ``__init__`` (ARCHITECTURE.md has the map).

Packages and modules:

- ``engine/``: the rules core; ``poker_room/``: the poker room's games
- ``analysis/``: the game math
- ``rounds/``, ``accounting/``, ``players/``, ``review/``, ``reports/``,
  ``compliance/``, ``audit/``, ``tables/``, ``accounts/``: the back
  office's parts; ``players/``: the casino's players and their rated play;
  ``protection/``: game protection's checks and alerts
- ``ops/``, ``jobs/``, ``observability/``: what operators watch, the
  background work as the service describes it, logs and metrics
- ``config/``: settings; ``store/``: the database
- ``api/``: the HTTP API; ``cli/``: the ``breakpoker`` command
- ``errors.py``: the service's errors (code, message, field, HTTP status)
"""
