"""Gunicorn server hooks of the API, named in ``ops/gunicorn.conf.py``."""

from __future__ import annotations

import gc
import json
import os
from typing import Any

from gunicorn import util

from service.audit.kinds import EventKind
from service.audit.lifecycle import service_event
from service.config.settings import Settings

# What gunicorn's own answers are about, by status.
GUNICORN_FIELDS = {414: "request line", 431: "headers"}


def child_exit(_server: Any, worker: Any) -> None:
    # Multiprocess Prometheus metrics: drop a dead worker's live gauges.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def post_worker_init(_worker: Any) -> None:
    # The app is built: its modules, schemas, statements and pools live as
    # long as the worker. A full collection walked all of them with every
    # request of the worker waiting (100-170 ms, every few seconds at 100
    # rounds a second: bench-load's p99 was 74-172 ms); frozen, the
    # collector skips them and walks only what requests leave behind.
    gc.collect()
    gc.freeze()


def post_fork(_server: Any, _worker: Any) -> None:
    # In each worker, before its threads start. Gunicorn answers a request
    # it cannot parse (a request line too long, too many or too large
    # headers, a malformed request) itself, before the app is called: its
    # worker's handle_error picks the status and message and hands them to
    # util.write_error, which writes an HTML page. The API answers problem details (RFC 9457): the
    # writer is replaced, gunicorn's status and message are kept.
    if not callable(getattr(util, "write_error", None)):
        raise RuntimeError("gunicorn.util.write_error is gone: its own error answers would not be JSON")
    util.write_error = write_json_error


def write_json_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn.util.write_error's work, in the API's error shape."""
    # Imported here, in a worker that has the app loaded already: the
    # master, which reads this module, need not load the API to start.
    from service.api.http.errors import error_body
    from service.api.http.headers import NO_STORE, NOSNIFF
    from service.api.http.problems import MEDIA_TYPE

    code = reason.lower().replace(" ", "_")
    body = json.dumps(error_body(status_int, code, mesg, GUNICORN_FIELDS.get(status_int))).encode()
    headers = {
        "Connection": "close",
        "Content-Type": MEDIA_TYPE,
        "Content-Length": str(len(body)),
        **NO_STORE,
        **NOSNIFF,
    }
    head = f"HTTP/1.1 {status_int} {reason}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in headers.items()
    )
    util.write_nonblock(sock, (head + "\r\n").encode("latin-1") + body)


def when_ready(server: Any) -> None:
    # In the master, once it listens and before it forks the workers: the
    # start of the API on the significant-event log.
    service_event(Settings.from_environment().database, EventKind.SERVICE_STARTED, "api", bind=_bind(server))


def on_exit(server: Any) -> None:
    service_event(Settings.from_environment().database, EventKind.SERVICE_STOPPED, "api", bind=_bind(server))


def _bind(server: Any) -> list[str]:
    return [str(address) for address in server.cfg.bind]
