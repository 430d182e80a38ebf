"""A pit boss's corrections of ratings in the compliance export
(``rating_corrections.csv``, the cut's ``rating_correction_id``) and in the
verification: each row matched to its sealed ``rating_corrected`` event,
so a correction edited, inserted by SQL or deleted in the database is
named; the late buy-in and the missed seat-out it wrote are checked as
every buy-in and seat-out is."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, func, select, text, update

from service.audit.chain import seal_batch
from service.compliance.accounting_verify import check_accounting
from service.compliance.export_build import build_export
from service.store.db import utc_now
from service.store.models import AuditEvent, Export, RatingCorrection, User
from service.store.work import unit_of_work
from tests.compliance.exports_support import period
from tests.compliance.rated_day import RatedDay, play_rated_day
from tests.support.app import databases

pytestmark = pytest.mark.store


@dataclass(frozen=True)
class Corrected:
    day: RatedDay
    buy_in_id: int
    seat_out_id: int


def correct(client, boss, rating_id, body):
    response = client.post(f"/api/v1/ratings/{rating_id}/corrections", json=body, headers=boss)
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def corrected(app, client, as_role, table):
    """The rated day, then Ann's walk corrected, and Bo's missed buy-in and
    seat-out recorded; every event sealed."""
    day = play_rated_day(app, client, as_role, table)
    boss = as_role["pit_boss"]
    correct(client, boss, day.ann, {"reason": "walked with a plaque", "chips_taken": 12_500})
    half_hour_ago = (datetime.now(UTC) - timedelta(minutes=30)).isoformat()
    bought = correct(
        client,
        boss,
        day.bo,
        {"reason": "missed", "buy_in": {"kind": "chips", "amount": 2_000, "at": half_hour_ago}},
    )
    now = datetime.now(UTC).isoformat()
    closed = correct(client, boss, day.bo, {"reason": "left", "seat_out": {"at": now, "chips_taken": 0}})
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    return Corrected(day, bought["buy_ins"][0]["id"], closed["steps"][-1]["id"])


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.subject, p.problem, p.differences) for p in report.problems]


def drop_trigger(app, name):
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = " ON rating_corrections" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER rating_corrections_no_{name}{on}"))


def test_corrected_rated_play_verifies_clean(app, corrected):
    with databases(app)() as db:
        report = check_accounting(db)
    # The rated day's 11 rows (its cash in among them) and 8 events, then 3
    # corrections, a buy-in and a seat-out.
    assert (report.intact, report.checked, report.events) == (True, 16, 13)


def test_a_correction_edited_is_named_with_its_field(app, corrected):
    drop_trigger(app, "update")
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(RatingCorrection).where(RatingCorrection.chips_taken == 12_500).values(chips_taken=1)
        )
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("rating_corrections", f"rating:{corrected.day.ann}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("chips_taken", 1, 12_500)


def test_a_correction_inserted_by_sql_is_named(app, corrected):
    with unit_of_work(databases(app)) as db:
        boss = db.scalar(select(User.id).where(User.name == "pit_boss"))
        db.add(
            RatingCorrection(
                rating_id=corrected.day.ann,
                kind="chips_taken",
                reason="forged",
                chips_taken=0,
                recorded_by=boss,
                recorded_at=utc_now(),
            )
        )
    assert problems(app) == [("rating_corrections", f"rating:{corrected.day.ann}", "event_missing", ())]


def test_a_correction_deleted_is_named(app, corrected):
    drop_trigger(app, "delete")
    with unit_of_work(databases(app)) as db:
        db.execute(delete(RatingCorrection).where(RatingCorrection.kind == "chips_taken"))
    assert problems(app) == [("rating_corrections", f"rating:{corrected.day.ann}", "record_missing", ())]


def test_the_corrections_are_exported_with_the_cut(app, client, as_role, settings, corrected):
    asked = client.post("/api/v1/compliance/exports", json=period(), headers=as_role["admin"])
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance)
    with databases(app)() as db:
        file_name = db.get_one(Export, asked.json["id"]).file_name
    archive = zipfile.ZipFile(settings.instance / "exports" / file_name)
    rows = list(csv.DictReader(io.StringIO(archive.read("rating_corrections.csv").decode(), newline="")))
    day = corrected.day
    assert [
        (
            r["rating_id"],
            r["club_number"],
            r["kind"],
            r["reason"],
            r["chips_taken"],
            r["buy_in_id"],
            r["rating_event_id"],
        )
        for r in rows
    ] == [
        (str(day.ann), "R1", "chips_taken", "walked with a plaque", "12500", "", ""),
        (str(day.bo), "R2", "buy_in", "missed", "", str(corrected.buy_in_id), ""),
        (str(day.bo), "R2", "seat_out", "left", "0", "", str(corrected.seat_out_id)),
    ]
    assert {r["recorded_by"] for r in rows} == {"pit_boss"}
    buy_ins = list(csv.DictReader(io.StringIO(archive.read("buy_ins.csv").decode(), newline="")))
    assert str(corrected.buy_in_id) in {b["buy_in_id"] for b in buy_ins}
    manifest = json.loads(archive.read("manifest.json"))
    files = {entry["name"]: entry for entry in manifest["files"]}
    assert files["rating_corrections.csv"]["rows"] == 3
    assert manifest["as_of"]["rating_correction_id"] == int(rows[-1]["correction_id"])
