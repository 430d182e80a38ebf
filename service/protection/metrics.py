"""The alerts for Prometheus, read from the database at scrape time (the
workers that raise them are other processes): every alert raised, by
kind and severity (``breakpoker_alerts_total``, a counter: the alerts are
append-only, so it only rises), and those still open
(``breakpoker_alerts_open``), which ops/prometheus/alerts.yml pages on.
Every kind and severity has a sample, 0 until one is raised, so that a
rate over the counter starts from its true beginning."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from service.protection.values import AlertKind, Severity
from service.store.db import Db
from service.store.models import Alert, AlertAcknowledgement


@dataclass(frozen=True)
class AlertCount:
    kind: AlertKind
    severity: Severity
    raised: int
    open: int


def alert_counts(db: Db) -> list[AlertCount]:
    """Every kind and severity with the alerts raised and still open."""
    acknowledged = select(AlertAcknowledgement.alert_id).where(AlertAcknowledgement.alert_id == Alert.id)
    rows = db.execute(
        select(
            Alert.kind,
            Alert.severity,
            func.count(),
            func.count().filter(~acknowledged.exists()),
        ).group_by(Alert.kind, Alert.severity)
    ).all()
    found = {(kind, severity): (int(raised), int(still)) for kind, severity, raised, still in rows}
    return [
        AlertCount(kind, severity, *found.get((kind.value, severity.value), (0, 0)))
        for kind in AlertKind
        for severity in Severity
    ]


class AlertFigures(Collector):
    def __init__(self, counts: list[AlertCount]) -> None:
        self.counts = counts

    def collect(self) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        raised = CounterMetricFamily(
            "breakpoker_alerts", "Game protection's alerts raised", labels=["kind", "severity"]
        )
        still = GaugeMetricFamily(
            "breakpoker_alerts_open",
            "Game protection's alerts no pit boss has acknowledged",
            labels=["kind", "severity"],
        )
        for count in self.counts:
            raised.add_metric([count.kind.value, count.severity.value], float(count.raised))
            still.add_metric([count.kind.value, count.severity.value], float(count.open))
        yield raised
        yield still
