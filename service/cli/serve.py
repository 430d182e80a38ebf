"""``breakpoker serve``: the API under gunicorn."""

from __future__ import annotations

import os
from typing import Any

import click
from gunicorn.app.base import BaseApplication

from service.app import create_app
from service.lifecycle import STARTED, STOPPED, service_event
from service.settings import Settings


class _Server(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return create_app()


def _child_exit(_server: Any, worker: Any) -> None:
    # Multiprocess Prometheus metrics: drop a dead worker's live gauges.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def _when_ready(server: Any) -> None:
    # In the master, once it listens and before it forks the workers.
    service_event(Settings.from_environment().database, STARTED, "api", bind=_bind(server))


def _on_exit(server: Any) -> None:
    service_event(Settings.from_environment().database, STOPPED, "api", bind=_bind(server))


def _bind(server: Any) -> list[str]:
    return [str(address) for address in server.cfg.bind]


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64))
def serve(host: str, port: int, workers: int) -> None:
    """Run the HTTP API (migrate first: `breakpoker db upgrade`)."""
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": 4,
        "accesslog": "-",
        # No control socket: it would live outside the instance folder, and
        # two servers on one machine would fight over it.
        "control_socket_disable": True,
        "child_exit": _child_exit,
        # Start and stop of the API on the significant-event log.
        "when_ready": _when_ready,
        "on_exit": _on_exit,
    }
    _Server(options).run()
