"""The figures ``/metrics`` reads at scrape time. The game's figures are not counted in
the job processes (a work-horse per job would leave a file per job, and a
horse killed after its commit would lose its increment): they are read at
scrape time from the aggregates the workers keep in the database, and job
failures from a counter in Redis. So they are exact, whatever restarts.

A void or a correction lowers the aggregates (the reports count rounds net
of them), but a counter must never fall (Prometheus would read a reset and
``rate()`` would spike): each counter is the aggregate plus what voids and
corrections took out of it, which have counters of their own, and the net
figures are gauges.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from service.ops.job_status import Counts
from service.rounds.aggregates import BETS, TAKEN_OUT_ROUNDS, TOTALS
from service.store.db import Db
from service.store.models import ShiftAggregate

#: Counters: every round as it was counted, voided and corrected ones too.
_SETTLED = {
    "rounds": ("breakpoker_rounds_settled", "Rounds settled and counted, voided and corrected ones too"),
    "seats": ("breakpoker_seats_settled", "Seats settled, in voided and corrected rounds too"),
    "fouls": ("breakpoker_fouls", "Fouled settings, in voided and corrected rounds too"),
    "dealer_non_qualifications": (
        "breakpoker_dealer_not_qualified",
        "Rounds where the dealer did not qualify, voided and corrected ones too",
    ),
}

_TAKEN_OUT_ROUNDS = {
    "voided_rounds": ("breakpoker_rounds_voided", "Rounds an approved void took out of the totals"),
    "corrected_rounds": (
        "breakpoker_rounds_corrected",
        "Rounds an approved correction replaced (its new record counts as settled)",
    ),
}

#: what a queue's counts hold (QueueCounts' figures), each a gauge
_PER_QUEUE: dict[Literal["queued", "started", "scheduled", "failed", "workers"], tuple[str, str]] = {
    "queued": ("breakpoker_jobs_queued", "Jobs waiting on the queue"),
    "started": ("breakpoker_jobs_started", "Jobs running"),
    "scheduled": ("breakpoker_jobs_scheduled", "Jobs waiting for a retry"),
    "failed": ("breakpoker_jobs_failed", "Jobs that failed every retry (RQ's failed-job registry)"),
    "workers": ("breakpoker_workers", "RQ workers serving the queue"),
}


def game_totals(db: Db) -> dict[str, int]:
    """Sums over every shift aggregate."""
    columns = TOTALS
    row: tuple[Any, ...] = tuple(
        db.execute(select(*(func.coalesce(func.sum(getattr(ShiftAggregate, c)), 0) for c in columns))).one()
    )
    return {name: int(value) for name, value in zip(columns, row, strict=True)}


class ScrapeTime(Collector):
    """Figures read when scraped: the game's totals, jobs and the outbox."""

    def __init__(
        self, totals: dict[str, int] | None, status: Counts | None, failures: dict[str, int]
    ) -> None:
        self.totals = totals
        self.status = status
        self.failures = failures

    def collect(self) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        if self.totals is not None:
            yield from self._game(self.totals)
        failures = CounterMetricFamily(
            "breakpoker_job_failures", "Background job attempts that raised", labels=["job"]
        )
        for function, count in sorted(self.failures.items()):
            failures.add_metric([function], count)
        yield failures
        if self.status is None:
            return
        yield GaugeMetricFamily(
            "breakpoker_outbox_backlog",
            "Outbox rows waiting for Redis",
            value=self.status["outbox"]["waiting"],
        )
        yield GaugeMetricFamily(
            "breakpoker_outbox_oldest_seconds",
            "How long the oldest waiting outbox row has waited (0 when none waits)",
            value=self.status["outbox"]["oldest_seconds"],
        )
        yield GaugeMetricFamily(
            "breakpoker_audit_events_refused",
            "Audit events the sealer refused: no valid MAC (written by SQL, not by the service)",
            value=self.status["refused_events"],
        )
        yield GaugeMetricFamily(
            "breakpoker_redis_up", "Redis answers", value=float(self.status["redis"]["reachable"])
        )
        for what, (name, documentation) in _PER_QUEUE.items():
            family = GaugeMetricFamily(name, documentation, labels=["queue"])
            for queue in self.status["queues"]:
                family.add_metric([queue["name"]], queue[what])
            yield family

    @staticmethod
    def _game(totals: dict[str, int]) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        def settled(column: str) -> int:
            return totals[column] + totals[f"taken_out_{column}"]

        taken_out_rounds = sum(totals[column] for column in TAKEN_OUT_ROUNDS.values())
        for column, (name, documentation) in _SETTLED.items():
            value = totals[column] + taken_out_rounds if column == "rounds" else settled(column)
            yield CounterMetricFamily(name, documentation, value=value)
        for column, (name, documentation) in _TAKEN_OUT_ROUNDS.items():
            yield CounterMetricFamily(name, documentation, value=totals[column])
        yield GaugeMetricFamily(
            "breakpoker_rounds_counted",
            "Rounds the reports count: settled, less those voids and corrections took out",
            value=totals["rounds"],
        )
        lucky = CounterMetricFamily(
            "breakpoker_lucky_breaks",
            "Hands with a Lucky Break, in voided and corrected rounds too",
            labels=["hand"],
        )
        for hand in ("player", "dealer"):
            lucky.add_metric([hand], settled(f"{hand}_lucky_breaks"))
        yield lucky
        yield from _money(totals)


def _money(totals: dict[str, int]) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
    wagered = CounterMetricFamily(
        "breakpoker_wagered_minor_units", "Amount wagered, in voided and corrected rounds too", labels=["bet"]
    )
    taken_out = CounterMetricFamily(
        "breakpoker_wagered_taken_out_minor_units",
        "Amount wagered in the rounds voids and corrections took out",
        labels=["bet"],
    )
    wagered_net = GaugeMetricFamily(
        "breakpoker_wagered_net_minor_units",
        "Amount wagered as the reports count it (net of voids and corrections)",
        labels=["bet"],
    )
    house_net = GaugeMetricFamily(
        "breakpoker_house_net_minor_units",
        "Net house win as the reports count it (negative when the house paid out more)",
        labels=["bet"],
    )
    for bet in BETS:
        wagered.add_metric([bet], totals[f"{bet}_handle"] + totals[f"taken_out_{bet}_handle"])
        taken_out.add_metric([bet], totals[f"taken_out_{bet}_handle"])
        wagered_net.add_metric([bet], totals[f"{bet}_handle"])
        house_net.add_metric([bet], totals[f"{bet}_house_net"])
    yield from (wagered, taken_out, wagered_net, house_net)
