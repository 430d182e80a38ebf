"""Asking for an export: who may, bad requests refused naming the field, the
first and last gaming days, and the audit window across schedules."""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import func, select

import service.audit.events
import service.compliance.export_build
import service.compliance.export_writer
import service.rounds.entering
from service.audit.chain import seal_batch
from service.compliance.export_build import build_export
from service.rounds.entering import enter_round
from service.store.models import (
    AuditEvent,
    Export,
    GameTable,
    User,
)
from service.store.work import unit_of_work
from service.tables.tables import change_schedule
from tests.compliance import exports_support
from tests.compliance.exports_support import URL, csv_rows, new_table, period, request
from tests.support.app import databases
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = exports_support.app


def test_only_compliance_and_admin_may_export(client, as_role, table):
    asked = request(client, as_role["compliance"])
    assert asked.status_code == 202
    export_id = asked.json["id"]
    for role in ("dealer", "pit_boss"):
        for method, url in (
            ("POST", URL),
            ("GET", URL),
            ("GET", f"{URL}/{export_id}"),
            ("GET", f"{URL}/{export_id}/download"),
        ):
            response = client.open(
                url, method=method, json=period() if method == "POST" else None, headers=as_role[role]
            )
            assert response.status_code == 403, (role, url)
            assert response.json["code"] == "forbidden"
    assert request(client, as_role["admin"]).status_code == 202
    assert client.get(f"{URL}/{export_id}", headers=as_role["admin"]).status_code == 200
    assert client.get(f"{URL}/{export_id}").status_code == 401
    assert client.get(f"{URL}/9999", headers=as_role["compliance"]).status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"from": "2026-13-01", "to": "2026-12-01"}, 422, "from"),
        ({"from": "2026-11-01"}, 422, "to"),
        ({"from": "2026-11-02", "to": "2026-11-01"}, 422, "to"),
        ({"from": "2025-01-01", "to": "2026-01-02"}, 422, "to"),  # 367 days: one too many
        # No room for the audit window's UTC times (the worker overflowed):
        ({"from": "9999-12-31", "to": "9999-12-31"}, 422, "from"),
        ({"from": "9998-12-31", "to": "9999-01-01"}, 422, "to"),
        ({"from": "0001-01-01", "to": "0001-01-02"}, 422, "from"),
        ({"from": "1899-12-31", "to": "1900-01-01"}, 422, "from"),
        ({"from": "2026-11-01", "to": "2026-11-01", "tables": [9999]}, 422, "tables"),
        ({"from": "2026-11-01", "to": "2026-11-01", "tables": []}, 422, "tables"),
        ({"from": "2026-11-01", "to": "2026-11-01", "tables": ["1"]}, 422, "tables.0"),
        ({"from": "2026-11-01", "to": "2026-11-01", "shift": 1}, 422, "shift"),
        ([], 400, "body"),
    ],
)
def test_bad_requests_are_refused_naming_the_field(client, as_role, table, body, status, field):
    response = client.post(URL, json=body, headers=as_role["compliance"])
    assert response.status_code == status, response.json
    assert response.json["field"] == field
    assert field.split(".")[0] in response.json["message"] or field == "body"
    leap_year = {"from": "2024-01-01", "to": "2024-12-31"}  # 366 days: the most
    assert client.post(URL, json=leap_year, headers=as_role["compliance"]).status_code == 202
    not_json = client.post(URL, data="from=2026-01-01", headers=as_role["compliance"])
    assert not_json.status_code in (400, 415, 422)
    assert client.get(f"{URL}?sort=asc", headers=as_role["compliance"]).json["field"] == "sort"


def test_the_first_and_last_gaming_days_that_leave_room_for_the_window(app, client, as_role, redis_settings):
    for day in ("1900-01-01", "9998-12-31"):
        asked = client.post(URL, json={"from": day, "to": day}, headers=as_role["compliance"])
        assert asked.status_code == 202, asked.json
        assert build_export(databases(app), asked.json["id"], redis_settings.instance) is True


