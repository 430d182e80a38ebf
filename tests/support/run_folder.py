"""A folder shared by every process of one test run: what is costly to
compute (strategy table blocks, pair counts and the par sheets made from
them) is paid once a run, not once an xdist worker or a test file."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def run_folder() -> Path:
    """The run's folder, made by the run's first process (tests/__init__.py)
    and inherited by its xdist workers and subprocesses."""
    return Path(os.environ["BREAKPOKER_TEST_RUN_FOLDER"])


@contextmanager
def one_at_a_time(name: str) -> Iterator[None]:
    """Held by one process of the run at a time: the others wait for the
    first to compute and then read what it stored."""
    with open(run_folder() / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
