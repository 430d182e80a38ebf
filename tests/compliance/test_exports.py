"""Compliance exports: requested through the API, built by a real worker,
downloaded, and read back: every file against what was entered, every
file's SHA-256 and row count against the manifest, the audit chain
re-verified offline; progress, failures, roles, and memory that stays flat."""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import json
import tracemalloc
import zipfile
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from importlib.metadata import version
from pathlib import Path

import pytest
from rq.job import Job, JobStatus
from rq.registry import CanceledJobRegistry, FailedJobRegistry
from rq.serializers import JSONSerializer
from sqlalchemy import func, insert, select, update

import service.audit.events
import service.compliance.export_build
import service.compliance.export_writer
import service.rounds.entering
from service.audit.chain import GENESIS, link_hash, seal_batch
from service.compliance.export_build import build_export
from service.compliance.export_cells import FORMULA_STARTS, cell
from service.compliance.export_files import FILES
from service.compliance.export_writer import Member, write_file
from service.config.redis_server import connect
from service.jobs.queues import QueueName, queue, status_of
from service.rounds.entering import enter_round
from service.store.db import unit_of_work, utc_now
from service.store.models import (
    AuditEvent,
    AuditSeal,
    Export,
    GameTable,
    OutboxEntry,
    RoundRecord,
    SeatRecord,
    User,
)
from service.tables.tables import change_schedule
from tests.support.app import sessions, sign_in
from tests.support.background import run_burst
from tests.support.rounds_data import enter, number_round_ids, round_body
from tests.support.tamper import authenticate
from workers.queues import enqueue
from workers.sweep import reconcile

pytestmark = pytest.mark.store

URL = "/api/v1/compliance/exports"
NAMES = {
    "rounds.csv",
    "seats.csv",
    "exceptions.csv",
    "round_decks.csv",
    "table_sessions.csv",
    "slips.csv",
    "drop_counts.csv",
    "check_notes.csv",
    "audit_events.csv",
    "audit_chain.jsonl",
    "audit_head_signatures.jsonl",
    "manifest.json",
    "manifest.sig",
}


@pytest.fixture
def app(app_with_par_sheet):
    """The conftest app, on the test's Redis (the export runs on a worker)."""
    return app_with_par_sheet


def period() -> dict[str, str]:
    """Gaming days around now in any zone: yesterday to tomorrow (UTC)."""
    today = datetime.now(UTC).date()
    return {"from": (today - timedelta(days=1)).isoformat(), "to": (today + timedelta(days=1)).isoformat()}


def new_table(client, admin, name, zone="UTC", **more):
    response = client.post("/api/v1/tables", json={"name": name, "timezone": zone, **more}, headers=admin)
    assert response.status_code == 201, response.json
    return response.json


def decide(client, exception_id, boss2, approve, note=""):
    verb = "approve" if approve else "reject"
    response = client.post(f"/api/v1/exceptions/{exception_id}/{verb}", json={"note": note}, headers=boss2)
    assert response.status_code == 200, response.json
    return response.json


def get_round(client, headers, record_id):
    return client.get(f"/api/v1/rounds/{record_id}", headers=headers).json


def request(client, headers, **body):
    return client.post(URL, json={**period(), **body}, headers=headers)


def enter_with_number_id(*args, **changes):
    with number_round_ids():
        return enter(*args, **changes)


