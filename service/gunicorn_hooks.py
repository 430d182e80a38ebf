"""Gunicorn server hooks of the API, named in ``ops/gunicorn.conf.py``."""

from __future__ import annotations

import os
from typing import Any

from service.lifecycle import STARTED, STOPPED, service_event
from service.settings import Settings


def child_exit(_server: Any, worker: Any) -> None:
    # Multiprocess Prometheus metrics: drop a dead worker's live gauges.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def when_ready(server: Any) -> None:
    # In the master, once it listens and before it forks the workers: the
    # start of the API on the significant-event log.
    service_event(Settings.from_environment().database, STARTED, "api", bind=_bind(server))


def on_exit(server: Any) -> None:
    service_event(Settings.from_environment().database, STOPPED, "api", bind=_bind(server))


def _bind(server: Any) -> list[str]:
    return [str(address) for address in server.cfg.bind]
