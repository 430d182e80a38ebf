"""Prometheus metrics. With several processes (gunicorn workers, RQ workers
and their work-horses) the client runs in multiprocess mode: each process
writes its own files under ``PROMETHEUS_MULTIPROC_DIR`` and ``/metrics``
adds them up."""

from __future__ import annotations

import os
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import REGISTRY, Collector

from service.aggregates import BETS, RoundFigures

REQUESTS = Counter("breakpoker_http_requests_total", "HTTP requests", ["endpoint", "method", "status"])
LATENCY = Histogram(
    "breakpoker_http_request_seconds",
    "HTTP request latency",
    ["endpoint", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
ROUNDS = Counter("breakpoker_rounds_settled_total", "Rounds settled (counted by the metrics job)")
SEATS = Counter("breakpoker_seats_settled_total", "Seats settled")
WAGERED = Counter("breakpoker_wagered_minor_units_total", "Amount wagered", ["bet"])
HOUSE_WON = Counter("breakpoker_house_won_minor_units_total", "What the house won on bets it won", ["bet"])
HOUSE_PAID = Counter(
    "breakpoker_house_paid_minor_units_total", "What the house paid on bets it lost", ["bet"]
)
FOULS = Counter("breakpoker_fouls_total", "Fouled settings")
LUCKY_BREAKS = Counter("breakpoker_lucky_breaks_total", "Hands with a Lucky Break", ["hand"])
NOT_QUALIFIED = Counter("breakpoker_dealer_not_qualified_total", "Rounds where the dealer did not qualify")
JOB_FAILURES = Counter("breakpoker_job_failures_total", "Background job attempts that raised", ["job"])


def count_settled_round(figures: RoundFigures) -> None:
    ROUNDS.inc()
    SEATS.inc(figures.seats)
    for bet in BETS:
        WAGERED.labels(bet).inc(figures.handle[bet])
        net = figures.house_net[bet]
        # Counters only go up: the house's net is won - paid.
        (HOUSE_WON if net >= 0 else HOUSE_PAID).labels(bet).inc(abs(net))
    FOULS.inc(figures.fouls)
    LUCKY_BREAKS.labels("player").inc(figures.player_lucky_breaks)
    LUCKY_BREAKS.labels("dealer").inc(int(figures.dealer_lucky_break))
    NOT_QUALIFIED.inc(int(not figures.dealer_qualifies))


def render(extra: Collector | None = None) -> bytes:
    """The text exposition: every process's metrics, and ``extra`` (queue
    depths and the outbox backlog, read at scrape time)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        processes = CollectorRegistry()
        MultiProcessCollector(processes)  # type: ignore[no-untyped-call]
        text = generate_latest(processes)
    else:
        text = generate_latest(REGISTRY)
    if extra is not None:
        scraped = CollectorRegistry()
        scraped.register(extra)
        text += generate_latest(scraped)
    return text


class Gauges(Collector):
    """Gauges computed when scraped."""

    def __init__(self, values: dict[str, tuple[str, dict[tuple[str, ...], float], tuple[str, ...]]]) -> None:
        self.values = values

    def collect(self) -> Iterator[GaugeMetricFamily]:
        for name, (documentation, samples, labels) in self.values.items():
            family = GaugeMetricFamily(name, documentation, labels=list(labels))
            for label_values, value in samples.items():
                family.add_metric(list(label_values), value)
            yield family
