"""Prometheus figures read at scrape time beside :mod:`service.observability.metrics`:
each table's current gaming day as the pit report shows it, and the last
audit chain verification.

The day's figures are the report's own (:func:`service.reports.table_reports.report`), so
an alert on a variance flag says exactly what the pit boss will see. Money is
integer minor units. Every API replica reads the same database, so these
are the same on each: aggregate them with ``max``, never ``sum``, across
instances.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import select

from service.audit.kinds import EventKind
from service.reports.periods import table_scope
from service.reports.table_reports import report
from service.store.db import Db
from service.store.models import AuditEvent
from service.tables.tables import list_tables


@dataclass(frozen=True)
class DayLine:
    """One bet at one table, in the table's current gaming day."""

    table: str
    bet: str
    handle: int
    win: int
    theoretical_win: int | None  # None while a par sheet is being computed
    flagged: bool | None  # the report's variance flag; None without the theory
    noted: bool  # an investigation note is on the line


@dataclass(frozen=True)
class Verification:
    intact: bool
    at: datetime


def day_lines(db: Db, instance: Path, now: datetime | None = None) -> list[DayLine]:
    lines = []
    for table in list_tables(db):
        found = report(db, instance, table_scope(db, table.id), "day", None, None, now=now)
        for bet, line in found["bets"].items():
            lines.append(
                DayLine(
                    table.name,
                    bet,
                    line["handle"],
                    line["win"],
                    line["theoretical_win"],
                    line["variance_flag"],
                    line["note"] is not None,
                )
            )
    return lines


def last_verification(db: Db) -> Verification | None:
    """What the latest ``audit_verified`` event found (API, CLI or the verifier)."""
    event = db.scalars(
        select(AuditEvent)
        .where(AuditEvent.kind == EventKind.AUDIT_VERIFIED)
        .order_by(AuditEvent.id.desc())
        .limit(1)
    ).first()
    return None if event is None else Verification(bool(event.payload["intact"]), event.occurred_at)


#: DayLine field -> the series and its help
_PER_TABLE_AND_BET = {
    "handle": (
        "breakpoker_gaming_day_handle_minor_units",
        "Amount wagered at the table in its current gaming day",
    ),
    "win": (
        "breakpoker_gaming_day_house_win_minor_units",
        "The house's net win at the table in its current gaming day",
    ),
    "theoretical_win": (
        "breakpoker_gaming_day_theoretical_win_minor_units",
        "What the par sheets say the house should have won on that handle",
    ),
    "flagged": (
        "breakpoker_hold_variance_flag",
        "1 when the day's win is outside the report's confidence interval",
    ),
    "noted": ("breakpoker_hold_variance_noted", "1 when an investigation note is on the day's line"),
}


class FloorFigures(Collector):
    def __init__(self, lines: list[DayLine], verification: Verification | None) -> None:
        self.lines = lines
        self.verification = verification

    def collect(self) -> Iterator[GaugeMetricFamily]:
        families = {
            field: GaugeMetricFamily(name, documentation, labels=["table", "bet"])
            for field, (name, documentation) in _PER_TABLE_AND_BET.items()
        }
        for line in self.lines:
            for field, family in families.items():
                value = getattr(line, field)
                if value is not None:  # no theory yet: no sample, rather than a made-up 0
                    family.add_metric([line.table, line.bet], float(value))
        yield from families.values()
        intact = GaugeMetricFamily(
            "breakpoker_audit_chain_intact", "1 when the last verification found the audit chain intact"
        )
        verified = GaugeMetricFamily(
            "breakpoker_audit_chain_verified_timestamp_seconds", "When the audit chain was last verified"
        )
        if self.verification is not None:
            intact.add_metric([], float(self.verification.intact))
            verified.add_metric([], self.verification.at.timestamp())
        yield intact
        yield verified
