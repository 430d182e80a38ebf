"""The operations kit's tests: the API tests' fixtures (a fresh database per
test, a real Redis), and a live app whose /metrics shows every series."""

from __future__ import annotations

import pytest

from service.config.redis_server import connect
from service.observability.metrics import count_job_failure
from service.rounds.aggregates import aggregate_round
from service.store.work import unit_of_work
from tests.ops.promql import exposed_series
from tests.support.app import sign_in
from tests.support.rounds_data import round_body
from tests.support.verifying import verified


def enter(client, headers, table_id, round_id, **changes):
    response = client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=round_body(round_id, **changes),
        headers={**headers, "Idempotency-Key": f"{table_id}-{round_id}"},
    )
    assert response.status_code == 201, response.json
    return response


def seal_all(app):
    """What the audit job does for every event so far, in this process."""
    from sqlalchemy import func, select

    from service.audit.chain import seal_batch
    from service.store.models import AuditEvent

    with unit_of_work(app.extensions["breakpoker"]["databases"]) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


def count_rounds(app):
    """What the metrics job does for each round, in this process."""
    from sqlalchemy import select

    from service.store.models import RoundRecord

    with unit_of_work(app.extensions["breakpoker"]["databases"]) as db:
        for round_id in db.scalars(select(RoundRecord.id)):
            aggregate_round(db, round_id)


@pytest.fixture
def live_metrics(app_with_par_sheet, redis_settings) -> str:
    """/metrics of an app with a table, a counted round, a verified chain
    and a job failure on record: every family has samples."""
    client = app_with_par_sheet.test_client()
    admin = sign_in(client, "admin")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    enter(client, sign_in(client, "dealer"), table["id"], "r1")
    count_rounds(app_with_par_sheet)
    seal_all(app_with_par_sheet)
    assert verified(app_with_par_sheet, client, sign_in(client, "compliance"))["intact"]
    count_job_failure(connect(redis_settings.redis), "workers.jobs.aggregate_round")
    return client.get("/metrics").get_data(as_text=True)


@pytest.fixture
def exposed(live_metrics) -> set[str]:
    return exposed_series(live_metrics)
