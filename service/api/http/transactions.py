"""One request, one transaction, run again when a concurrent request wins a
race (:mod:`service.store.retry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from service.api.http.session import db
from service.store.retry import LOST_RACE, retry_lost_race

Result = TypeVar("Result")


def committed(work: Callable[[], Result]) -> Result:
    session = db()

    def once() -> Result:
        try:
            result = work()
            session.commit()
        except LOST_RACE:
            session.rollback()
            raise
        return result

    return retry_lost_race(once)
