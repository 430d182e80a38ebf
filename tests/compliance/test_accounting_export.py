"""A compliance export carries the table accounting records of its period:
the sessions with their opener and closer, each slip with its state and
signers, the drop counts and recounts, the check notes, each file in the
manifest with its rows and digest, and every record's event in the audit
files (a drop counted the next morning too)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from datetime import UTC, date, datetime, time, timedelta

import pytest
from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.compliance.export_build import build_export
from service.store.db import utc_now
from service.store.models import AuditEvent, Export, User
from service.store.work import unit_of_work
from tests.compliance.accounting_day import CLOSER, NOTE, RECOUNT, VOIDED, play_day
from tests.support.accounting import CREDIT, DROP, FILL, TRAY, close_table, ok, open_table
from tests.support.app import databases, sign_in

pytestmark = pytest.mark.store

URL = "/api/v1/compliance/exports"
FILES = ("table_sessions.csv", "slips.csv", "drop_counts.csv", "check_notes.csv")


class Clock:
    """The app's clock, moved by the test (sign-ins and records alike)."""

    def __init__(self) -> None:
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return utc_now() + self.ahead


@pytest.fixture
def clock(app):
    moved = Clock()
    app.extensions["breakpoker"]["clock"] = moved
    return moved


def new_table(client, admin, name):
    return ok(client.post("/api/v1/tables", json={"name": name}, headers=admin), 201)


def export(app, client, settings, day: date, tables: list[int]) -> zipfile.ZipFile:
    body = {"from": day.isoformat(), "to": day.isoformat(), "tables": tables}
    # Signed in now: the clock has moved since the fixture's sign-ins.
    asked = ok(client.post(URL, json=body, headers=sign_in(client, "compliance")), 202)
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=5_000)
    assert build_export(databases(app), asked["id"], settings.instance) is True
    with databases(app)() as db:
        file_name = db.get_one(Export, asked["id"]).file_name
    return zipfile.ZipFile(settings.instance / "exports" / file_name)


def csv_rows(archive, name):
    return list(csv.DictReader(io.StringIO(archive.read(name).decode(), newline="")))


@pytest.fixture
def exported(app, client, as_role, settings, clock, table):
    """A day at the table; another table open the same day, not asked for;
    the drop counts and the note the next day, after the day's end."""
    started = utc_now()

    def next_day() -> None:
        clock.ahead = timedelta(days=1, hours=1)  # past the gaming day's end (06:00 UTC)

    other = new_table(client, as_role["admin"], "BP-OTHER")
    played = play_day(client, table["id"], next_day)
    clock.ahead += timedelta(minutes=2)  # past the sign-in rate limit's window
    ok(open_table(client, other["id"]), 201)
    ok(close_table(client, other["id"]))
    day = date.fromisoformat(played["session"]["gaming_day"])
    archive = export(app, client, settings, day, [table["id"]])
    with databases(app)() as db:
        users = dict(db.execute(select(User.name, User.id)).all())
    assert played["drop"]["counted_at"] > (started + timedelta(days=1)).isoformat()
    return {"played": played, "archive": archive, "users": users, "table": table}


def test_the_sessions_file_carries_the_opener_and_the_closer(exported):
    played, archive, table = exported["played"], exported["archive"], exported["table"]
    session = played["session"]
    (row,) = csv_rows(archive, "table_sessions.csv")  # the other table's is left out
    assert row == {
        "session_id": str(session["id"]),
        "table_id": str(table["id"]),
        "table": "BP-1",
        "number": "1",
        "gaming_day": session["gaming_day"],
        "shift": str(session["shift"]),
        "opened_at_utc": session["opened_at"],
        "closed_at_utc": session["closed_at"],
        "opener_count_id": str(session["opener"]["id"]),
        "opener_lines": json.dumps(TRAY, sort_keys=True, separators=(",", ":")),
        "opener_total": str(sum(TRAY.values())),
        "opener_dealer": "dealer",
        "opener_pit_boss": "pit_boss",
        "opener_difference": "0",
        "opener_explanation": "",
        "closer_count_id": str(session["closer"]["id"]),
        "closer_lines": json.dumps(CLOSER, sort_keys=True, separators=(",", ":")),
        "closer_total": str(sum(CLOSER.values())),
        "closer_dealer": "dealer",
        "closer_pit_boss": "pit_boss",
    }


