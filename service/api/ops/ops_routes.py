"""Operations: the background work (admin) and Prometheus metrics."""

from __future__ import annotations

import hmac
import logging
import time

from flask import Flask, Response, current_app, g, request
from marshmallow import fields
from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from service.accounts.roles import Role
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.blueprint import Blueprint
from service.api.http.security import roles
from service.api.http.work import db, settings
from service.errors import ErrorCode, Unauthorized
from service.jobs.queues import QueueName
from service.observability.metrics import JOB_FAILURES_KEY, LATENCY, REQUESTS, render
from service.ops.build_info import BuildInfoMetric, build_info
from service.ops.floor_metrics import FloorFigures, day_lines, last_verification
from service.ops.job_status import (
    Counts,
    FailedJob,
    JobStatus,
    OutboxCounts,
    QueueJson,
    RedisState,
    Undone,
    job_status,
    queue_counts,
)
from service.ops.scrape import ScrapeTime, game_totals
from service.protection.metrics import AlertFigures, alert_counts

log = logging.getLogger(__name__)

blp = Blueprint("ops", __name__, url_prefix="/ops", description="Background work")


OutboxSchema = answer(OutboxCounts, "OutboxSchema")


RedisStateSchema = answer(
    RedisState,
    "RedisStateSchema",
    error=fields.String(metadata={"description": "why not, when it is not"}),
)


# A choice of the names, not the enum's field: the document types it as text.
QueueSchema = answer(
    QueueJson,
    "QueueSchema",
    name=api_fields.choice([name.value for name in QueueName], "the queue"),
)


UndoneSchema = answer(Undone, "UndoneSchema")


FailedJobSchema = answer(
    FailedJob,
    "FailedJobSchema",
    queue=api_fields.choice([name.value for name in QueueName], "the queue it failed on"),
    function=fields.String(allow_none=True, metadata={"description": "what it runs; absent: expired"}),
    args=fields.List(fields.Raw(), metadata={"description": "what it was queued with; absent: expired"}),
    ended_at=fields.String(allow_none=True, metadata={"description": "when it last failed"}),
    error=fields.String(allow_none=True, metadata={"description": "the last line of its error"}),
)


JobStatusSchema = answer(
    JobStatus,
    "JobStatusSchema",
    queues=api_fields.nested_list(QueueSchema, "each queue's jobs (none when Redis does not answer)"),
)


def redis() -> Redis:
    connection: Redis = current_app.extensions["breakpoker"]["redis"]
    return connection


@blp.route("/jobs")
@blp.response(200, JobStatusSchema)
@roles(Role.ADMIN)
def jobs_view() -> JobStatus:
    """Queue depths, failed jobs and the outbox backlog."""
    return job_status(db(), redis())


def metrics() -> Response:
    """Prometheus text format: the API processes' requests and, read now, the
    game's totals from the aggregates, job failures, queues and the outbox,
    each table's gaming day, game protection's alerts (raised and open),
    the last audit chain verification and the build
    (``breakpoker_build_info``). With
    BREAKPOKER_METRICS_TOKEN set, only for a scraper sending it as a bearer
    token: the figures are the casino's takings."""
    expected = settings().metrics_token
    if expected:
        header = request.headers.get("Authorization", "")
        scheme, _, sent = header.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(sent.strip().encode(), expected.encode()):
            raise Unauthorized(
                ErrorCode.INVALID_TOKEN,
                "/metrics needs the scrape token: Authorization: Bearer <token>",
                "Authorization",
            )
    build = build_info(db())  # first: it tells a database that does not answer too
    totals: dict[str, int] | None = None
    status: Counts | None = None
    failures: dict[str, int] = {}
    floor = FloorFigures([], None)
    alerts = AlertFigures([])
    try:
        # First and apart: a floor figure failing must not hide an alert.
        alerts = AlertFigures(alert_counts(db()))
    except SQLAlchemyError:
        db().rollback()
    try:
        totals = game_totals(db())
        status = queue_counts(db(), redis())
        floor = FloorFigures(day_lines(db(), settings().instance), last_verification(db()))
    except SQLAlchemyError:
        db().rollback()
    except Exception:
        # One table's figures failing (an unreadable par sheet) must not take
        # every other series with it and page someone for an API outage.
        log.exception("the floor figures for /metrics failed; served without them")
    try:
        raw = redis().hgetall(JOB_FAILURES_KEY)
        failures = {_text(key): int(value) for key, value in raw.items()}
    except (RedisError, OSError):
        pass
    scraped = render(ScrapeTime(totals, status, failures), floor, alerts, BuildInfoMetric(build))
    return Response(scraped, mimetype="text/plain; version=0.0.4")


def register_metrics(app: Flask) -> None:
    app.add_url_rule("/metrics", "metrics", metrics)

    @app.after_request
    def count_request(response: Response) -> Response:
        endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
        if endpoint != "/metrics":
            REQUESTS.labels(endpoint, request.method, str(response.status_code)).inc()
            LATENCY.labels(endpoint, request.method).observe(
                time.perf_counter() - g.get("request_started", time.perf_counter())
            )
        return response


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
