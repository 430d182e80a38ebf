"""Building a compliance export (the worker's part).

An export is a ZIP under ``<instance>/exports/``: the CSV files (the
rounds, and the table accounting records), the audit chain and its
signed heads of :mod:`service.compliance.export_files`, then ``manifest.json`` with the
report's metadata and every file's row count, size and SHA-256, and
``manifest.sig``, its Ed25519 signature (:mod:`service.compliance.export_check`).

The build streams: rows are read in batches and written straight into the
ZIP on disk, so memory stays flat with size. The ZIP is written under a
temporary name, synced and renamed only when complete, so a half-written
file is never offered. Progress (``done`` of ``total`` rows) is saved in
short transactions of its own as the build goes.

The job is idempotent: an export already done is left alone; one that was
running or failed starts over from nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy import text as sql_text
from sqlalchemy.exc import SQLAlchemyError

from service.audit.event_mac import settings_for
from service.audit.events import record_event
from service.audit.keys import signer
from service.audit.kinds import EventKind
from service.compliance.export_accounting import accounting_window
from service.compliance.export_check import MANIFEST, SIGNATURE, sign_manifest
from service.compliance.export_files import FILES, ExportFile
from service.compliance.export_manifest import Manifest, ManifestFile, manifest_of
from service.compliance.export_queries import (
    BATCH,
    Line,
    Scope,
    audit_window,
    count,
    stream,
    take_cut,
    widened_window,
)
from service.compliance.export_trail import trail_bounds
from service.compliance.export_writer import Member, write_file
from service.compliance.exports import exports_folder
from service.jobs.progress import DONE, FAILED, RUNNING, save_progress
from service.store.db import Databases, Db, utc_now
from service.store.models import Export, GameTable
from service.store.work import unit_of_work
from service.tables.tables import list_tables

# Deflate's fastest level: the files are the same bytes whatever the level,
# and level 6 (zlib's default) took over three times the CPU of level 1
# for a ZIP a fifth smaller (0.77 s against 0.21 s for the 42 MB of a
# 19,200-round export: 6.6 MB against 8.1 MB), an eighth of its CPU.
LEVEL = 1
# Rows between progress saves: each is a commit (a sync to disk), which cost
# more than the rows between them when it came every thousand.
PROGRESS_EVERY = 25_000

log = logging.getLogger(__name__)


def build_export(
    databases: Databases,
    export_id: int,
    instance: Path,
    progress_every: int = PROGRESS_EVERY,
    batch: int = BATCH,
) -> bool:
    """Build the export's ZIP; ``False`` when it was done already. On any
    failure the export is marked failed with the message, and the error
    raised again so the job is retried."""
    with unit_of_work(databases) as db:
        export = db.scalar(select(Export).where(Export.id == export_id).with_for_update())
        if export is None:
            raise LookupError(f"no export with id {export_id}")
        if export.status == DONE:
            return False
        # A rerun (a retry, the sweep) starts over: nothing of an earlier try is kept.
        export.status, export.done, export.total, export.error = RUNNING, 0, 0, None
        export.file_name = export.size = export.sha256 = export.manifest = export.finished_at = None
    folder = exports_folder(instance)
    partial = folder / f".export-{export_id}.zip.part"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        built = _build(databases, export_id, folder, partial, progress_every, batch)
        _finish(databases, export_id, built)
    except Exception as error:
        with contextlib.suppress(OSError):  # the folder itself may be what failed
            partial.unlink(missing_ok=True)
        _fail(databases, export_id, error)
        raise
    return True


@dataclass(frozen=True)
class Built:
    file_name: str
    size: int
    sha256: str
    rows: int
    manifest: Manifest


def _build(
    databases: Databases,
    export_id: int,
    folder: Path,
    partial: Path,
    progress_every: int,
    batch: int,
) -> Built:
    with databases() as db:
        if db.get_bind().dialect.name == "postgresql":
            # One snapshot for every file (SQLite: the cut keeps them in step).
            db.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            _utc_times(db)
        export = db.get_one(Export, export_id)
        tables = list_tables(db)
        if export.table_ids is not None:
            tables = [table for table in tables if table.id in export.table_ids]
        generated_at = utc_now()
        scope = _scope(db, export, tables)
        total = sum(count(db, spec.query(scope)) for spec in FILES)
        _save_progress(databases, export_id, 0, total)
        done = 0

        def written(rows: int) -> None:
            nonlocal done
            before, done = done, done + rows
            if done // progress_every > before // progress_every:  # passed a multiple
                _save_progress(databases, export_id, done, max(total, done))

        at = generated_at
        stamp = (at.year, at.month, at.day, at.hour, at.minute, at.second)  # the members' times, UTC
        with partial.open("wb") as raw:
            with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED, compresslevel=LEVEL) as archive:
                files = []
                for spec in FILES:
                    bound = spec.bound(db)
                    with stream(db, spec.query(scope), batch) as rows:
                        files.append(_write_member(archive, stamp, bound, rows, written))
                manifest = manifest_of(db, export, scope, tables, files, generated_at)
                text = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
                # Signed by the workers' key, which the database never holds:
                # the export checks offline (breakpoker audit verify-export).
                signed = sign_manifest(signer(settings_for(db)), text)
                for member, content in ((MANIFEST, text), (SIGNATURE, json.dumps(signed, indent=2).encode())):
                    archive.writestr(_deflated(member, stamp), content)
            raw.flush()
            os.fsync(raw.fileno())
    name = f"export-{export_id}-{export.first_day.isoformat()}-{export.last_day.isoformat()}.zip"
    size, digest = _size_and_digest(partial)
    os.replace(partial, folder / name)  # whole or not at all
    _sync_folder(folder)
    return Built(name, size, digest, done, manifest)


def _utc_times(db: Db) -> None:
    """PostgreSQL: this transaction's times in UTC. The files show times in
    UTC: the driver then gives them in UTC, which ``astimezone`` leaves as
    they are, where converting each from the server's zone cost more than
    the rest of its cell. Only the zone the driver reads times in changes:
    no query of the export turns a time into a date or text."""
    db.execute(sql_text("SET LOCAL TIME ZONE 'UTC'"))


def _scope(db: Db, export: Export, tables: list[GameTable]) -> Scope:
    """What the export covers, as of now: the period's tables and the UTC
    window of their gaming days, widened to every round placed in them and
    every event of their table accounting records."""
    start, end = audit_window(tables, export.first_day, export.last_day)
    ids = tuple(export.table_ids) if export.table_ids is not None else None
    scope = Scope(export.first_day, export.last_day, ids, start, end, take_cut(db))
    # Rounds placed under an earlier zone or schedule: their events too.
    start, end = widened_window(db, scope)
    # Sessions that ran past their day's end, drops counted the next morning.
    start, end = accounting_window(db, replace(scope, window_start=start, window_end=end))
    return trail_bounds(db, replace(scope, window_start=start, window_end=end))


def _write_member(
    archive: zipfile.ZipFile,
    stamp: tuple[int, int, int, int, int, int],
    spec: ExportFile,
    rows: Iterator[Line],
    written: Callable[[int], None],
) -> ManifestFile:
    """One file into the ZIP as its rows come; its entry in the manifest."""
    with archive.open(_deflated(spec.name, stamp), "w", force_zip64=True) as stream_in_zip:
        member = Member(stream_in_zip)
        number = write_file(member, spec, rows, written)
    return {
        "name": spec.name,
        "description": spec.description,
        "columns": list(spec.columns) if spec.columns is not None else None,
        "rows": number,
        "bytes": member.size,
        "sha256": member.sha256,
    }


def _deflated(name: str, stamp: tuple[int, int, int, int, int, int]) -> zipfile.ZipInfo:
    """A member's entry: its time, deflated at LEVEL. ``ZipFile.open`` takes
    the level only from the entry's ``_compresslevel``, which ZipFile sets
    itself for a member named by a string (3.13 keeps it as an alias of
    ``compress_level``); a string would take the clock's time instead."""
    info = zipfile.ZipInfo(name, date_time=stamp)
    info.compress_type = zipfile.ZIP_DEFLATED
    setattr(info, "_compresslevel", LEVEL)  # noqa: B010 (not in the type stubs)
    return info


