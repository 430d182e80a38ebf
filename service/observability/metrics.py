"""Prometheus metrics counted in the processes: HTTP requests and latency
(with several gunicorn workers the client runs in multiprocess mode,
``PROMETHEUS_MULTIPROC_DIR``, and ``/metrics`` adds the processes up), the
Redis counter of job failures, and the text exposition."""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import REGISTRY, Collector
from redis import Redis

REQUESTS = Counter("breakpoker_http_requests_total", "HTTP requests", ["endpoint", "method", "status"])

LATENCY = Histogram(
    "breakpoker_http_request_seconds",
    "HTTP request latency",
    ["endpoint", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)

JOB_FAILURES_KEY = "breakpoker:job_failures"  # a Redis hash: job function -> attempts that raised


def count_job_failure(connection: Redis, function: str) -> None:
    connection.hincrby(JOB_FAILURES_KEY, function, 1)


def render(*extra: Collector) -> bytes:
    """The text exposition: the API processes' metrics and ``extra`` (read now)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        processes = CollectorRegistry()
        MultiProcessCollector(processes)  # type: ignore[no-untyped-call]
        text = generate_latest(processes)
    else:
        text = generate_latest(REGISTRY)
    if extra:
        scraped = CollectorRegistry()
        for collector in extra:
            scraped.register(collector)
        text += generate_latest(scraped)
    return text
