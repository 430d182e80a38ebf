"""``breakpoker demo-day``: a gaming day at three tables played through the
API, read back through the API: win and hold, a balanced check at two
tables and at the third exactly the bet paid wrong; every slip and count an
event in the sealed chain and in the compliance export."""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile
from collections import Counter

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from service.accounts.auth import create_user
from service.api.app import create_app
from service.audit.chain import seal_batch
from service.cli import main
from service.cli.demo.day import Outcome
from service.cli.demo.table_day import MISPAID, Table
from service.cli.demo.tray import Tray
from service.compliance.audit_verify import verify_chain
from service.compliance.export_build import build_export
from service.config.settings import Settings
from service.store.models import AuditEvent, Export, RoundRecord
from service.store.work import unit_of_work
from tests.support.app import PASSWORD, databases, sign_in
from tests.support.background import check_chain

DAY = "2026-12-01"
NEXT_DAY = "2026-12-02"
ROUNDS = 12  # a table: enough for buy-ins, fills and a credit, in a few seconds
TABLES = ("DEMO-1", "DEMO-2", "DEMO-3")


def demo(*options):
    return CliRunner().invoke(main, ["demo-day", "--day", DAY, "--rounds", str(ROUNDS), *options])


@pytest.fixture
def instance(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return tmp_path


@pytest.fixture
def played(instance):
    """The demo played once, then the API on its database with a reader."""
    result = demo()
    assert result.exit_code == 0, result.output
    app = create_app(Settings(instance=instance))
    with unit_of_work(databases(app)) as db:
        create_user(db, "auditor", "compliance", PASSWORD)
    client = app.test_client()
    yield result.output, app, client, sign_in(client, "auditor")
    app.extensions["breakpoker"]["engine"].dispose()


def get(client, headers, path):
    response = client.get(f"/api/v1{path}", headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def day_sessions(client, headers):
    return {row["table"]: row for row in get(client, headers, f"/checks?day={DAY}")}


def rounds_of(client, headers, table_id):
    page = get(client, headers, f"/tables/{table_id}/rounds?from={DAY}&to={DAY}&per_page=500")
    assert page["total"] == len(page["items"])
    return page["items"]


def test_two_checks_balance_and_the_third_differs_by_the_bet_paid_wrong(played):
    output, _, client, auditor = played
    found = day_sessions(client, auditor)
    assert sorted(found) == list(TABLES)
    for name, row in found.items():
        detail = get(client, auditor, f"/sessions/{row['id']}")
        figures, check = detail["figures"], detail["check"]
        rounds = rounds_of(client, auditor, row["table_id"])
        assert len(rounds) == check["rounds"] == ROUNDS
        assert check["rounds_net"] == sum(record["house_net"] for record in rounds)
        # The regulators' win, from the chips alone.
        assert figures["win"] == (
            figures["drop"] + figures["closer"] + figures["credits"] - figures["opener"] - figures["fills"]
        )
        assert figures["drop"] > 0
        assert figures["hold"] == pytest.approx(figures["win"] / figures["drop"])
        received = [slip for slip in detail["slips"] if slip["state"] == "received"]
        assert figures["fills"] == sum(slip["total"] for slip in received if slip["kind"] == "fill")
        assert figures["credits"] == sum(slip["total"] for slip in received if slip["kind"] == "credit")
        if name == "DEMO-3":
            assert check["difference"] == -MISPAID == -2500
            assert check["status"] == "differs"
            assert check["flagged"]
            assert figures["win"] == check["rounds_net"] - 2500
            assert "paid 25.00 more than the settlement" in check["note"]
        else:
            assert check["difference"] == 0
            assert check["status"] == "balanced"
            assert not check["flagged"]
            assert figures["win"] == check["rounds_net"]
            assert check["note"] is None
    # The summary shows each table's figures as money, and the verdict.
    summary = {
        line.split()[0]: line for line in output.splitlines() if line.startswith("DEMO-") and "  " in line
    }
    assert "-25.00" in summary["DEMO-3"]
    assert "differs" in summary["DEMO-3"]
    assert all("as designed" in line for line in summary.values())


def test_the_day_has_buy_ins_fills_credits_and_counts_by_the_rules(played):
    _, _, client, auditor = played
    slips, counts = [], []
    for row in day_sessions(client, auditor).values():
        detail = get(client, auditor, f"/sessions/{row['id']}")
        slips += detail["slips"]
        counts += detail["drop_counts"]
        assert len(detail["drop_counts"]) == 1
        assert detail["drop_counts"][0]["counters"] == ["demo-count-1", "demo-count-2"]
        assert detail["drop_counts"][0]["total"] == detail["figures"]["drop"]
        assert detail["closer"]["counted_at"] < detail["drop_counts"][0]["counted_at"]
    assert {slip["kind"] for slip in slips} == {"fill", "credit"}
    assert all(slip["state"] == "received" for slip in slips)
    for slip in slips:
        steps = {s["step"]: s for s in slip["signatures"]}
        assert slip["requested_by"] == "demo-pit-1"
        assert steps["issued"]["signed_by"] == "demo-cage"
        assert {steps["received"]["signed_by"], steps["received"]["cosigned_by"]} == {
            f"demo-dealer-{slip['table'][-1]}",
            "demo-pit-2",
        }
    # One casino-wide sequence of slip numbers, without a gap.
    assert sorted(slip["number"] for slip in slips) == list(range(1, len(slips) + 1))


def seal_everything(app):
    with databases(app)() as db:
        newest = db.scalar(select(func.max(AuditEvent.id)))
    while True:
        with unit_of_work(databases(app)) as db:
            sealed, _ = seal_batch(db, newest)
        if not sealed:
            return


def test_every_slip_and_count_is_an_event_in_the_chain_and_the_export(played, instance):
    _, app, client, auditor = played
    slips, drops, opened = [], [], []
    for row in day_sessions(client, auditor).values():
        detail = get(client, auditor, f"/sessions/{row['id']}")
        slips += [slip["number"] for slip in detail["slips"]]
        drops += [count["id"] for count in detail["drop_counts"]]
        opened.append(row["id"])
    export = client.post("/api/v1/compliance/exports", json={"from": DAY, "to": DAY}, headers=auditor)
    assert export.status_code == 202, export.json
    seal_everything(app)
    with databases(app)() as db:
        check_chain(db)
        assert verify_chain(db).intact
        events = list(db.scalars(select(AuditEvent)))
    assert build_export(databases(app), export.json["id"], instance) is True
    with databases(app)() as db:
        archive = zipfile.ZipFile(instance / "exports" / db.get_one(Export, export.json["id"]).file_name)
    exported = list(csv.DictReader(io.StringIO(archive.read("audit_events.csv").decode(), newline="")))
    chained = [json.loads(line)["event"] for line in archive.read("audit_chain.jsonl").decode().splitlines()]
    for found in (
        [(event.kind, event.subject, event.payload) for event in events],
        [(row["kind"], row["subject"], json.loads(row["payload"])) for row in exported],
        [(event["kind"], event["subject"], event["payload"]) for event in chained],
    ):
        by_kind = {}
        for kind, subject, payload in found:
            by_kind.setdefault(kind, []).append((subject, payload))
        for step in ("slip_requested", "slip_issued", "slip_received"):
            assert sorted(subject for subject, _ in by_kind[step]) == sorted(f"slip:{n}" for n in slips)
        assert sorted(payload["drop_count_id"] for _, payload in by_kind["drop_counted"]) == sorted(drops)
        for kind in ("session_opened", "session_closed"):
            assert sorted(payload["session_id"] for _, payload in by_kind[kind]) == sorted(opened)
    rounds = list(csv.DictReader(io.StringIO(archive.read("rounds.csv").decode(), newline="")))
    assert len(rounds) == 3 * ROUNDS

    def column(name, field):
        return sorted(
            int(row[field]) for row in csv.DictReader(io.StringIO(archive.read(name).decode(), newline=""))
        )

    # The records themselves, beside their events.
    assert column("slips.csv", "number") == sorted(slips)
    assert column("drop_counts.csv", "drop_count_id") == sorted(drops)
    assert column("table_sessions.csv", "session_id") == sorted(opened)


def test_a_database_with_rounds_is_refused_without_force_and_the_tray_carries_over(played):
    _, app, client, auditor = played
    before = day_sessions(client, auditor)

    def stored():
        with databases(app)() as db:
            return db.scalar(select(func.count(RoundRecord.id)))

    refused = demo()
    assert refused.exit_code == 1
    assert f"holds {3 * ROUNDS} rounds already" in refused.output
    # The same day again would overlap the first one's times: refused too.
    overlapping = demo("--force")
    assert overlapping.exit_code == 1
    assert "DEMO-1 was played until 2026-12-01T20:30:00+00:00" in overlapping.output
    assert stored() == 3 * ROUNDS
    assert day_sessions(client, auditor) == before
    again = demo("--force", "--day", NEXT_DAY, "--seed", "2", "--mispay", "none")
    assert again.exit_code == 0, again.output
    assert "existed: password replaced" in again.output
    assert stored() == 6 * ROUNDS
    second = {row["table"]: row for row in get(client, auditor, f"/checks?day={NEXT_DAY}")}
    assert sorted(second) == list(TABLES)
    for name, row in second.items():
        # The next session opens with the last closer: the tray carried over.
        assert row["number"] == 2
        assert row["opener"]["lines"] == before[name]["closer"]["lines"]
        assert row["check"]["status"] == "balanced"
        assert row["check"]["difference"] == 0


def outcome(difference, status, tolerance=0, mispaid=True):
    """The mis-paid table's outcome, had the API shown this check."""
    table = Table("DEMO-3", 3, "demo-dealer-3", random.Random(1), mispaid, Tray(500))
    table.box.put(Counter({100: 700}))
    table.rounds_net = 1000
    table.mispaid_round = "DEMO-3-s1-7" if mispaid else None
    figures = {"drop": 700, "closer": 500, "fills": 0, "credits": 0}
    check = {"difference": difference, "status": status, "tolerance": tolerance, "rounds_net": 1000}
    return Outcome(table, {"figures": figures, "check": check})


def test_the_demo_is_as_designed_only_when_the_check_finds_exactly_the_mispaid_bet():
    assert outcome(-2500, "differs").as_designed
    assert not outcome(-2400, "differs").as_designed
    assert not outcome(0, "balanced").as_designed
    assert not outcome(-2500, "differs", mispaid=False).as_designed
    assert outcome(0, "balanced", mispaid=False).as_designed
    # A tolerance wider than the bet hides it: the check balances, as it should.
    assert outcome(-2500, "balanced", tolerance=5000).as_designed
