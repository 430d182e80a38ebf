"""The jobs the outbox sends. Each takes an id (never an object), is
idempotent, and commits its work in one transaction."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from service.aggregates import aggregate_round as count_round
from service.audit_chain import seal_up_to
from service.db import make_engine, session_factory, unit_of_work
from service.metrics import count_settled_round
from service.settings import Settings

Result = TypeVar("Result")
ATTEMPTS = 5  # in-job retries of a lost race, before RQ's own retries


@cache
def _sessions() -> sessionmaker[Session]:
    return session_factory(make_engine(Settings.from_environment().database))


def _in_transaction(work: Callable[[Session], Result]) -> Result:
    """Run ``work`` in one transaction; a race lost to another worker (a
    unique key taken, SQLite busy) is rolled back and run again."""
    for attempt in range(ATTEMPTS):
        try:
            with unit_of_work(_sessions()) as session:
                return work(session)
        except (IntegrityError, OperationalError):
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def seal_audit(event_id: int) -> int:
    """Seal the audit chain up to this event; how many links were added."""
    return _in_transaction(lambda session: seal_up_to(session, event_id))


def aggregate_round(round_id: int) -> bool:
    """Count a settled round into its shift's aggregates, once."""
    figures = _in_transaction(lambda session: count_round(session, round_id))
    if figures is None:
        return False  # counted before: a retry or a repeated dispatch
    count_settled_round(figures)
    return True
