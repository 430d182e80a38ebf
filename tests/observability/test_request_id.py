"""X-Request-ID: taken when sane, made up otherwise, echoed, on every API
log line as JSON, and kept on the outbox rows the request writes, whence it
goes into the RQ job's meta."""

from __future__ import annotations

import io
import json
import logging

import pytest
from rq.job import Job
from rq.serializers import JSONSerializer
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import job_id
from service.observability.logs import JsonFormatter, RequestIdFilter
from service.store.models import OutboxEntry
from tests.ops.conftest import enter
from tests.support.app import sign_in
from workers.outbox import dispatch


@pytest.fixture
def log_lines():
    """What the app logs, formatted as the running services format it."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    root.removeHandler(handler)
    root.setLevel(old_level)


def test_a_sane_id_is_kept_echoed_and_logged(app_with_par_sheet, log_lines):
    client = app_with_par_sheet.test_client()
    response = client.get("/api/v1/tables", headers={"X-Request-ID": "lb-7f3a.19:02_x"})
    assert response.status_code == 401
    assert response.headers["X-Request-ID"] == "lb-7f3a.19:02_x"
    [line] = [line for line in log_lines() if line["logger"] == "breakpoker.access"]
    assert line["request_id"] == "lb-7f3a.19:02_x"
    assert (line["method"], line["path"], line["endpoint"], line["status"]) == (
        "GET",
        "/api/v1/tables",
        "/api/v1/tables",
        401,
    )
    assert line["level"] == "INFO"
    assert line["seconds"] >= 0


@pytest.mark.parametrize("sent", [None, "", "has space", "x" * 65, "<script>", "é"])
def test_an_absent_or_odd_id_is_replaced_by_a_new_one(app_with_par_sheet, sent):
    client = app_with_par_sheet.test_client()
    headers = {} if sent is None else {"X-Request-ID": sent}
    first = client.get("/healthz", headers=headers).headers["X-Request-ID"]
    second = client.get("/healthz", headers=headers).headers["X-Request-ID"]
    assert first != sent
    assert len(first) == 32
    assert int(first, 16) >= 0
    assert first != second  # one per request


def test_log_lines_outside_a_request_carry_no_id(app_with_par_sheet, log_lines):
    app_with_par_sheet.test_client().get("/healthz", headers={"X-Request-ID": "earlier"})
    logging.getLogger("breakpoker.test").warning("after the request", extra={"table": "BP-1"})
    line = log_lines()[-1]
    assert (line["message"], line["request_id"], line["table"], line["level"]) == (
        "after the request",
        None,
        "BP-1",
        "WARNING",
    )


def test_the_outbox_rows_and_jobs_of_a_request_carry_its_id(app_with_par_sheet, redis_settings):
    client = app_with_par_sheet.test_client()
    databases = app_with_par_sheet.extensions["breakpoker"]["databases"]
    with databases() as db:  # the fixture's users were made outside any request
        before = db.scalar(select(func.max(OutboxEntry.id)))
    admin = sign_in(client, "admin")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    dealer = sign_in(client, "dealer")
    entered = enter(client, {**dealer, "X-Request-ID": "round-req-1"}, table["id"], "r1")
    assert entered.headers["X-Request-ID"] == "round-req-1"
    with databases() as db:
        rows = db.scalars(select(OutboxEntry).where(OutboxEntry.request_id == "round-req-1")).all()
        jobs = ["aggregate", "expected_values", "hidden_information", "seal"]
        assert sorted(row.job for row in rows) == jobs
        # Other requests' rows carry their own ids, each a different one.
        every = db.scalars(select(OutboxEntry.request_id).where(OutboxEntry.id > before)).all()
        others = [found for found in every if found != "round-req-1"]
        assert len(others) == len(every) - len(jobs)
        assert others
        assert None not in others
    connection = connect(redis_settings.redis)
    while dispatch(databases, connection):
        pass
    for row in rows:
        named = job_id(row.job, row.ref)
        job = Job.fetch(named, connection=connection, serializer=JSONSerializer)
        # A job the dispatcher coalesced from several requests' rows (the
        # seal up to the newest event) names them all.
        carried = job.meta.get("request_ids", [job.meta.get("request_id")])
        assert "round-req-1" in carried, named
