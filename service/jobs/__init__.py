"""The background work as the service describes it, without running it:
the job kinds and their queues, job ids and states, the outbox backlog,
and the progress rows of long jobs. Running jobs is ``workers/``.

May import: store and below.
"""