def _size_and_digest(path: Path) -> tuple[int, str]:
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as file:
        while chunk := file.read(1 << 16):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def _sync_folder(folder: Path) -> None:
    """The rename itself survives a power cut once the folder is synced."""
    with contextlib.suppress(OSError):  # not every platform can open a folder
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _save_progress(databases: Databases, export_id: int, done: int, total: int) -> None:
    save_progress(databases, Export, export_id, done, total)


def _finish(databases: Databases, export_id: int, built: Built) -> None:
    with unit_of_work(databases) as db:
        export = db.get_one(Export, export_id)
        export.status, export.error = DONE, None
        export.done = export.total = built.rows
        export.file_name, export.size, export.sha256 = built.file_name, built.size, built.sha256
        # The column is a JSON boundary typed as a plain dict (older rows, other shapes).
        export.manifest = cast(dict[str, Any], built.manifest)
        export.finished_at = utc_now()
        record_event(
            db,
            EventKind.EXPORT_COMPLETED,
            f"export:{export_id}",
            {
                "file": built.file_name,
                "size": built.size,
                "sha256": built.sha256,
                "rows": {entry["name"]: entry["rows"] for entry in built.manifest["files"]},
            },
        )


def _fail(databases: Databases, export_id: int, error: Exception) -> None:
    message = f"{type(error).__name__}: {error}"[:1000]
    try:
        with unit_of_work(databases) as db:
            export = db.get(Export, export_id)
            if export is None:
                return
            export.status, export.error, export.finished_at = FAILED, message, utc_now()
            record_event(db, EventKind.EXPORT_FAILED, f"export:{export_id}", {"error": message})
    except SQLAlchemyError:
        # The database is what failed: the job's own error is raised all the
        # same, and the retry or the sweep picks the export up again.
        log.exception("could not mark export %s failed", export_id)
