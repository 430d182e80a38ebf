"""The outbox rows still waiting for the dispatcher: how many and since
when (the ops page, the Prometheus gauges and ``breakpoker jobs`` show it;
an old oldest row means the dispatcher or Redis is down)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from service.store.db import Db
from service.store.models import OutboxEntry


@dataclass(frozen=True)
class Backlog:
    waiting: int
    oldest: datetime | None


def backlog(db: Db) -> Backlog:
    waiting, oldest = db.execute(
        select(func.count(), func.min(OutboxEntry.created_at)).where(OutboxEntry.dispatched_at.is_(None))
    ).one()
    return Backlog(int(waiting), oldest)
