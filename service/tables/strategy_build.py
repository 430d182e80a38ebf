"""Asking for a configuration's strategy table to be built: its par sheet
job (which builds the table as well) is queued through the outbox. The one
place that decides whether to ask, for the hand calculator and for the
expected-values job alike: every request or retry that finds a block
missing would otherwise queue the build again."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import or_, select

from service.audit.events import queue_job
from service.jobs.queues import JobKind
from service.store.db import Db, utc_now
from service.store.models import OutboxEntry

#: A build queued this recently is taken as still running (a whole table
#: takes a minute or a few), so it is not queued again.
BUILD_RUNNING = timedelta(minutes=10)


def queue_strategy_build(db: Db, config_id: int) -> bool:
    """Queue the par sheet job of configuration version ``config_id`` unless
    one is waiting in the outbox or was queued moments ago; whether it was
    queued (the caller commits)."""
    recent = (
        select(OutboxEntry.id)
        .where(OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.ref == config_id)
        .where(or_(OutboxEntry.dispatched_at.is_(None), OutboxEntry.created_at > utc_now() - BUILD_RUNNING))
        .limit(1)
    )
    if db.scalar(recent) is not None:
        return False
    queue_job(db, JobKind.PAR_SHEET, config_id)
    return True