def csv_rows(archive, name):
    text = archive.read(name).decode()
    assert text.endswith("\r\n") or text == ""
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.fixture
def floor(client, as_role):
    """Three tables (one in Tokyo); rounds at each; a void approved, a
    correction approved, a void rejected."""
    admin, dealer, boss = as_role["admin"], as_role["dealer"], as_role["pit_boss"]
    boss2 = sign_in(client, "pit_boss2")
    one, tokyo, other = (
        new_table(client, admin, "BP-1"),
        new_table(client, admin, "BP-TYO", "Asia/Tokyo", currency="JPY"),
        new_table(client, admin, "BP-3"),
    )
    rounds = {
        "r1": enter(client, dealer, one, "r1"),
        "r2": enter(client, dealer, one, "r2"),
        "r3": enter(client, dealer, one, "r3"),
        # A hand-set seat and an integer round id (stored before a round id
        # had to be a string).
        7: enter_with_number_id(
            client,
            dealer,
            tokyo,
            7,
            seats=[
                {
                    "seat": 1,
                    "cards": ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"],
                    "setting": {"low": ["Ah", "Kd"], "high": ["Td", "8c", "6h"]},
                    "bets": {"main": 2500},
                }
            ],
        ),
        # What a spreadsheet would run as a formula.
        "=HYPERLINK": enter(client, dealer, tokyo, '=HYPERLINK("http://x","y")'),
        "elsewhere": enter(client, dealer, other, "x1"),
    }
    void = client.post(f"/api/v1/rounds/{rounds['r2']['id']}/void", json={"reason": "misdeal"}, headers=boss)
    assert void.status_code == 201, void.json
    decide(client, void.json["id"], boss2, True, "seen on camera")
    corrected = round_body("r3")
    corrected["seats"][0]["bets"]["main"] = 3000
    correction = client.post(
        f"/api/v1/rounds/{rounds['r3']['id']}/corrections",
        json={"reason": "=1+1 keyed 10, bet 30", "round": corrected},
        headers=boss,
    )
    assert correction.status_code == 201, correction.json
    approved = decide(client, correction.json["id"], boss2, True)
    rounds["r3#1"] = approved["round_after"]
    rejected = client.post(f"/api/v1/rounds/{rounds['r1']['id']}/void", json={"reason": "?"}, headers=boss)
    assert rejected.status_code == 201, rejected.json
    decide(client, rejected.json["id"], boss2, False, "no misdeal")
    exceptions = {
        "void": void.json["id"],
        "correction": correction.json["id"],
        "rejected": rejected.json["id"],
    }
    return {"tables": (one, tokyo, other), "rounds": rounds, "exceptions": exceptions}


def test_an_export_read_back_and_its_manifest_checked(app, client, as_role, floor, redis_settings):
    compliance = as_role["compliance"]
    one, tokyo, _other = floor["tables"]
    rounds = floor["rounds"]
    asked = request(client, compliance, tables=[tokyo["id"], one["id"], one["id"]])
    assert asked.status_code == 202, asked.json
    export = asked.json
    assert asked.headers["Location"] == f"{URL}/{export['id']}"
    assert (export["from"], export["to"]) == (period()["from"], period()["to"])
    assert (export["status"], export["tables"], export["requested_by"]) == (
        "queued",
        sorted([one["id"], tokyo["id"]]),
        "compliance",
    )
    assert export["progress"] == {"done": 0, "total": 0, "percent": 0.0}
    assert "download" not in export["links"]
    early = client.get(f"{URL}/{export['id']}/download", headers=compliance)
    assert early.status_code == 409
    assert early.json["code"] == "export_not_ready"
    assert "queued" in early.json["message"]

    run_burst(redis_settings)

    shown = client.get(f"{URL}/{export['id']}", headers=compliance).json
    assert shown["status"] == "done", shown
    assert shown["progress"]["percent"] == 100.0
    assert shown["progress"]["done"] == shown["progress"]["total"] > 0
    assert shown["links"]["download"] == f"{URL}/{export['id']}/download"
    listed = client.get(URL, headers=as_role["admin"]).json
    assert [item["id"] for item in listed["items"]] == [export["id"]]
    assert listed["items"][0]["manifest"] is None  # the list stays small

    got = client.get(shown["links"]["download"], headers=compliance)
    assert got.status_code == 200
    assert got.mimetype == "application/zip"
    disposition = got.headers["Content-Disposition"]
    assert f"breakpoker-export-{export['id']}-{period()['from']}-to-{period()['to']}.zip" in disposition
    data = got.get_data()
    assert hashlib.sha256(data).hexdigest() == shown["file"]["sha256"]
    assert len(data) == shown["file"]["size"]
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert set(archive.namelist()) == NAMES
    assert archive.testzip() is None

    manifest = json.loads(archive.read("manifest.json"))
    assert manifest == shown["manifest"]
    check_manifest(manifest, archive, export, as_role)
    check_rounds(archive, rounds, client, as_role)
    check_seats(archive, rounds, client, as_role)
    check_exceptions(archive, floor["exceptions"], rounds)
    check_audit(app, archive, export["id"])

    with sessions(app)() as session:
        downloaded = session.scalars(select(AuditEvent).where(AuditEvent.kind == "export_downloaded")).all()
        compliance_id = session.scalars(select(User.id).where(User.name == "compliance")).one()
        assert [(e.subject, e.actor_id) for e in downloaded] == [(f"export:{export['id']}", compliance_id)]
        kinds = set(
            session.scalars(select(AuditEvent.kind).where(AuditEvent.subject == f"export:{export['id']}"))
        )
        assert kinds == {"export_requested", "export_completed", "export_downloaded"}
    # A second run of the job for a finished export changes nothing.
    assert build_export(sessions(app), export["id"], redis_settings.instance) is False