def test_the_slips_file_carries_each_slip_with_its_state_and_signers(exported):
    played, archive = exported["played"], exported["archive"]
    rows = {int(row["number"]): row for row in csv_rows(archive, "slips.csv")}
    fill, credit, voided = played["fill"], played["credit"], played["voided"]
    assert list(rows) == [fill["number"], credit["number"], voided["number"]]
    for slip, kind, lines in ((fill, "fill", FILL), (credit, "credit", CREDIT)):
        row = rows[slip["number"]]
        issued, received = slip["signatures"]
        assert {key: row[key] for key in ("kind", "state", "lines", "total", "requested_by")} == {
            "kind": kind,
            "state": "received",
            "lines": json.dumps(lines, sort_keys=True, separators=(",", ":")),
            "total": str(sum(lines.values())),
            "requested_by": "pit_boss2",
        }
        assert (row["issued_by"], row["issued_at_utc"]) == ("cage", issued["signed_at"])
        assert (row["received_by"], row["received_cosigned_by"], row["received_at_utc"]) == (
            "dealer",
            "pit_boss",
            received["signed_at"],
        )
        assert row["voided_by"] == row["voided_at_utc"] == row["void_reason"] == ""
    void = rows[voided["number"]]
    assert (void["state"], void["total"], void["issued_by"], void["received_by"]) == (
        "voided",
        str(sum(VOIDED.values())),
        "",
        "",
    )
    assert (void["voided_by"], void["voided_cosigned_by"], void["void_reason"]) == (
        "pit_boss",
        "cage",
        "asked twice",
    )
    assert void["voided_at_utc"] != ""


def test_the_drop_counts_file_carries_the_count_and_its_recount(exported):
    played, archive, users = exported["played"], exported["archive"], exported["users"]
    first, recount = played["drop"], played["recount"]
    rows = csv_rows(archive, "drop_counts.csv")
    assert [int(row["drop_count_id"]) for row in rows] == [first["id"], recount["id"]]
    assert rows[0] | {"counted_at_utc": None} == {
        "drop_count_id": str(first["id"]),
        "session_id": str(played["session"]["id"]),
        "table_id": str(exported["table"]["id"]),
        "table": "BP-1",
        "gaming_day": played["session"]["gaming_day"],
        "lines": json.dumps(DROP, sort_keys=True, separators=(",", ":")),
        "total": str(sum(DROP.values())),
        "counter_ids": f"{users['count']} {users['count2']}",
        "counters": "count, count2",
        "counted_at_utc": None,
        "supersedes_id": "",
        "superseded_by": str(recount["id"]),
        "reason": "",
        "current": "false",
    }
    later = rows[1]
    assert (later["total"], later["counters"], later["supersedes_id"], later["superseded_by"]) == (
        str(sum(RECOUNT.values())),
        "count2, count",
        str(first["id"]),
        "",
    )
    assert (later["reason"], later["current"]) == ("box recounted", "true")
    assert later["counted_at_utc"] == recount["counted_at"]


def test_the_check_notes_file_guards_the_note(exported):
    (row,) = csv_rows(exported["archive"], "check_notes.csv")
    assert (row["note"], row["written_by"]) == ("'" + NOTE, "pit_boss")  # it started with =
    assert row["session_id"] == str(exported["played"]["session"]["id"])


def test_the_manifest_lists_the_files_and_the_events_are_all_there(exported):
    archive, played = exported["archive"], exported["played"]
    manifest = json.loads(archive.read("manifest.json"))
    files = {entry["name"]: entry for entry in manifest["files"]}
    expected = {"table_sessions.csv": 1, "slips.csv": 3, "drop_counts.csv": 2, "check_notes.csv": 1}
    for name, rows in expected.items():
        content = archive.read(name)
        assert files[name]["rows"] == rows, name
        assert files[name]["sha256"] == hashlib.sha256(content).hexdigest(), name
        assert files[name]["bytes"] == len(content), name
        assert files[name]["columns"] == next(csv.reader(io.StringIO(content.decode()))), name
    as_of = manifest["as_of"]
    assert as_of["table_session_id"] == 2  # the other table's session is the newest
    assert as_of["drop_count_id"] == played["recount"]["id"]
    events = csv_rows(archive, "audit_events.csv")
    session_id = played["session"]["id"]
    kinds = [row["kind"] for row in events if row["subject"] == f"session:{session_id}"]
    assert kinds == ["session_opened", "session_closed", "drop_counted", "drop_counted", "check_noted"]
    chained = [json.loads(line)["event"] for line in archive.read("audit_chain.jsonl").decode().splitlines()]
    slips = [event for event in chained if event["subject"].startswith("slip:")]
    assert len(slips) == 3 + 2 + 2 + 1  # requested, issued, received, voided
    # The window reaches the drop counted the next day, past the gaming day's end.
    window = manifest["period"]["audit_window_utc"]
    day_ends = datetime.combine(date.fromisoformat(played["session"]["gaming_day"]), time(6), UTC)
    counted = datetime.fromisoformat(played["recount"]["counted_at"])
    assert counted > day_ends + timedelta(days=1)
    assert datetime.fromisoformat(window["to"]) > counted
