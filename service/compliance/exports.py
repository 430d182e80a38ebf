"""Compliance exports as the API sees them: a request checked and stored
with its job (the build is :mod:`service.compliance.export_build`, in a
worker), the list, one export, and its download, recorded on the trail.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.jobs.progress import DONE, FAILED, QUEUED
from service.jobs.progress import percent as percent_of
from service.jobs.queues import JobKind
from service.store.db import Db, utc_now
from service.store.models import Export, GameTable, User
from service.store.paging import Order, Page, paginate

MAX_DAYS = 366  # a year, leap day included

MAX_TABLES = 500

FIRST_YEAR, LAST_YEAR = 1900, 9998  # room either side for the audit window's UTC times

FOLDER = "exports"


def exports_folder(instance: Path) -> Path:
    return instance / FOLDER


def request_export(
    db: Db,
    user: User,
    first_day: date,
    last_day: date,
    table_ids: list[int] | None,
    now: datetime | None = None,
) -> Export:
    """Check the period and tables, store the export and queue its job."""
    moment = now or utc_now()
    _check_period(first_day, last_day)
    chosen = None if table_ids is None else _checked_tables(db, table_ids)
    export = Export(
        requested_by=user.id,
        requested_at=moment,
        first_day=first_day,
        last_day=last_day,
        table_ids=chosen,
        status=QUEUED,
        done=0,
        total=0,
    )
    db.add(export)
    db.flush()
    record_event(
        db,
        EventKind.EXPORT_REQUESTED,
        f"export:{export.id}",
        {"from": first_day.isoformat(), "to": last_day.isoformat(), "tables": chosen},
        user.id,
        at=moment,
    )
    queue_job(db, JobKind.EXPORT, export.id)
    return export


def _check_period(first_day: date, last_day: date) -> None:
    """At most a year of gaming days, in years the audit window can reach."""
    for name, day in (("from", first_day), ("to", last_day)):
        if not FIRST_YEAR <= day.year <= LAST_YEAR:
            # The audit window runs a day or so either side of the period.
            raise Invalid(
                ErrorCode.INVALID_FIELD,
                f"{name} ({day.isoformat()}) must be a gaming day in the years {FIRST_YEAR} to {LAST_YEAR}",
                name,
            )
    if last_day < first_day:
        raise Invalid(ErrorCode.INVALID_FIELD, f"to ({last_day}) is before from ({first_day})", "to")
    days = (last_day - first_day).days + 1
    if days > MAX_DAYS:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"from {first_day} to {last_day} is {days} gaming days; export at most {MAX_DAYS} at a time",
            "to",
        )


def _checked_tables(db: Db, table_ids: list[int]) -> list[int]:
    """The tables named, sorted and each once; every one must exist."""
    chosen = sorted(set(table_ids))
    if not chosen or len(chosen) > MAX_TABLES:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"tables must name 1 to {MAX_TABLES} tables, or be left out for all",
            "tables",
        )
    known = set(db.scalars(select(GameTable.id).where(GameTable.id.in_(chosen))))
    unknown = [table_id for table_id in chosen if table_id not in known]
    if unknown:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"tables: no table with id {', '.join(map(str, unknown))}", "tables"
        )
    return chosen


def get_export(db: Db, export_id: int) -> Export:
    found = db.get(Export, export_id)
    if found is None:
        raise NotFound(ErrorCode.EXPORT_NOT_FOUND, f"no export with id {export_id}", "export_id")
    return found


def list_exports(db: Db, page: int, per_page: int, order: Order = Order.NEWEST) -> Page[Export]:
    """Exports, newest first unless asked otherwise."""
    found: Page[Export] = paginate(db, select(Export), Export.id, page, per_page, order)
    return found


def user_names(db: Db, user_ids: set[int]) -> dict[int, str]:
    rows = db.execute(select(User.id, User.name).where(User.id.in_(user_ids)))
    return {row[0]: row[1] for row in rows}


def download(db: Db, user: User, export: Export, instance: Path, now: datetime | None = None) -> Path:
    """The finished file of an export, with the download recorded."""
    if export.status != DONE or export.file_name is None:
        raise Conflict(
            ErrorCode.EXPORT_NOT_READY,
            f"export {export.id} is {export.status}"
            + (f": {export.error}" if export.status == FAILED and export.error else "")
            + "; it can be downloaded once its status is done",
            "export_id",
        )
    path = exports_folder(instance) / export.file_name
    if not path.is_file() or path.stat().st_size != export.size:
        raise NotFound(
            ErrorCode.EXPORT_FILE_MISSING,
            f"export {export.id}'s file {export.file_name} is missing or changed on disk; request it again",
            "export_id",
        )
    record_event(
        db,
        EventKind.EXPORT_DOWNLOADED,
        f"export:{export.id}",
        {"file": export.file_name, "size": export.size, "sha256": export.sha256},
        user.id,
        at=now,
    )
    return path


class ExportFileJson(TypedDict):
    name: Annotated[str, "the ZIP's file name on the server"]
    size: Annotated[int, "the ZIP's size in bytes"]
    sha256: Annotated[str, "the ZIP's SHA-256, in hex"]


def export_file(export: Export) -> ExportFileJson | None:
    """The built ZIP; None until the export is done (the build stores its
    name, size and digest with the status)."""
    if export.status != DONE or export.file_name is None or export.size is None or export.sha256 is None:
        return None
    return {"name": export.file_name, "size": export.size, "sha256": export.sha256}


def percent(export: Export) -> float:
    return percent_of(export.status, export.done, export.total)