def check_manifest(manifest, archive, export, as_role):
    assert manifest["title"] == "Break Poker compliance export"
    assert manifest["software"] == {"name": "breakpoker", "version": version("breakpoker")}
    assert manifest["export_id"] == export["id"]
    assert manifest["requested_by"]["name"] == "compliance"
    assert manifest["period"]["first_gaming_day"] == period()["from"]
    assert manifest["period"]["last_gaming_day"] == period()["to"]
    window = manifest["period"]["audit_window_utc"]
    first, last = date.fromisoformat(period()["from"]), date.fromisoformat(period()["to"])
    # Tokyo's gaming day starts 06:00 JST (21:00 UTC the day before); UTC's at 06:00 UTC.
    assert datetime.fromisoformat(window["from"]) == datetime.combine(first, datetime.min.time(), UTC) - (
        timedelta(hours=3)
    )
    assert datetime.fromisoformat(window["to"]) == datetime.combine(last, datetime.min.time(), UTC) + (
        timedelta(days=1, hours=6)
    )
    assert [table["name"] for table in manifest["tables"]] == ["BP-1", "BP-TYO"]
    ids = [table["id"] for table in manifest["tables"]]
    assert manifest["currencies"] == [
        {"table_id": ids[0], "code": "USD", "minor_unit": 2},
        {"table_id": ids[1], "code": "JPY", "minor_unit": 0},
    ]
    generated = datetime.fromisoformat(manifest["generated_at_utc"])
    assert generated.utcoffset() == timedelta(0)
    assert abs(utc_now() - generated) < timedelta(minutes=5)
    assert "'" in manifest["conventions"]["formula_guard"]
    files = {entry["name"]: entry for entry in manifest["files"]}
    assert set(files) == NAMES - {"manifest.json", "manifest.sig"}
    for name, entry in files.items():
        content = archive.read(name)
        assert entry["sha256"] == hashlib.sha256(content).hexdigest(), name
        assert entry["bytes"] == len(content), name
        lines = content.decode().splitlines()
        header = 1 if name.endswith(".csv") else 0
        assert entry["rows"] == len(lines) - header, name
    total = sum(entry["rows"] for entry in files.values())
    assert total > 0


def check_rounds(archive, rounds, client, as_role):
    rows = {int(row["record_id"]): row for row in csv_rows(archive, "rounds.csv")}
    chosen = {key: found for key, found in rounds.items() if key != "elsewhere"}
    assert set(rows) == {found["id"] for found in chosen.values()}
    statuses = {key: rows[found["id"]]["status"] for key, found in chosen.items()}
    assert statuses == {
        "r1": "settled",
        "r2": "void",
        "r3": "superseded",
        "r3#1": "settled",
        7: "settled",
        "=HYPERLINK": "settled",
    }
    assert rows[rounds["r3"]["id"]]["superseded_by"] == str(rounds["r3#1"]["id"])
    replacement = rows[rounds["r3#1"]["id"]]
    assert (replacement["revision"], replacement["supersedes_id"], replacement["round_id"]) == (
        "1",
        str(rounds["r3"]["id"]),
        "r3",
    )
    assert rows[rounds[7]["id"]]["round_id"] == "7"
    assert rows[rounds["=HYPERLINK"]["id"]]["round_id"] == """'=HYPERLINK("http://x","y")"""
    for key, found in chosen.items():
        stored = get_round(client, as_role["admin"], found["id"])
        row = rows[found["id"]]
        assert row["table_id"] == str(stored["table_id"])
        assert row["table"] == ("BP-TYO" if key in (7, "=HYPERLINK") else "BP-1")
        assert row["currency"] == ("JPY" if key in (7, "=HYPERLINK") else "USD")
        assert int(row["house_net"]) == stored["house_net"]
        assert row["dealer_cards"] == " ".join(stored["dealer"]["cards"])
        assert row["entered_by"] == "dealer"
        assert datetime.fromisoformat(row["entered_at_utc"]) == datetime.fromisoformat(stored["entered_at"])
        assert row["gaming_day"] == stored["gaming_day"]
        assert (int(row["shift"]), int(row["utc_offset_minutes"])) == (
            stored["shift"],
            stored["utc_offset_minutes"],
        )
        assert int(row["config_version"]) == stored["config_version"]
    assert rows[rounds[7]["id"]]["utc_offset_minutes"] == "540"


