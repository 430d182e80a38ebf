"""Operations.

- ``health.py``: liveness, readiness and the version
- ``ops_routes.py``: the background work and ``/metrics``
"""
