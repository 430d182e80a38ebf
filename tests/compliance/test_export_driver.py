"""On PostgreSQL an export's long files are streamed by the driver
(service.store.driver_rows) in a transaction whose times are in UTC: the
rows are the ones SQLAlchemy reads, and the files the same bytes as when
every row went through SQLAlchemy in another time zone. On SQLite every
row still goes through SQLAlchemy."""

from __future__ import annotations

import zipfile
from contextlib import closing
from dataclasses import replace

import psycopg
import pytest
from sqlalchemy import func, select, text

import service.compliance.export_build
import service.compliance.export_queries
from service.audit.chain import seal_batch
from service.compliance.export_build import _scope, build_export
from service.compliance.export_files import FILES
from service.compliance.export_queries import take_cut
from service.store.driver_rows import driver_query, streamed
from service.store.models import AuditEvent, Export, GameTable
from service.store.work import unit_of_work
from tests.compliance.exports_support import URL, floor, period  # noqa: F401 (floor: the fixture, used by name)
from tests.support.app import databases

pytestmark = [pytest.mark.store, pytest.mark.usefixtures("floor")]
#: the long files, and rated_seats.csv and cash_ins.csv: none of their columns needs SQLAlchemy's
#: conversion, so psycopg reads them straight (and the rows are compared below)
STREAMED = {
    "rounds.csv",
    "seats.csv",
    "audit_events.csv",
    "audit_chain.jsonl",
    "rated_seats.csv",
    "cash_ins.csv",
}
SIGNED = {"manifest.json", "manifest.sig"}  # the export's own id, times and signature


def seal(app) -> None:
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.mark.parametrize("chunked", [True, False], ids=["chunks", "a row at a time (libpq before 17)"])
def test_the_driver_reads_the_rows_sqlalchemy_reads(app, client, as_role, monkeypatch, chunked):
    if not chunked:
        monkeypatch.setattr(psycopg.capabilities, "has_stream_chunked", lambda check=False: False)
    seal(app)
    asked = client.post(URL, json=period(), headers=as_role["compliance"]).json
    with databases(app)() as db:
        postgresql = db.get_bind().dialect.name == "postgresql"
        export = db.get_one(Export, asked["id"])
        scope = _scope(db, export, list(db.scalars(select(GameTable))))
        for spec in FILES:
            query = spec.query(scope)
            driven = driver_query(db.connection(), query)
            if not postgresql:
                assert driven is None
                continue
            # The files with a UTCDateTime column are read through SQLAlchemy, which converts it.
            assert (driven is not None) == (spec.name in STREAMED), spec.name
            if driven is None:
                continue
            with closing(streamed(db.connection(), driven, 2)) as rows:
                read = list(rows)
            assert read == [tuple(row) for row in db.execute(query)], spec.name
            # The floor rates no seat and takes no player's cash: a rated
            # day's rated_seats.csv and cash_ins.csv are read on PostgreSQL
            # by tests/compliance/test_rating_export.py and test_cash_export.py.
            assert read or spec.name in {"rated_seats.csv", "cash_ins.csv"}, spec.name


@pytest.mark.parametrize("zone", ["UTC", "America/St_Johns"])
def test_an_export_is_the_same_bytes_read_either_way(app, client, as_role, settings, monkeypatch, zone):
    seal(app)
    first, second = (client.post(URL, json=period(), headers=as_role["compliance"]).json for _ in range(2))
    with databases(app)() as db:
        cut = take_cut(db)
    # Both as of one cut: the first build's own events are not in the second.
    monkeypatch.setattr(service.compliance.export_build, "take_cut", lambda _db: cut)
    assert build_export(databases(app), first["id"], settings.instance, batch=3) is True
    # The second as before the driver: every row through SQLAlchemy, in another zone.
    monkeypatch.setattr(service.compliance.export_queries, "driver_query", lambda *_: None)
    monkeypatch.setattr(
        service.compliance.export_build,
        "_utc_times",
        lambda db: db.execute(text(f"SET LOCAL TIME ZONE '{zone}'")),
    )
    assert build_export(databases(app), second["id"], settings.instance, batch=3) is True
    with databases(app)() as db:
        built = [db.get_one(Export, asked["id"]) for asked in (first, second)]
    assert [export.manifest["files"] for export in built] == [built[0].manifest["files"]] * 2
    archives = [zipfile.ZipFile(settings.instance / "exports" / export.file_name) for export in built]
    names = archives[0].namelist()
    assert names == archives[1].namelist()
    assert set(names) >= STREAMED
    for name in set(names) - SIGNED:
        assert archives[0].read(name) == archives[1].read(name), name
    assert archives[0].read("audit_chain.jsonl").count(b"\n") > 10


def test_a_failure_mid_stream_leaves_the_session_usable(app, client, as_role, settings, monkeypatch):
    """The stream is closed (the rest cancelled) before the failure is
    recorded: the export is marked failed, and a rerun builds it."""
    seal(app)
    asked = client.post(URL, json=period(), headers=as_role["compliance"]).json
    events = next(spec for spec in FILES if spec.name == "audit_events.csv")
    written = 0

    def failing(_db):
        def line(row):
            nonlocal written
            written += 1
            if written == 5:
                raise RuntimeError("stopped mid-file")
            return list(row)

        return line

    files = tuple(replace(events, lines=failing) if spec is events else spec for spec in FILES)
    monkeypatch.setattr(service.compliance.export_build, "FILES", files)
    with pytest.raises(RuntimeError, match="stopped mid-file"):
        build_export(databases(app), asked["id"], settings.instance, batch=2)
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("failed", "RuntimeError: stopped mid-file")
    monkeypatch.setattr(service.compliance.export_build, "FILES", FILES)
    assert build_export(databases(app), asked["id"], settings.instance) is True
