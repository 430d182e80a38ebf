"""Request ids, JSON logs and the Prometheus metrics the processes count.

Modules:

- ``request_id.py``: request ids
- ``logs.py``: JSON logs
- ``metrics.py``: the metrics the processes count

May import: config and below.
"""
