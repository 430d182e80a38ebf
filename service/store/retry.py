"""Running a transaction again when a concurrent one won a race: a unique
key taken, SQLite's single writer busy, a lock given up. Everything is
rolled back and run again, and the retry sees the winner. The request
path (``service.api.http.transactions``) and the jobs (``workers.jobs``) share
this one helper and its budget."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError

Result = TypeVar("Result")

LOST_RACE = (IntegrityError, OperationalError)
ATTEMPTS = 5  # a lost race is rare; five in a row is a real fault, left to the caller


def retry_lost_race(once: Callable[[], Result], attempts: int = ATTEMPTS) -> Result:
    """``once()`` again while it loses a race (it rolls back what it did
    itself), up to ``attempts`` times; the last loss is raised.

    >>> tries = []
    >>> def flaky():
    ...     tries.append(1)
    ...     if len(tries) < 3:
    ...         raise OperationalError("UPDATE ...", {}, Exception("database is locked"))
    ...     return "done"
    >>> retry_lost_race(flaky), len(tries)
    ('done', 3)
    """
    for attempt in range(1, attempts + 1):
        try:
            return once()
        except LOST_RACE:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")
