"""What operators watch: the background work's state (queues, failed jobs,
the outbox backlog, work undone), the figures Prometheus scrapes, and
putting failed jobs back.

Modules:

- ``job_status.py``: queues, failed jobs, the outbox backlog; failed jobs
  put back
- ``undone.py``: work the database shows undone (the sweep's list)
- ``scrape.py``: the figures ``/metrics`` reads at scrape time
- ``floor_metrics.py``: each table's gaming day and figures for Prometheus
- ``build_info.py``: the running build (software and rules versions,
  schema revisions: ``GET /api/v1/version``, ``breakpoker_build_info``)

May import: every business package; not the entry points or workers.
"""
