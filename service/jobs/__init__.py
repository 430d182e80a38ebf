"""The background work as the service describes it, without running it:
the job kinds and their queues, job ids and states, the outbox backlog,
and the progress rows of long jobs. Running jobs is the ``workers`` package.

Modules:

- ``queues.py``: ``JobKind``, ``QueueName``, job ids
- ``backlog.py``: the outbox backlog
- ``progress.py``: a long job's ``State`` and progress rows

May import: store and below.
"""
