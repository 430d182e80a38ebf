"""An export requested through the API, built by a real worker, downloaded
and read back: every file against what was entered, every file's SHA-256
and row count against the manifest, the audit chain re-verified offline."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from datetime import UTC, date, datetime, timedelta
from importlib.metadata import version

import pytest
from sqlalchemy import select

from service.audit.chain import GENESIS, link_hash
from service.compliance.export_build import build_export
from service.store.db import utc_now
from service.store.models import (
    AuditEvent,
    AuditSeal,
    User,
)
from tests.compliance import exports_support
from tests.compliance.exports_support import NAMES, URL, csv_rows, get_round, period, request
from tests.support.app import databases
from tests.support.background import run_burst

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = exports_support.app
floor = exports_support.floor


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

    with databases(app)() as db:
        downloaded = db.scalars(select(AuditEvent).where(AuditEvent.kind == "export_downloaded")).all()
        compliance_id = db.scalars(select(User.id).where(User.name == "compliance")).one()
        assert [(e.subject, e.actor_id) for e in downloaded] == [(f"export:{export['id']}", compliance_id)]
        kinds = set(db.scalars(select(AuditEvent.kind).where(AuditEvent.subject == f"export:{export['id']}")))
        assert kinds == {"export_requested", "export_completed", "export_downloaded"}
    # A second run of the job for a finished export changes nothing.
    assert build_export(databases(app), export["id"], redis_settings.instance) is False


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
    with databases(app)() as db:
        # Every event up to the export's request is in it, sealed: the worker
        # seals (the audit queue) before it exports.
        requested = db.scalar(
            select(AuditEvent.id).where(
                AuditEvent.kind == "export_requested", AuditEvent.subject == f"export:{export_id}"
            )
        )
        stored = {
            event.id: event for event in db.scalars(select(AuditEvent).where(AuditEvent.id <= requested))
        }
        seals = {seal.seq: seal for seal in db.scalars(select(AuditSeal))}
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