def check_seats(archive, rounds, client, as_role):
    rows = csv_rows(archive, "seats.csv")
    by_record = {}
    for row in rows:
        by_record.setdefault(int(row["record_id"]), []).append(row)
    chosen = [found for key, found in rounds.items() if key != "elsewhere"]
    assert set(by_record) == {found["id"] for found in chosen}
    for found in chosen:
        stored = get_round(client, as_role["admin"], found["id"])
        seats = by_record[found["id"]]
        assert [int(row["seat"]) for row in seats] == [seat["seat"] for seat in stored["seats"]]
        player_net = 0
        for row, seat in zip(seats, stored["seats"], strict=True):
            assert row["cards"] == " ".join(seat["cards"])
            assert (row["low"], row["high"]) == (" ".join(seat["low"]), " ".join(seat["high"]))
            assert row["fouled"] == ("true" if seat["fouled"] else "false")
            entered = seat["setting_entered"]
            assert row["setting_entered"] == (
                entered
                if entered == "house_way"
                else f"{' '.join(entered['low'])} / {' '.join(entered['high'])}"
            )
            for bet in ("main", "dealer_break_bonus", "break_bonus"):
                assert int(row[f"{bet}_stake"]) == seat["bets"][bet]
                assert int(row[f"{bet}_net"]) == seat[bet]["net"]
                assert row[f"{bet}_outcome"] == seat[bet]["outcome"]
                player_net += seat[bet]["net"]
        assert player_net == -stored["house_net"]
    corrected = by_record[rounds["r3#1"]["id"]][0]
    assert corrected["main_stake"] == "3000"
    hand_set = by_record[rounds[7]["id"]][0]
    assert (hand_set["setting_entered"], hand_set["main_stake"], hand_set["break_bonus_stake"]) == (
        "Ah Kd / Td 8c 6h",
        "2500",
        "0",
    )


def check_exceptions(archive, exceptions, rounds):
    rows = {int(row["exception_id"]): row for row in csv_rows(archive, "exceptions.csv")}
    assert set(rows) == set(exceptions.values())
    void, correction, rejected = (rows[exceptions[key]] for key in ("void", "correction", "rejected"))
    assert (void["kind"], void["decision"], void["requested_by"], void["decided_by"], void["note"]) == (
        "void",
        "approved",
        "pit_boss",
        "pit_boss2",
        "seen on camera",
    )
    assert (void["record_id"], void["reason"]) == (str(rounds["r2"]["id"]), "misdeal")
    assert (correction["decision"], correction["replacement_id"]) == ("approved", str(rounds["r3#1"]["id"]))
    assert correction["reason"] == "'=1+1 keyed 10, bet 30"  # a formula, neutralised
    changes = json.loads(correction["changes"])
    assert changes["fields"] == [{"field": "seats.1.bets.main", "before": 1000, "after": 3000}]
    assert changes["house_net"]["difference"] == 2000
    assert (rejected["decision"], rejected["note"], rejected["replacement_id"]) == (
        "rejected",
        "no misdeal",
        "",
    )
    for row in rows.values():
        assert datetime.fromisoformat(row["requested_at_utc"]) <= datetime.fromisoformat(
            row["decided_at_utc"]
        )


