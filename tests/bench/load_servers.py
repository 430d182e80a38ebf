"""The servers ``python -m tests.bench bench-load`` drives: each started as a process
group on a free loopback port, waited for until it answers, and stopped
with its whole group; and the gunicorn settings they run under."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import click

from service.cli.serve import CHECKOUT_CONFIG

PORT = "@PORT@"  # in a server's command: the port it was given


def gunicorn_settings(workers: int | None) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(CHECKOUT_CONFIG.read_text(), str(CHECKOUT_CONFIG), "exec"), namespace)
    return {
        "config": str(CHECKOUT_CONFIG.relative_to(CHECKOUT_CONFIG.parents[1])),
        "worker_class": namespace["worker_class"],
        "workers": workers or namespace["workers"],
        "threads": namespace["threads"],
    }


@contextmanager
def server(
    command: list[str], env: dict[str, str], log: Path, wait: float = 60, stop_wait: float = 30
) -> Iterator[int]:
    """A server on a free loopback port (``BREAKPOKER_BIND``, and ``PORT``
    in the command replaced by it), stopped (its whole group) at the end;
    ``wait`` seconds for it to answer, ``stop_wait`` for it to stop."""
    port = _free_port()
    with log.open("ab") as output:
        process = subprocess.Popen(
            [str(port) if part == PORT else part for part in command],
            env={**env, "BREAKPOKER_BIND": f"127.0.0.1:{port}"},
            stdout=output,
            stderr=output,
            start_new_session=True,
        )
    try:
        _wait_ready(port, process, log, wait)
        yield port
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=stop_wait)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_ready(port: int, process: subprocess.Popen[bytes], log: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise click.ClickException(f"the server exited ({process.returncode}): {log.read_text()[-2000:]}")
        for path in ("/healthz", "/constant"):  # the API, or the bare endpoint
            with suppress(OSError), urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1):
                return
        time.sleep(0.2)
    raise click.ClickException(f"the server did not answer within {wait:g} s: {log.read_text()[-2000:]}")
