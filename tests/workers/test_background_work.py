"""Background work on a real Redis with real RQ workers: audit events sealed
once into the hash chain, aggregates exact, the backlog shown, par sheets
built, voids and corrections reaching the totals, queues kept apart."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import QUEUES, QueueName, queue
from service.store.models import AuditEvent, AuditSeal
from tests.support.app import PASSWORD, sign_in
from tests.support.background import (
    check_aggregates,
    check_chain,
    databases_of,
    enter_rounds,
    run_burst,
    worker_env,
)
from tests.support.rounds_data import round_body
from workers.outbox import dispatch


@pytest.mark.store
def test_events_are_sealed_and_rounds_aggregated_by_a_real_worker(bg_app, redis_settings, tmp_path):
    client = bg_app.test_client()
    enter_rounds(client, 5)
    metrics = tmp_path / "prometheus"
    metrics.mkdir()
    run_burst(redis_settings, PROMETHEUS_MULTIPROC_DIR=str(metrics))
    with databases_of(bg_app)() as db:
        links = check_chain(db)
        assert links == db.scalar(select(func.count()).select_from(AuditEvent))
        kinds = set(db.scalars(select(AuditEvent.kind)))
        assert {"user_created", "login", "table_created", "round_settled"} <= kinds
        aggregates = check_aggregates(db)
        assert sum(v for k, v in aggregates.items() if k[-1] == "rounds") == 5
    # A second run finds nothing to do and changes nothing.
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert check_chain(db) == links
        assert check_aggregates(db) == aggregates
    # The game's figures on /metrics come from what the workers aggregated.
    text = client.get("/metrics").get_data(as_text=True)
    assert "breakpoker_rounds_settled_total 5.0" in text
    assert "breakpoker_seats_settled_total 15.0" in text
    assert 'breakpoker_wagered_minor_units_total{bet="main"} 15000.0' in text
    # Each seat loses both side bets against this dealer: 600 a seat.
    assert 'breakpoker_house_net_minor_units{bet="dealer_break_bonus"} 7500.0' in text
    assert list(metrics.iterdir()) == []  # the jobs wrote no Prometheus files


def test_ops_and_metrics_show_the_backlog(bg_app, redis_settings):
    client = bg_app.test_client()
    enter_rounds(client, 2)
    admin = sign_in(client, "admin")
    status = client.get("/api/v1/ops/jobs", headers=admin).json
    assert status["redis"]["reachable"] is True
    assert status["outbox"]["waiting"] > 0
    assert [q["name"] for q in status["queues"]] == list(QUEUES)
    assert client.get("/api/v1/ops/jobs", headers=sign_in(client, "pit_boss")).status_code == 403
    text = client.get("/metrics").get_data(as_text=True)
    backlog = float(text.split("\nbreakpoker_outbox_backlog ")[1].split()[0])
    assert backlog >= status["outbox"]["waiting"]  # and the pit boss's sign-in since
    assert 'breakpoker_jobs_queued{queue="audit"} 0.0' in text
    assert (
        'breakpoker_http_requests_total{endpoint="/api/v1/tables/<id:table_id>/rounds",method="POST",status="201"}'
        in text
    )
    assert "breakpoker_http_request_seconds_bucket" in text
    run_burst(redis_settings)
    status = client.get("/api/v1/ops/jobs", headers=admin).json
    assert status["outbox"]["waiting"] == 0
    assert all(q["queued"] == 0 and q["failed"] == 0 for q in status["queues"])


def test_a_new_configuration_gets_its_par_sheet_in_the_background(bg_app, redis_settings):
    client = bg_app.test_client()
    admin = sign_in(client, "admin")
    table = client.post(
        "/api/v1/tables", json={"name": "BP-A", "config": {"dealer_qualifier": "A-3-2"}}, headers=admin
    ).json
    url = f"/api/v1/tables/{table['id']}/par-sheet"
    waiting = client.get(url, headers=sign_in(client, "pit_boss"))
    assert waiting.status_code == 202
    assert waiting.json == {"status": "computing", "config_version": 1}
    assert (waiting.headers["Location"], waiting.headers["Retry-After"]) == (url, "10")
    # The job is sent, then lost (Redis back empty): the sweep sends it again.
    connection = connect(redis_settings.redis)
    while dispatch(databases_of(bg_app), connection):
        pass
    connection.flushall()
    run_burst(redis_settings)  # computes it: the A-3-2 rules were not cached
    sheet = client.get(url, headers=sign_in(client, "dealer"))
    assert sheet.status_code == 200
    assert sheet.json["config"]["dealer_qualifier"] == "A-3-2"
    assert sheet.json["main"]["house_edge"] == pytest.approx(0.02473454109304975, rel=1e-12)


@pytest.mark.store
def test_events_commit_in_id_order_so_the_chain_follows_it(bg_app):
    import threading

    from service.audit.chain import seal_batch
    from service.audit.events import record_event

    first = databases_of(bg_app)()
    record_event(first, "test", "a", {})
    second_done = threading.Event()

    def second_writer():
        with databases_of(bg_app)() as db:
            record_event(db, "test", "b", {})
            db.commit()
        second_done.set()

    writer = threading.Thread(target=second_writer)
    writer.start()
    # The second writer waits for the first transaction to end...
    assert not second_done.wait(1.0)
    first.commit()
    first.close()
    writer.join(10)
    assert second_done.is_set()
    with databases_of(bg_app)() as db:
        seal_batch(db, up_to=10**9)
        db.commit()
        links = db.scalars(select(AuditSeal.event_id).order_by(AuditSeal.seq)).all()
        kinds = [db.get(AuditEvent, event_id).subject for event_id in links if event_id]
    # ...so ids, commits and the chain all run in the same order.
    assert links == sorted(links)
    assert kinds[-2:] == ["a", "b"]


@pytest.mark.store
def test_voids_and_corrections_reach_the_totals_through_the_workers(bg_app, redis_settings):
    from service.accounts.auth import create_user
    from service.store.work import unit_of_work

    with unit_of_work(databases_of(bg_app)) as db:
        create_user(db, "pit_boss2", "pit_boss", PASSWORD)
    client = bg_app.test_client()
    enter_rounds(client, 3)
    run_burst(redis_settings)
    boss, boss2 = sign_in(client, "pit_boss"), sign_in(client, "pit_boss2")
    void = client.post("/api/v1/rounds/1/void", json={"reason": "misdeal"}, headers=boss).json
    assert client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=boss2).status_code == 200
    corrected = round_body("r1")
    corrected["seats"][0]["bets"]["main"] = 5000
    fix = client.post(
        "/api/v1/rounds/2/corrections", json={"reason": "bet keyed wrong", "round": corrected}, headers=boss
    ).json
    assert client.post(f"/api/v1/exceptions/{fix['id']}/approve", json={}, headers=boss2).status_code == 200
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        totals = check_aggregates(db)  # a recount of what counts
        check_chain(db)
    assert sum(v for k, v in totals.items() if k[-1] == "rounds") == 2
    assert sum(v for k, v in totals.items() if k[-1] == "main_handle") == 3000 + 7000


@pytest.mark.store
def test_a_worker_on_the_quick_queues_leaves_long_jobs_to_another(bg_app, redis_settings):
    client = bg_app.test_client()
    enter_rounds(client, 2)  # creates a table too: its par-sheet job goes to the analysis queue
    run_burst(redis_settings, "--queues", "audit,metrics,values")
    connection = connect(redis_settings.redis)
    with databases_of(bg_app)() as db:
        check_chain(db)
        assert sum(v for k, v in check_aggregates(db).items() if k[-1] == "rounds") == 2
    assert queue(QueueName.ANALYSIS, connection).count == 1  # waiting for a worker that takes long jobs
    run_burst(redis_settings)
    assert queue(QueueName.ANALYSIS, connection).count == 0


def test_a_worker_refuses_unknown_queues(redis_settings):
    from click.testing import CliRunner

    from service.cli import main

    result = CliRunner().invoke(
        main, ["worker", "--burst", "--queues", "audit,nope"], env=worker_env(redis_settings)
    )
    assert result.exit_code == 2
    assert "nope" in result.output