def test_the_audit_window_covers_rounds_placed_under_an_earlier_schedule(
    app, client, as_role, redis_settings, monkeypatch
):
    """A round keeps the gaming day it was placed in; the window must still
    reach its round_settled event after the table's zone changes."""
    day = date(2026, 11, 29)
    # The round's event a few milliseconds after its entered_at, as versions
    # before the injected clock stamped it (the export must still reach it).
    real_record_settled = service.rounds.entering.record_settled

    def record_settled_later(db, record, version, digest, actor, at, **extra):
        real_record_settled(db, record, version, digest, actor, at + timedelta(milliseconds=5), **extra)

    monkeypatch.setattr(service.rounds.entering, "record_settled", record_settled_later)
    table = new_table(client, as_role["admin"], "BP-MOVED")  # UTC, the day from 06:00
    late = datetime(2026, 11, 29, 21, 53, 0, 123456, UTC)  # gaming day 29 in UTC
    early = datetime(2026, 11, 28, 17, 0, tzinfo=UTC)  # 07:00 on the 29th in Kiritimati (UTC+14)

    def settle(round_id, now, zone):
        with unit_of_work(databases(app)) as db:
            game = db.get_one(GameTable, table["id"])
            dealer = db.scalars(select(User).where(User.name == "dealer")).one()
            record = enter_round(
                db, game, dealer, round_body(round_id), round_id, now, sessionless=True
            ).record
            assert record.gaming_day == day
            admin = db.scalars(select(User).where(User.name == "admin")).one()
            change_schedule(db, game, admin, timezone=zone)
            return record.id

    def exported():
        asked = client.post(
            URL, json={"from": day.isoformat(), "to": day.isoformat()}, headers=as_role["admin"]
        )
        assert asked.status_code == 202, asked.json
        with unit_of_work(databases(app)) as db:
            seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=5_000)
        assert build_export(databases(app), asked.json["id"], redis_settings.instance) is True
        with databases(app)() as db:
            file_name = db.get_one(Export, asked.json["id"]).file_name
        archive = zipfile.ZipFile(redis_settings.instance / "exports" / file_name)
        rounds = {int(row["record_id"]) for row in csv_rows(archive, "rounds.csv")}
        settled = {
            row["subject"]: row
            for row in csv_rows(archive, "audit_events.csv")
            if row["kind"] == "round_settled"
        }
        chained = {
            link["event"]["subject"]
            for link in map(json.loads, archive.read("audit_chain.jsonl").decode().splitlines())
            if link["event"]["kind"] == "round_settled"
        }
        window = json.loads(archive.read("manifest.json"))["period"]["audit_window_utc"]
        return rounds, settled, chained, window

    at_late = settle("late-night", late, "Pacific/Kiritimati")
    # Kiritimati's gaming day 29 is 16:00 on the 28th to 16:00 on the 29th, UTC.
    rounds, settled, chained, window = exported()
    assert rounds == {at_late}
    assert set(settled) == set(chained) == {f"round:{at_late}"}
    assert datetime.fromisoformat(settled[f"round:{at_late}"]["occurred_at_utc"]) == late + timedelta(
        milliseconds=5
    )
    assert datetime.fromisoformat(window["from"]) == datetime(2026, 11, 28, 16, tzinfo=UTC)
    assert datetime.fromisoformat(window["to"]) > late + timedelta(milliseconds=5)

    at_early = settle("early-morning", early, "America/Los_Angeles")
    # Los Angeles' gaming day 29 is 14:00 on the 29th to 14:00 on the 30th, UTC.
    rounds, settled, chained, window = exported()
    assert rounds == {at_late, at_early}
    assert set(settled) == set(chained) == {f"round:{at_late}", f"round:{at_early}"}
    assert datetime.fromisoformat(window["from"]) == early
    assert datetime.fromisoformat(window["to"]) == datetime(2026, 11, 30, 14, tzinfo=UTC)