def check_audit(app, archive, export_id):
    events = csv_rows(archive, "audit_events.csv")
    chain = [json.loads(line) for line in archive.read("audit_chain.jsonl").decode().splitlines()]
    with sessions(app)() as session:
        # Every event up to the export's request is in it, sealed: the worker
        # seals (the audit queue) before it exports.
        requested = session.scalar(
            select(AuditEvent.id).where(
                AuditEvent.kind == "export_requested", AuditEvent.subject == f"export:{export_id}"
            )
        )
        stored = {
            event.id: event for event in session.scalars(select(AuditEvent).where(AuditEvent.id <= requested))
        }
        seals = {seal.seq: seal for seal in session.scalars(select(AuditSeal))}
    assert [int(row["event_id"]) for row in events] == sorted(stored)
    for row in events:
        event = stored[int(row["event_id"])]
        assert (row["kind"], row["subject"]) == (event.kind, event.subject)
        assert json.loads(row["payload"]) == event.payload
        assert datetime.fromisoformat(row["occurred_at_utc"]) == event.occurred_at
        assert row["seq"] != ""
    kinds = {row["kind"] for row in events}
    assert {"login", "table_created", "round_settled", "void_approved", "correction_approved"} <= kinds
    assert {"export_requested"} <= kinds
    # The chain segment re-verified offline, from the file alone.
    assert [link["event_id"] for link in chain] == sorted(stored)
    previous = GENESIS
    for number, link in enumerate(chain, start=1):
        assert link["seq"] == number
        assert link["previous_hash"] == previous
        event = link["event"]
        rebuilt = AuditEvent(
            id=event["id"],
            kind=event["kind"],
            subject=event["subject"],
            actor_id=event["actor_id"],
            table_id=event["table_id"],
            occurred_at=datetime.fromisoformat(event["occurred_at"]),
            payload=event["payload"],
        )
        assert link_hash(previous, rebuilt) == link["hash"] == seals[link["seq"]].hash
        previous = link["hash"]
    # The head of the chain as the export saw it, kept outside the database.
    head = json.loads(archive.read("manifest.json"))["audit_chain_head"]
    assert head == {"seq": chain[-1]["seq"], "hash": chain[-1]["hash"]}


