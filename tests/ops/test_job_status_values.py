"""The background work's status is typed values, and GET /ops/jobs answers
exactly what job_status builds (less each queue's worker count, which only
``breakpoker jobs`` shows)."""

from __future__ import annotations

import json

from service.api.ops.ops_routes import JobStatusSchema
from service.config.redis_server import connect
from service.jobs.queues import QUEUES, QueueName
from service.ops.job_status import _failed_job, job_status
from tests.support.app import databases, sign_in


def as_json(value):
    return json.loads(json.dumps(value))


def without_workers(status):
    queues = [{key: value for key, value in queue.items() if key != "workers"} for queue in status["queues"]]
    return {**status, "queues": queues}


def test_the_jobs_answer_is_what_job_status_builds(app_with_par_sheet):
    client = app_with_par_sheet.test_client()
    admin = sign_in(client, "admin")
    client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin)  # a par sheet job waits
    settings = app_with_par_sheet.extensions["breakpoker"]["settings"]
    with databases(app_with_par_sheet)() as db:
        built = job_status(db, connect(settings.redis_url))
    assert [queue["name"] for queue in built["queues"]] == list(QUEUES)
    assert all("workers" in queue for queue in built["queues"])
    shown = client.get("/api/v1/ops/jobs", headers=admin).json
    assert as_json(JobStatusSchema().dump(built)) == as_json(without_workers(built))
    assert set(shown) == set(built)
    assert shown["queues"] == as_json(without_workers(built))["queues"]
    assert shown["undone"] == built["undone"]


def test_an_expired_failed_job_is_shown_as_built(app_with_par_sheet):
    settings = app_with_par_sheet.extensions["breakpoker"]["settings"]
    expired = _failed_job(connect(settings.redis_url), QueueName.AUDIT, "seal-gone")
    assert expired == {"id": "seal-gone", "queue": "audit", "error": "the job's data has expired"}
    assert JobStatusSchema().dump({"failed_jobs": [expired]})["failed_jobs"] == [expired]
