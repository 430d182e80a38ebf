"""Gunicorn settings of the API: what ``breakpoker serve`` runs (it hands
this file to gunicorn, and its --host, --port and --workers override it) and
so what the Docker image runs. Every figure can be set from the environment,
read and checked by service/config/environment.py; ops/README.md lists the
variables, their defaults and what is allowed.

How the figures were chosen:

- workers: one process per CPU the process may run on, at least two. A
  request is mostly Python (validating and settling a round, building JSON)
  and holds the GIL, so one process keeps about one core busy; more
  processes than cores only queue for the CPU and each opens its own
  database pool. Two at least, so one worker being restarted never leaves
  the replica without one. A container limited by a CPU quota (not a
  cpuset) sees every core of its host: set WEB_CONCURRENCY there.
- threads: 4 a worker (the gthread worker). Threads overlap the waits on
  PostgreSQL and Redis (a round is an insert and a commit, a report a few
  aggregate queries); past a few they only queue for the GIL. Measured
  with ``python -m tests.bench bench-load`` on 2 CPUs and SQLite: 4 workers x 1
  thread settled 30-40 % more rounds a second at saturation than 2 x 4,
  but its p99 at 100 rounds a second was 51-62 ms against 17-19 ms (two
  processes a core wait out each other's time slices), and the rate a
  floor produces is far below either saturation. A request
  holds one database connection, so a replica holds at most workers x
  threads of them: 3 replicas x 4 workers x 4 threads = 48, inside
  PostgreSQL's default 100 with room for the RQ workers and the dispatcher.
- timeout: 120 s without a heartbeat and the master kills the worker.
  Requests answer in well under a second (a day report of a table: about
  20 ms). Long work runs on the RQ workers, never on a request's thread:
  par sheets, exports, and verifications of the audit trail (``POST
  /compliance/audit/verifications`` only queues one).
- graceful_timeout: 30 s for requests in flight on a stop or restart; the
  container's stop grace (compose ``stop_grace_period``) must be longer.
- keepalive: 75 s, above the usual 60 s idle timeout of a load balancer,
  so the balancer closes an idle connection first and never sends a
  request down one gunicorn has just closed (a 502). The gthread worker
  keeps idle connections in its poller, not on a thread.
- no max_requests: recycling workers would leave a Prometheus file per
  dead process, which every scrape of /metrics reads.
- no preload_app: the app holds a database pool and a Redis connection,
  which must not cross the fork; each worker builds its own.
"""

import os
import sys

from service.api.gunicorn_hooks import child_exit, on_exit, post_fork, post_worker_init, when_ready
from service.config import environment
from service.observability import logs


def _cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


# Every variable, the app's too, checked in the master before it forks: a
# bad one stops the start with its message, not a traceback in each worker.
try:
    _environment = environment.read_environment()
except environment.SettingsError as _error:
    print(f"Error: {_error}", file=sys.stderr)
    raise SystemExit(environment.EX_CONFIG) from None

wsgi_app = "service.api.app:create_app()"
bind = [_environment.bind]
worker_class = "gthread"
workers = _environment.web_concurrency or max(2, _cpus())
threads = _environment.threads
timeout = _environment.timeout
graceful_timeout = _environment.graceful_timeout
keepalive = _environment.keepalive
# The workers' heartbeat files: on tmpfs where there is one (a container's
# overlay file system can stall the heartbeat and get a worker killed).
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# Logs: JSON lines on stderr with the request id; the access line is the
# app's own (it knows the request id and the route), so gunicorn's is off.
accesslog = None
errorlog = "-"
logconfig_dict = logs.logging_config()
# No control socket: two servers on one machine would fight over it.
control_socket_disable = True

__all__ = ["child_exit", "on_exit", "post_fork", "post_worker_init", "when_ready"]