def test_progress_is_saved_as_the_export_is_written(app, client, as_role, floor, redis_settings, monkeypatch):
    asked = request(client, as_role["admin"]).json  # every table
    saved = []
    real = service.compliance.export_build._save_progress

    def recording(sessions_, export_id, done, total):
        saved.append((done, total))
        real(sessions_, export_id, done, total)

    monkeypatch.setattr(service.compliance.export_build, "_save_progress", recording)
    with sessions(app)() as session:
        events_before = session.scalar(select(func.count()).select_from(AuditEvent))
    assert build_export(sessions(app), asked["id"], redis_settings.instance, progress_every=5) is True
    with sessions(app)() as session:
        export = session.get(Export, asked["id"])
        rows = {entry["name"]: entry["rows"] for entry in export.manifest["files"]}
    total = sum(rows.values())
    assert saved[0] == (0, total)
    # Saved when the rows pass a multiple of 5, at the end of the chunk of a
    # file that passed it: rising, a new multiple each, up to the last one.
    dones = [done for done, _ in saved[1:]]
    assert all(earlier // 5 < later // 5 for earlier, later in itertools.pairwise([0, *dones]))
    assert dones[-1] <= total
    assert dones[-1] // 5 == total // 5
    assert {seen_total for _, seen_total in saved} == {total}
    assert (export.status, export.done, export.total) == ("done", total, total)
    assert rows["rounds.csv"] == 7  # all three tables now, the replacement record too
    assert rows["seats.csv"] == 3 * 6 + 1
    assert rows["audit_events.csv"] == events_before  # every event so far: all are in the window
    assert rows["audit_chain.jsonl"] == 0  # no worker has sealed them
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert shown["progress"] == {"done": total, "total": total, "percent": 100.0}
    assert shown["manifest"]["tables"] == "all"


def test_a_failing_export_is_marked_failed_and_a_rerun_starts_over(app, client, as_role, redis_settings):
    instance = redis_settings.instance
    (instance / "exports").write_text("a file where the exports folder should be")
    asked = request(client, as_role["compliance"]).json
    with pytest.raises(OSError, match="exports"):
        build_export(sessions(app), asked["id"], instance)
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert shown["status"] == "failed"
    assert "exports" in shown["error"]
    assert shown["error"].startswith(("FileExistsError", "NotADirectoryError"))
    refused = client.get(f"{URL}/{asked['id']}/download", headers=as_role["compliance"])
    assert refused.status_code == 409
    assert "failed" in refused.json["message"]
    assert shown["error"] in refused.json["message"]
    with sessions(app)() as session:
        failed = session.scalars(select(AuditEvent).where(AuditEvent.kind == "export_failed")).one()
        assert failed.payload == {"error": shown["error"]}

    (instance / "exports").unlink()
    assert build_export(sessions(app), asked["id"], instance) is True  # the retry
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("done", None)
    assert list((instance / "exports").iterdir()) == [instance / "exports" / shown["file"]["name"]]


def test_a_failure_part_way_leaves_no_half_written_file(
    app, client, as_role, floor, redis_settings, monkeypatch
):
    asked = request(client, as_role["compliance"]).json

    def broken(_row):
        raise RuntimeError("the disk said no")

    seats = replace(FILES[1], line=broken, lines=None)
    monkeypatch.setattr(service.compliance.export_build, "FILES", (FILES[0], seats, *FILES[2:]))
    with pytest.raises(RuntimeError):
        build_export(sessions(app), asked["id"], redis_settings.instance)
    assert list((redis_settings.instance / "exports").iterdir()) == []
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("failed", "RuntimeError: the disk said no")


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


def test_the_sweep_sends_a_lost_export_again(app, client, as_role, redis_settings):
    asked = request(client, as_role["compliance"]).json
    with unit_of_work(sessions(app)) as session:
        # Its outbox row went out, and Redis lost the job.
        session.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
    connection = connect(redis_settings.redis)
    assert reconcile(sessions(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert f"export-{asked['id']}" in queue(QueueName.EXPORTS, connection).job_ids
    # Running with a job on its way, or failed: left alone.
    queue(QueueName.EXPORTS, connection).empty()
    with unit_of_work(sessions(app)) as session:
        session.execute(update(Export).values(status="failed"))
    reconcile(sessions(app), connection, redis_settings.instance, grace=timedelta(0))
    assert queue(QueueName.EXPORTS, connection).job_ids == []


def test_the_first_and_last_gaming_days_that_leave_room_for_the_window(app, client, as_role, redis_settings):
    for day in ("1900-01-01", "9998-12-31"):
        asked = client.post(URL, json={"from": day, "to": day}, headers=as_role["compliance"])
        assert asked.status_code == 202, asked.json
        assert build_export(sessions(app), asked.json["id"], redis_settings.instance) is True


@pytest.mark.parametrize("ended", [JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED])
def test_the_sweep_restarts_an_export_whose_worker_died_mid_build(
    app, client, as_role, redis_settings, ended
):
    asked = request(client, as_role["compliance"]).json
    connection = connect(redis_settings.redis)
    exports = queue(QueueName.EXPORTS, connection)
    enqueue(connection, "export", asked["id"])  # the outbox row went out
    with unit_of_work(sessions(app)) as session:
        session.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
        # The worker began the build, then died (killed, out of memory):
        session.execute(update(Export).values(status="running", done=40, total=900))
    folder = redis_settings.instance / "exports"
    folder.mkdir()
    (folder / f".export-{asked['id']}.zip.part").write_bytes(b"half a zip")
    # ... and RQ gave the job up: abandoned and out of retries, stopped, or canceled.
    job = Job.fetch(f"export-{asked['id']}", connection=connection, serializer=JSONSerializer)
    exports.remove(job)
    if ended == JobStatus.CANCELED:
        job.cancel()
    else:
        job.set_status(ended)
        FailedJobRegistry(queue=exports).add(job, exc_string="AbandonedJobError")
    assert status_of(connection, "export", asked["id"]) == ended

    assert reconcile(sessions(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert exports.job_ids == [f"export-{asked['id']}"]
    assert status_of(connection, "export", asked["id"]) == JobStatus.QUEUED
    # The old job went first: no registry still lists it as failed or canceled.
    assert FailedJobRegistry(queue=exports).count == 0
    assert CanceledJobRegistry(queue=exports).count == 0
    # Sent once: a job on its way is left alone.
    reconcile(sessions(app), connection, redis_settings.instance, grace=timedelta(0))
    assert exports.job_ids == [f"export-{asked['id']}"]

    run_burst(redis_settings)
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("done", None), shown
    assert shown["progress"]["done"] == shown["progress"]["total"]
    assert sorted(path.name for path in folder.iterdir()) == [shown["file"]["name"]]  # no .part left
    data = client.get(f"{URL}/{asked['id']}/download", headers=as_role["compliance"]).get_data()
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    assert FailedJobRegistry(queue=exports).count == 0


def test_the_audit_window_covers_rounds_placed_under_an_earlier_schedule(
    app, client, as_role, redis_settings, monkeypatch
):
    """A round keeps the gaming day it was placed in; the window must still
    reach its round_settled event after the table's zone changes."""
    day = date(2026, 11, 29)
    # The round's event a few milliseconds after its entered_at, as versions
    # before the injected clock stamped it (the export must still reach it).
    real_record_settled = service.rounds.entering.record_settled

    def record_settled_later(session, record, version, digest, actor, at, **extra):
        real_record_settled(session, record, version, digest, actor, at + timedelta(milliseconds=5), **extra)

    monkeypatch.setattr(service.rounds.entering, "record_settled", record_settled_later)
    table = new_table(client, as_role["admin"], "BP-MOVED")  # UTC, the day from 06:00
    late = datetime(2026, 11, 29, 21, 53, 0, 123456, UTC)  # gaming day 29 in UTC
    early = datetime(2026, 11, 28, 17, 0, tzinfo=UTC)  # 07:00 on the 29th in Kiritimati (UTC+14)

    def settle(round_id, now, zone):
        with unit_of_work(sessions(app)) as session:
            game = session.get_one(GameTable, table["id"])
            dealer = session.scalars(select(User).where(User.name == "dealer")).one()
            record = enter_round(
                session, game, dealer, round_body(round_id), round_id, now, sessionless=True
            ).record
            assert record.gaming_day == day
            admin = session.scalars(select(User).where(User.name == "admin")).one()
            change_schedule(session, game, admin, timezone=zone)
            return record.id

    def exported():
        asked = client.post(
            URL, json={"from": day.isoformat(), "to": day.isoformat()}, headers=as_role["admin"]
        )
        assert asked.status_code == 202, asked.json
        with unit_of_work(sessions(app)) as session:
            seal_batch(session, session.scalar(select(func.max(AuditEvent.id))), limit=5_000)
        assert build_export(sessions(app), asked.json["id"], redis_settings.instance) is True
        with sessions(app)() as session:
            file_name = session.get_one(Export, asked.json["id"]).file_name
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


def test_formula_cells_are_neutralised_but_numbers_are_not():
    assert [cell(text) for text in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\r=x", "a=b")] == [
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "'\tx",
        "'\r'=x",  # a spreadsheet that splits lines on CR alone starts a cell at =x
        "a=b",
    ]
    assert [cell(value) for value in (-1500, 0, True, None)] == [-1500, 0, "true", ""]


# Where a spreadsheet may split a line into cells: its locale's list
# separator (, or ;), a tab, a pipe, and line breaks.
SEPARATORS = (",", ";", "\t", "|")
# Each text, and the cell written for it.
HOSTILE = {
    "BP;=cmd|' /C calc'!A0": "BP;'=cmd|' /C calc'!A0",
    "a;=1+2;b": "a;'=1+2;b",
    "a; =1+2": "a;' =1+2",
    'a;"=1+2': "a;'\"=1+2",
    "a\t@SUM(A1)": "a\t'@SUM(A1)",
    "a|-1+2": "a|'-1+2",
    "a\n=1+2": "a\n'=1+2",
    "a\r\n+1": "a\r\n'+1",
    "a,=1+2": "a,=1+2",  # quoted: a comma starts no cell
    "=1+1": "'=1+1",
    "a=b; c-d": "a=b; c-d",
}


def cells_a_spreadsheet_sees(text: str) -> list[str]:
    """Every cell of ``text`` as a spreadsheet reads it, splitting on each
    separator in turn (quotes honoured, as every spreadsheet does)."""
    return [
        found
        for separator in SEPARATORS
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        for found in row
    ]


def formulas(cells: list[str]) -> list[str]:
    """The cells a spreadsheet would run (a negative number is a number)."""
    return [
        found
        for found in cells
        if found.lstrip(' "').startswith(FORMULA_STARTS) and not found.lstrip("-").isdigit()
    ]


def written_csv(rows: list[list[object]]) -> str:
    spec = replace(FILES[0], columns=("number", "text", "other"), line=lambda row: row)
    stream = io.BytesIO()
    write_file(Member(stream), spec, iter(rows), lambda _rows: None)
    return stream.getvalue().decode()


def test_no_cell_starts_a_formula_whatever_the_spreadsheet_splits_on():
    written = written_csv([[7, text, -1500] for text in HOSTILE])
    assert formulas(cells_a_spreadsheet_sees(written)) == []
    # Read as written (commas), every text comes back in one cell, guarded,
    # and numbers as numbers.
    rows = list(csv.reader(io.StringIO(written, newline="")))
    assert rows[1:] == [["7", guarded, "-1500"] for guarded in HOSTILE.values()]


def test_an_exported_table_name_and_round_id_start_no_formula(app, client, as_role, redis_settings):
    name, round_id = "BP;=cmd|' /C calc'!A0", "a;=1+2;b"
    hostile = new_table(client, as_role["admin"], name)
    entered = enter(client, as_role["dealer"], hostile, round_id)
    asked = request(client, as_role["compliance"], tables=[hostile["id"]]).json
    assert build_export(sessions(app), asked["id"], redis_settings.instance) is True
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    archive = zipfile.ZipFile(redis_settings.instance / "exports" / shown["file"]["name"])
    rows = {int(row["record_id"]): row for row in csv_rows(archive, "rounds.csv")}
    row = rows[entered["id"]]
    assert (row["table"], row["round_id"]) == (HOSTILE[name], HOSTILE[round_id])
    for member in ("rounds.csv", "seats.csv", "exceptions.csv", "audit_events.csv"):
        seen = cells_a_spreadsheet_sees(archive.read(member).decode())
        assert formulas(seen) == [], member


# --- memory stays flat with size ------------------------------------------


def stored_columns(record) -> dict:
    return {
        column.key: getattr(record, column.key) for column in record.__table__.columns if column.key != "id"
    }


def add_rounds(app, table_id: int, count: int, start: int) -> None:
    """One round settled through the service, then copies of it inserted in
    bulk with an event each (the service takes 4-18 ms a round), all sealed."""
    with unit_of_work(sessions(app)) as session:
        table = session.get_one(GameTable, table_id)
        dealer = session.scalars(select(User).where(User.name == "dealer")).one()
        entered = enter_round(
            session, table, dealer, round_body(f"m{start}"), f"m{start}", utc_now(), sessionless=True
        )
        fields = stored_columns(entered.record)
        copies = [
            {**fields, "round_ref": json.dumps(f"m{number}"), "idempotency_key": f"m{number}"}
            for number in range(start + 1, start + count)
        ]
        ids = session.scalars(insert(RoundRecord).returning(RoundRecord.id), copies).all()
        seats = entered.seats  # the seat rows just stored
        assert seats is not None
        session.execute(insert(SeatRecord), [{**seat, "round_id": new} for new in ids for seat in seats])
        event = {
            "kind": "round_settled",
            "actor_id": dealer.id,
            "table_id": table.id,
            "payload": {"copy": True},
        }
        copied = session.scalars(
            insert(AuditEvent).returning(AuditEvent.id),
            [{**event, "subject": f"round:{new}", "occurred_at": utc_now()} for new in ids],
        ).all()
        authenticate(session, copied)
    while True:
        with unit_of_work(sessions(app)) as session:
            newest = session.scalar(select(func.max(AuditEvent.id)))
            sealed, _ = seal_batch(session, newest, limit=5_000)
        if sealed == 0:
            return


def peak_of_export(app, client, headers, instance: Path) -> tuple[int, dict[str, int]]:
    export_id = request(client, headers).json["id"]
    tracemalloc.start()
    try:
        build_export(sessions(app), export_id, instance, progress_every=500, batch=100)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    with sessions(app)() as session:
        manifest = session.get_one(Export, export_id).manifest
    return peak, {entry["name"]: entry["rows"] for entry in manifest["files"]}


def test_memory_stays_flat_as_the_export_grows(app, client, as_role, table, redis_settings, monkeypatch):
    # Chunks of the same size as the batches: with the writer's 500 rows a
    # chunk, the small export's 450 seats filled less of one than the large
    # one's, and its peak was lower for that alone (it failed once
    # in three clean-clone runs, on PostgreSQL, at 1.42 times).
    monkeypatch.setattr(service.compliance.export_writer, "CHUNK", 100)
    small = 150
    headers = as_role["compliance"]
    instance = redis_settings.instance
    add_rounds(app, table["id"], small, 0)
    peak_of_export(app, client, headers, instance)  # warm-up: imports, compiled statements
    peak_small, rows_small = peak_of_export(app, client, headers, instance)
    add_rounds(app, table["id"], 9 * small, small)
    # The lower of two: a statement first compiled for the larger export, or
    # a cycle the collector had not reached yet, raises one run's peak, not
    # the export's own (the large one failed once at 1.40 times, on
    # PostgreSQL, in a clean-clone run beside the other tests).
    peak_large, rows_large = min(peak_of_export(app, client, headers, instance) for _ in range(2))
    assert (rows_small["rounds.csv"], rows_large["rounds.csv"]) == (small, 10 * small)
    assert rows_large["seats.csv"] == 30 * small
    assert rows_large["audit_chain.jsonl"] > 10 * small
    # Ten times the rows, about the same memory: the batches, not the period.
    assert peak_large < peak_small * 1.25 + 128 * 1024, (peak_small, peak_large)
