"""Everything that runs off the request path: the worker process
(``worker.py``), the RQ jobs (``jobs.py``, thin wrappers around the
service's use cases), putting jobs on their queues (``queues.py``), the
outbox dispatcher (``outbox.py``) and the sweep that sends lost work again
(``sweep.py``). Nothing is built at import time; each worker process opens
its database on first use. Only the CLI's ``run`` and ``worker`` commands
import this package."""
