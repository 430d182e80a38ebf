"""A verification asked for through the API is a job, as an export is: the
request only queues it (a walk of a long chain never holds an API thread),
a worker runs it with its progress saved on the way, and the result is its
report; a failed or lost one runs again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import func, select, update

import service.compliance.verifications
import service.jobs.progress
from service.audit.chain import seal_batch
from service.compliance.audit_verify import verify_records
from service.compliance.verifications import run_verification
from service.config.redis_server import connect
from service.jobs.queues import QueueName, queue
from service.rounds.aggregates import aggregate_round
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditVerification, OutboxEntry, RoundRecord, ShiftAggregate
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.rounds_data import enter
from tests.support.verifying import URL, verified
from workers.sweep import reconcile

pytestmark = pytest.mark.store


@pytest.fixture
def rounds(app, client, as_role, table):
    """Three rounds, every event so far sealed."""
    games = [enter(client, as_role["dealer"], table, f"v{number}") for number in range(3)]
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    return games


def verifications_recorded(app) -> list[AuditEvent]:
    with databases(app)() as db:
        return list(db.scalars(select(AuditEvent).where(AuditEvent.kind == "audit_verified")))


def test_the_request_only_queues_the_verification(app, client, as_role, rounds):
    asked = client.post(URL, json={}, headers=as_role["compliance"])
    assert asked.status_code == 202, asked.json
    shown = asked.json
    assert asked.headers["Location"] == shown["links"]["self"] == f"{URL}/{shown['id']}"
    assert (shown["status"], shown["intact"], shown["report"], shown["from"], shown["to"]) == (
        "queued",
        None,
        None,
        None,
        None,
    )
    assert shown["progress"] == {"done": 0, "total": 0, "percent": 0.0}
    assert shown["requested_by"] == "compliance"
    # Nothing was walked: the job waits in the outbox for a worker.
    assert verifications_recorded(app) == []
    with databases(app)() as db:
        assert db.scalar(select(OutboxEntry.ref).where(OutboxEntry.job == "verify")) == shown["id"]
    assert client.get(shown["links"]["self"], headers=as_role["admin"]).json["status"] == "queued"


def test_the_job_saves_its_progress_and_then_the_report(app, client, as_role, rounds, monkeypatch):
    reader = as_role["compliance"]  # signed in (an event) before the run, as the admin is
    asked = client.post(URL, json={"to": 6}, headers=as_role["admin"]).json
    saved = []
    real = service.jobs.progress.save_progress

    def recording(databases_, model, row_id, done, total):
        saved.append((done, total))
        real(databases_, model, row_id, done, total)

    monkeypatch.setattr(service.jobs.progress, "save_progress", recording)
    assert run_verification(databases(app), asked["id"], progress_every=2) is True
    # Six links, three rounds, three round_settled events, no shift aggregate
    # yet, and the expected win's totals the rounds went into as they were stored.
    total = 6 + 3 + 3 + 1
    assert saved[0] == (0, total)
    assert [done for done, _ in saved[1:]] == list(range(2, total + 1, 2))
    shown = client.get(f"{URL}/{asked['id']}", headers=reader).json
    assert (shown["status"], shown["intact"], shown["to"]) == ("done", True, 6)
    assert shown["progress"] == {"done": total, "total": total, "percent": 100.0}
    with databases(app)() as db:
        again = verify_records(db, None, 6).to_json()
    # Only the events waiting for their seal differ: its run is one more.
    assert again["chain"].pop("pending") == shown["report"]["chain"].pop("pending") + 1
    assert shown["report"] == again
    assert shown["report"]["chain"]["checked"] == 6
    assert shown["report"]["rounds"]["checked"] == 3
    (recorded,) = verifications_recorded(app)
    assert recorded.payload["via"] == "api"
    assert recorded.payload["verification"] == asked["id"]
    assert recorded.payload["intact"] is True
    with databases(app)() as db:
        assert recorded.actor_id == db.get(AuditVerification, asked["id"]).requested_by
    # Done once: a repeated job changes nothing.
    assert run_verification(databases(app), asked["id"]) is False
    assert len(verifications_recorded(app)) == 1


def test_a_real_worker_runs_it(app_with_par_sheet, redis_settings):
    client = app_with_par_sheet.test_client()
    headers = sign_in(client, "compliance")
    asked = client.post(URL, json={}, headers=headers).json
    run_burst(redis_settings)
    shown = client.get(f"{URL}/{asked['id']}", headers=headers).json
    assert (shown["status"], shown["intact"]) == ("done", True), shown
    assert shown["report"]["chain"]["checked"] > 0


def test_a_failing_verification_is_marked_failed_and_a_rerun_starts_over(
    app, client, as_role, rounds, monkeypatch
):
    asked = client.post(URL, json={}, headers=as_role["compliance"]).json

    def failing(*_arguments, **_options):
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(service.compliance.verifications, "verify_records", failing)
    with pytest.raises(RuntimeError):
        run_verification(databases(app), asked["id"])
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"], shown["intact"]) == (
        "failed",
        "RuntimeError: the disk went away",
        None,
    )
    assert verifications_recorded(app) == []
    monkeypatch.undo()
    assert run_verification(databases(app), asked["id"]) is True
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"], shown["intact"]) == ("done", None, True)


def test_the_sweep_sends_a_lost_verification_again(app, client, as_role, redis_settings):
    asked = client.post(URL, json={}, headers=as_role["compliance"]).json
    with unit_of_work(databases(app)) as db:
        # Its outbox row went out, and Redis lost the job.
        db.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
    connection = connect(redis_settings.redis)
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert queue(QueueName.VERIFY, connection).job_ids == [f"verify-{asked['id']}"]
    # Failed (retried by RQ, then left for a person) or done: left alone.
    queue(QueueName.VERIFY, connection).empty()
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditVerification).values(status="failed"))
    reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0))
    assert queue(QueueName.VERIFY, connection).job_ids == []


def test_verifications_are_listed_newest_first(app, client, as_role, rounds):
    first = verified(app, client, as_role["compliance"])
    second = client.post(URL, json={"from": 2}, headers=as_role["admin"]).json
    listed = client.get(f"{URL}?per_page=5", headers=as_role["compliance"]).json
    assert [item["id"] for item in listed["items"]] == [second["id"], first["id"]]
    assert [item["status"] for item in listed["items"]] == ["queued", "done"]
    assert listed["items"][1]["intact"] is True
    assert listed["items"][1]["report"] is None  # a page shows no reports: each verification does
    assert (listed["total"], listed["page"], listed["per_page"]) == (2, 1, 5)


def chain_gauge(client) -> float | None:
    for family in text_string_to_metric_families(client.get("/metrics").get_data(as_text=True)):
        if family.name == "breakpoker_audit_chain_intact":
            return family.samples[0].value if family.samples else None
    raise AssertionError("no breakpoker_audit_chain_intact family")


def test_the_metrics_gauge_shows_the_whole_last_verification(app_with_par_sheet, redis_settings):
    """0 when the chain is intact but a total differs; a verification still
    queued changes nothing."""
    app, client = app_with_par_sheet, app_with_par_sheet.test_client()
    admin, compliance = sign_in(client, "admin"), sign_in(client, "compliance")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    enter(client, sign_in(client, "dealer"), table, "m1")
    with unit_of_work(databases(app)) as db:
        aggregate_round(db, db.scalar(select(func.max(RoundRecord.id))))
    run_burst(redis_settings)  # seal every event
    assert chain_gauge(client) is None  # never verified
    assert verified(app, client, compliance)["intact"] is True
    assert chain_gauge(client) == 1.0
    with unit_of_work(databases(app)) as db:
        db.execute(update(ShiftAggregate).values(main_house_net=ShiftAggregate.main_house_net + 1))
    assert client.post(URL, json={}, headers=compliance).status_code == 202  # not run yet
    assert chain_gauge(client) == 1.0
    shown = verified(app, client, compliance)
    assert (shown["intact"], shown["report"]["chain"]["intact"]) == (False, True)
    assert chain_gauge(client) == 0.0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"form": 3}, "form"),
        ({"from": 0}, "from"),
        ({"from": 5, "to": 2}, "to"),
        ({"to": "x"}, "to"),
        ({"to": 2**31}, "to"),
    ],
)
def test_the_request_is_strict(client, as_role, body, field):
    response = client.post(URL, json=body, headers=as_role["compliance"])
    assert response.status_code == 422, response.json
    assert response.json["field"] == field
    assert client.get(URL, headers=as_role["compliance"]).json["total"] == 0


def test_an_unknown_verification(client, as_role):
    response = client.get(f"{URL}/999", headers=as_role["compliance"])
    assert response.status_code == 404
    assert (response.json["code"], response.json["field"]) == ("verification_not_found", "verification_id")
