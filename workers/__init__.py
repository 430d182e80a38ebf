"""Everything that runs off the request path. Nothing is built at import
time; each worker process opens its database on first use. Only the CLI's ``run`` and ``worker`` commands
import this package.

Modules:

- ``worker.py``: the worker process (quick queues in process, long jobs
  in a work-horse)
- ``jobs.py``: the RQ jobs, thin wrappers around the use cases
- ``protection_jobs.py``: the game-protection jobs (luck, the
  hidden-information test, the shufflers' card positions and cards
  changed by hand)
- ``queues.py``: putting jobs on their queues (``FUNCTIONS``: a job names
  its function)
- ``outbox.py``: the outbox dispatcher (``waiting``: only the waiting rows)
- ``sweep.py``: sending again the work Redis lost
"""
