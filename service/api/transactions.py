"""One request, one transaction, retried when a concurrent request wins a
race (a unique key taken, SQLite's single writer busy, a lock given up):
everything is rolled back and run again, and the retry sees the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError

from service.api.session import db

Result = TypeVar("Result")
ATTEMPTS = 3


def committed(work: Callable[[], Result]) -> Result:
    session = db()
    for attempt in range(ATTEMPTS):
        try:
            result = work()
            session.commit()
            return result
        except (IntegrityError, OperationalError):
            session.rollback()
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")
