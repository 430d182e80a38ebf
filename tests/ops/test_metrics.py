"""The series the alerts and the dashboard need, with real values: each
table's gaming day as the pit report shows it (handle, win, theory, the
variance flag and its note), the last audit verification, the outbox's
oldest row and the workers per queue."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from prometheus_client.parser import text_string_to_metric_families
from rq import Worker
from sqlalchemy import select, text

from service.audit.chain import seal_batch
from service.audit.event_mac import keyed_databases
from service.audit.events import record_event
from service.config.redis_server import connect
from service.jobs.queues import QueueName, queue
from service.store.db import make_engine
from service.store.models import AuditEvent
from service.store.work import unit_of_work
from tests.ops.conftest import count_rounds, enter, sign_in
from tests.support.rounds_data import round_body
from tests.support.tamper import drop_triggers
from tests.support.verifying import verified
from workers.outbox import dispatch


def samples(client) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    exposition = client.get("/metrics").get_data(as_text=True)
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    }


def day(found, name, table, bet):
    return found.get((name, (("bet", bet), ("table", table))))


def test_each_table_s_gaming_day_is_what_the_pit_report_shows(app_with_par_sheet):
    client = app_with_par_sheet.test_client()
    admin, boss, dealer = (sign_in(client, role) for role in ("admin", "pit_boss", "dealer"))
    hot = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    calm = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=admin).json
    # BP-1: six rounds of the seat that loses everything; BP-2: one ordinary round.
    losing_seat = round_body()["seats"][:1]
    for number in range(6):
        enter(client, dealer, hot["id"], f"h{number}", seats=losing_seat)
    enter(client, dealer, calm["id"], "c1")
    count_rounds(app_with_par_sheet)

    found = samples(client)
    for table in (hot, calm):
        report = client.get(f"/api/v1/reports/tables/{table['id']}?period=day", headers=boss).json
        for bet, line in report["bets"].items():
            assert (
                day(found, "breakpoker_gaming_day_handle_minor_units", table["name"], bet) == line["handle"]
            )
            assert (
                day(found, "breakpoker_gaming_day_house_win_minor_units", table["name"], bet) == line["win"]
            )
            assert (
                day(found, "breakpoker_gaming_day_theoretical_win_minor_units", table["name"], bet)
                == line["theoretical_win"]
            )
            assert day(found, "breakpoker_hold_variance_flag", table["name"], bet) == float(
                line["variance_flag"]
            )
            assert day(found, "breakpoker_hold_variance_noted", table["name"], bet) == 0.0
    # Real figures: 6 Main Bets of 1000 lost; the house's win is far outside the interval.
    assert day(found, "breakpoker_gaming_day_handle_minor_units", "BP-1", "main") == 6000
    assert day(found, "breakpoker_gaming_day_house_win_minor_units", "BP-1", "main") == 6000
    assert day(found, "breakpoker_hold_variance_flag", "BP-1", "main") == 1.0
    assert day(found, "breakpoker_hold_variance_flag", "BP-2", "main") == 0.0
    assert day(found, "breakpoker_gaming_day_house_win_minor_units", "BP-2", "main") == 0

    # An investigation note on the flagged line shows as noted (the alert stops).
    gaming_day = client.get(f"/api/v1/reports/tables/{hot['id']}?period=day", headers=boss).json["day"]
    note = {"table_id": hot["id"], "period": "day", "day": gaming_day, "bet": "main", "note": "Reviewed."}
    assert client.post("/api/v1/reports/variance-notes", json=note, headers=boss).status_code == 201
    found = samples(client)
    assert day(found, "breakpoker_hold_variance_noted", "BP-1", "main") == 1.0
    assert day(found, "breakpoker_hold_variance_noted", "BP-1", "break_bonus") == 0.0


def test_the_last_chain_verification_is_on_metrics(app_with_par_sheet, redis_settings):
    client = app_with_par_sheet.test_client()
    compliance = sign_in(client, "compliance")
    assert ("breakpoker_audit_chain_intact", ()) not in samples(client)  # never verified yet
    from tests.support.background import run_burst

    run_burst(redis_settings)  # seal the events so far
    before = time.time()
    assert verified(app_with_par_sheet, client, compliance)["intact"] is True
    found = samples(client)
    assert found[("breakpoker_audit_chain_intact", ())] == 1.0
    assert before - 1 <= found[("breakpoker_audit_chain_verified_timestamp_seconds", ())] <= time.time()

    # A DBA edits a sealed event: the next verification finds it, and says so.
    engine = make_engine(redis_settings.database)
    drop_triggers(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE audit_events SET subject = 'user:999' WHERE id = 1"))
    engine.dispose()
    assert verified(app_with_par_sheet, client, compliance)["intact"] is False
    assert samples(client)[("breakpoker_audit_chain_intact", ())] == 0.0


def test_the_outbox_s_oldest_row_and_the_workers_per_queue(app_with_par_sheet, redis_settings):
    client = app_with_par_sheet.test_client()
    sign_in(client, "admin")  # a login: an event, and its outbox row waits
    time.sleep(0.2)
    found = samples(client)
    assert found[("breakpoker_outbox_oldest_seconds", ())] >= 0.2
    assert found[("breakpoker_workers", (("queue", QueueName.AUDIT),))] == 0.0

    connection = connect(redis_settings.redis)
    databases = app_with_par_sheet.extensions["breakpoker"]["databases"]
    while dispatch(databases, connection):
        pass
    worker = Worker(
        [queue(QueueName.AUDIT, connection), queue(QueueName.METRICS, connection)], connection=connection
    )
    worker.register_birth()
    try:
        found = samples(client)
        assert found[("breakpoker_outbox_oldest_seconds", ())] == 0.0
        assert found[("breakpoker_workers", (("queue", QueueName.AUDIT),))] == 1.0
        assert found[("breakpoker_workers", (("queue", QueueName.METRICS),))] == 1.0
        assert found[("breakpoker_workers", (("queue", "exports"),))] == 0.0
    finally:
        worker.register_death()


def seal_a_first_link(settings) -> None:
    """An event, sealed (what a worker does within a second of it)."""
    engine = make_engine(settings.database)
    databases = keyed_databases(engine, settings)  # the keys of the verifier's instance folder
    with unit_of_work(databases) as db:
        record_event(db, "note", "test:verifier", {"why": "a chain to verify"})
    with unit_of_work(databases) as db:
        assert seal_batch(db, 1) == (1, 1)
    engine.dispose()


def test_the_verifier_verifies_again_and_again_until_stopped(settings):
    seal_a_first_link(settings)  # a chain without any link is broken once events are stored
    env = {**os.environ, "DATABASE_URL": settings.database, "BREAKPOKER_INSTANCE": str(settings.instance)}
    verifier = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "audit", "verify", "--every", "0.2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    engine = make_engine(settings.database)
    query = select(AuditEvent.payload).where(AuditEvent.kind == "audit_verified")
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with engine.connect() as connection:
                runs = connection.execute(query).scalars().all()
            if len(runs) >= 3:
                break
            time.sleep(0.1)
    finally:
        verifier.send_signal(signal.SIGTERM)
        _, errors = verifier.communicate(timeout=30)
        engine.dispose()
    assert verifier.returncode == 0, errors
    assert len(runs) >= 3
    assert all(run["via"] == "verifier" and run["intact"] for run in runs)
    lines = [json.loads(line) for line in errors.splitlines()]
    assert sum(line["message"].startswith("audit chain intact") for line in lines) >= 3
