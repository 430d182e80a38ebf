"""Operations: the background work (admin) and Prometheus metrics."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, Response, current_app, g, request
from redis import Redis
from sqlalchemy.exc import SQLAlchemyError

from service.api.blueprint import Blueprint
from service.api.security import roles
from service.api.session import db
from service.metrics import LATENCY, REQUESTS, Gauges, render
from service.ops import job_status

blp = Blueprint("ops", __name__, url_prefix="/ops", description="Background work")


def redis() -> Redis:
    connection: Redis = current_app.extensions["breakpoker"]["redis"]
    return connection


@blp.route("/jobs")
@roles("admin")
def jobs_view() -> dict[str, Any]:
    """Queue depths, failed jobs and the outbox backlog."""
    return job_status(db(), redis())


def metrics() -> Response:
    """Prometheus text format: every process's counters and, read now, the
    queues and the outbox backlog."""
    gauges: dict[str, tuple[str, dict[tuple[str, ...], float], tuple[str, ...]]] = {}
    try:
        status = job_status(db(), redis())
    except SQLAlchemyError:
        status = None
    if status is not None:
        gauges["breakpoker_outbox_backlog"] = (
            "Outbox rows waiting for Redis",
            {(): status["outbox"]["waiting"]},
            (),
        )
        gauges["breakpoker_redis_up"] = ("Redis answers", {(): float(status["redis"]["reachable"])}, ())
        for what in ("queued", "started", "scheduled", "failed"):
            gauges[f"breakpoker_jobs_{what}"] = (
                f"Jobs {what}, by queue",
                {(q["name"],): q[what] for q in status["queues"]},
                ("queue",),
            )
    return Response(render(Gauges(gauges)), mimetype="text/plain; version=0.0.4")


def register_metrics(app: Flask) -> None:
    app.add_url_rule("/metrics", "metrics", metrics)

    @app.before_request
    def start_clock() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def count_request(response: Response) -> Response:
        endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
        if endpoint != "/metrics":
            REQUESTS.labels(endpoint, request.method, str(response.status_code)).inc()
            LATENCY.labels(endpoint, request.method).observe(
                time.perf_counter() - g.get("started", time.perf_counter())
            )
        return response
