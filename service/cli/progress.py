"""A progress bar on standard error for the long computations (just the
label when standard error is not a terminal)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error (just the label when not a terminal)."""
    with click.progressbar(length=1, label=label, file=sys.stderr) as bar:
        shown = 0

        def update(done: int, total: int) -> None:
            nonlocal shown
            bar.length = total
            bar.update(done - shown)
            shown = done

        yield update
