"""The worker's command run in a process of its own, forked from a server
process that has imported the worker's code once (the standard library's
forkserver), rather than started from nothing each time.

A burst of the worker is started two hundred times a run, and each start
spent about a second importing the same modules before it did any work.
The forked process is still a separate process with the test's
environment, running ``breakpoker worker`` as the command line would: the
worker keeps nothing at import (its settings, engines and Redis are made
when the command runs), so a process forked after the imports behaves as
one started afresh. A variable read at import would be the server's, not
the test's: :func:`forkable` says which runs may be forked."""

from __future__ import annotations

import logging
import multiprocessing
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from multiprocessing.context import ForkServerContext
from pathlib import Path

#: What the worker imports before its first job, and its jobs' modules.
#: pytest too: a forked process runs the test process's main script first.
PRELOAD = (
    "service.cli",
    "service.cli.worker",
    "workers.worker",
    "workers.jobs",
    "workers.protection_jobs",
    "pytest",
)

#: read when imported (prometheus_client picks its kind of values then):
#: a run naming one starts from nothing, as before
READ_AT_IMPORT = ("PROMETHEUS_MULTIPROC_DIR",)

_CONTEXT: list[ForkServerContext] = []


def forkable(env: Mapping[str, str]) -> bool:
    """True when nothing the forked process would have read at import
    differs from the test process's own environment."""
    return all(env.get(name) == os.environ.get(name) for name in READ_AT_IMPORT)


def _context() -> ForkServerContext:
    if not _CONTEXT:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        _CONTEXT.append(context)
    return _CONTEXT[0]


def _command(arguments: list[str], env: dict[str, str], out: str, err: str) -> None:
    """In the forked process: the test's environment, its output into the
    files the caller reads, then the command line."""
    os.environ.clear()
    os.environ.update(env)
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        os.dup2(stdout.fileno(), 1)
        os.dup2(stderr.fileno(), 2)
    from service.cli import main

    try:
        main.main(args=arguments, prog_name="breakpoker")
    finally:
        # The process ends by os._exit (multiprocessing's): no exit hooks
        # flush what is buffered.
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()


def forked_cli(
    arguments: Sequence[str], env: Mapping[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """``breakpoker <arguments>`` in a forked process; as subprocess.run with
    capture_output and text would answer."""
    with tempfile.TemporaryDirectory() as folder:
        out, err = Path(folder) / "stdout", Path(folder) / "stderr"
        process = _context().Process(target=_command, args=(list(arguments), dict(env), str(out), str(err)))
        process.start()
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join()
            raise subprocess.TimeoutExpired(list(arguments), timeout, out.read_bytes(), err.read_bytes())
        code = process.exitcode
        assert code is not None
        return subprocess.CompletedProcess(list(arguments), code, out.read_text(), err.read_text())
