"""What the long jobs asked for through the API (exports, verifications of
the audit trail) share: their states, and progress saved as they go in
short transactions of its own, so the API can show it while the job runs."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, TypedDict

from sqlalchemy import select, update

from service.store.db import Databases, Db
from service.store.work import unit_of_work


class State(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


QUEUED, RUNNING, DONE, FAILED = State.QUEUED, State.RUNNING, State.DONE, State.FAILED
STATES = tuple(State)
#: told how many more units of work (rows, links, rounds, totals) are done
Progress = Callable[[int], None]


def save_progress(databases: Databases, model: type[Any], row_id: int, done: int, total: int) -> None:
    with unit_of_work(databases) as db:
        db.execute(update(model).where(model.id == row_id).values(done=done, total=total))


def unfinished(db: Db, model: type[Any], before: datetime) -> list[tuple[int, str]]:
    """Requests (exports, verifications) made before ``before`` and still
    queued or running, with their status: the sweep sends again those whose
    job was lost, or given up by RQ (failed, stopped, canceled) while the
    request still reads running (a rerun starts over)."""
    query = (
        select(model.id, model.status)
        .where(model.status.in_((QUEUED, RUNNING)), model.requested_at < before)
        .order_by(model.id)
    )
    return [(row.id, row.status) for row in db.execute(query)]


class ProgressJson(TypedDict):
    """A long job's progress: an export's rows, a verification's links, rounds and totals."""

    done: Annotated[int, "rows written, or links, rounds and totals checked"]
    total: Annotated[int, "rows to write, or to check (0: not counted yet)"]
    percent: Annotated[float, "0 to 100 (100 once done)"]


def progress_json(status: str, done: int, total: int) -> ProgressJson:
    return {"done": done, "total": total, "percent": percent(status, done, total)}


def percent(status: str, done: int, total: int) -> float:
    if status == DONE:
        return 100.0
    if total <= 0:
        return 0.0
    return round(min(done, total) * 100 / total, 1)


class Tracker:
    """Counts the work done and saves it every ``every`` units."""

    def __init__(self, databases: Databases, model: type[Any], row_id: int, total: int, every: int) -> None:
        self.databases, self.model, self.row_id = databases, model, row_id
        self.total, self.every = total, every
        self.done = self.saved = 0
        self.save()

    def add(self, count: int) -> None:
        self.done += count
        if self.done - self.saved >= self.every:
            self.save()

    def save(self) -> None:
        # More may be found than was counted at the start (rows added since).
        save_progress(self.databases, self.model, self.row_id, self.done, max(self.total, self.done))
        self.saved = self.done
