"""What operators watch: the background work's state (queues, failed jobs,
the outbox backlog, work undone), the figures Prometheus scrapes, and
putting failed jobs back.

May import: every business package; not the entry points or workers.
"""
