"""The floor report when the floor's tables are in more than one currency:
amounts of different currencies are never added, so the floor is reported
a currency at a time (each part the report of its tables, for the same
period), with the counts of rounds, seats and the like added across them.
A floor of one currency is the plain report."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from service.config.currency import Currency
from service.reports.aggregate_sums import pending_rounds
from service.reports.periods import Scope, resolve_period
from service.reports.report_values import ByCurrencyReportJson, CurrencyPartJson, ReportJson
from service.reports.table_reports import DEFAULT_CONFIDENCE, UNITS, report, report_header, report_part
from service.store.db import Db, utc_now
from service.store.models import GameTable
from service.tables.tables import currencies_of


def by_currency(db: Db, scope: Scope) -> dict[Currency, tuple[GameTable, ...]]:
    """The scope's tables by their currency, the codes in order."""
    currencies = currencies_of(db, scope.tables)
    found: dict[Currency, list[GameTable]] = {}
    for table in scope.tables:
        found.setdefault(currencies[table.id], []).append(table)
    return {money: tuple(found[money]) for money in sorted(found, key=lambda each: each.code)}


def floor_report(
    db: Db,
    instance: Path,
    scope: Scope,
    kind: str,
    day: date | None,
    shift: int | None,
    confidence: float = DEFAULT_CONFIDENCE,
    now: datetime | None = None,
    tolerance: int = 0,
) -> ReportJson | ByCurrencyReportJson:
    """The floor's report: one currency, the plain report; several, one
    part a currency (each with its own totals) and no amount added across."""
    now = now or utc_now()
    groups = by_currency(db, scope)
    if len(groups) <= 1:
        return report(db, instance, scope, kind, day, shift, confidence, now, tolerance)
    period, chosen = resolve_period(scope, kind, day, shift, now)  # one day for every part
    parts: list[CurrencyPartJson] = [
        {
            "currency": money.json(),
            "report": report_part(
                db,
                instance,
                Scope(tables, None, False),
                kind,
                period.day,
                shift,
                confidence,
                now,
                tolerance,
            ),
        }
        for money, tables in groups.items()
    ]
    reports = [part["report"] for part in parts]
    return {
        **report_header(scope, period, chosen, now, pending_rounds(db, scope, period)),
        "currency": None,
        "by_currency": parts,
        "confidence": reports[0]["confidence"],
        "z": reports[0]["z"],
        "units": UNITS,
        "rounds": sum(each["rounds"] for each in reports),
        "seats": sum(each["seats"] for each in reports),
        "fouls": sum(each["fouls"] for each in reports),
        "player_lucky_breaks": sum(each["player_lucky_breaks"] for each in reports),
        "dealer_lucky_breaks": sum(each["dealer_lucky_breaks"] for each in reports),
        "dealer_non_qualifications": sum(each["dealer_non_qualifications"] for each in reports),
        "theoretical_pending": any(each["theoretical_pending"] for each in reports),
        "theoretical_pending_versions": [
            version for each in reports for version in each["theoretical_pending_versions"]
        ],
        "bets": None,
        "totals": None,
        "dealers": None,
        "chips": None,
        "expected_win": None,
    }
