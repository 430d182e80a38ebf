"""Table and floor reports by shift, gaming day, month-to-date and
year-to-date: rounds, seats, handle and house win per bet, hold against the
theoretical hold of the rules the rounds were played under, variance flags
with the current investigation notes, and per-dealer figures. What a
report covers is :mod:`service.reports.periods`; the notes are
:mod:`service.reports.variance_notes`; the sums of the aggregates are
:mod:`service.reports.aggregate_sums` and the dealers' lines
:mod:`service.reports.dealer_lines`.

The figures are sums of the shift aggregates (kept by the background job), so
a report reads a few rows per table, shift and dealer, never every round.
What the job has not counted yet is reported as ``pending_rounds``. Beside
them, the figures from the chips (:mod:`service.reports.chips_figures`):
the win by the regulators' formula over the period's counted sessions,
summed from the rows their job keeps; and the expected win from the hands
dealt with its band (:mod:`service.reports.expected_win`). The
theory comes from the cached par sheets; a sheet still being computed makes
the theoretical figures null rather than stall the request for seconds.

Money is integer minor units of the tables' currency: a report covers
tables of one currency (``currency``); a floor of several is reported a
currency at a time (:mod:`service.reports.currency_reports`). The theoretical win is exact internally and
shown rounded to the nearest minor unit (halves away from zero).
"""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction
from pathlib import Path

from service.analysis.par_sheet import ParSheet
from service.config.currency import CurrencyJson
from service.engine.table_config import BetType
from service.errors import ErrorCode, Invalid
from service.reports.aggregate_sums import Sums, pending_rounds, period_sums
from service.reports.chips_figures import chips_figures
from service.reports.dealer_lines import dealer_lines, exception_counts
from service.reports.expected_win import expected_win
from service.reports.hold import Interval, Theory, VersionTheory, hold, z_value
from service.reports.periods import Period, Scope, check_confidence, resolve_period
from service.reports.report_values import (
    BetLineJson,
    DealerReportJson,
    HoldIntervalJson,
    ReportHeaderJson,
    ReportJson,
    ReportPartJson,
    ReportUnitsJson,
    TotalsJson,
)
from service.reports.report_versions import version_names, version_sheets
from service.reports.variance_notes import CurrentNoteJson, current_notes
from service.rounds.aggregates import BETS
from service.store.db import Db, iso, utc_now
from service.tables.tables import currencies_of

DEFAULT_CONFIDENCE = 0.95
UNITS: ReportUnitsJson = {
    "money": "integer minor units of the report's currency (cents of USD, yen of JPY)",
    "win": "the house's net win: positive when the house is ahead",
    "hold": "win / handle as a fraction (0.05 is 5 %); null when the handle is 0",
    "theoretical_win": (
        "Σ over configuration versions of house edge × handle, rounded to the nearest minor unit "
        "(halves away from zero); the totals add the rounded figures of the bets"
    ),
    "theoretical_win_sd": "standard deviation of the win under the par sheets, minor units (a statistic)",
    "win_interval": (
        "the whole minor units inside theoretical win ± z × sd; variance_flag is true when the win is "
        "outside it"
    ),
}


def one_currency(db: Db, scope: Scope) -> CurrencyJson | None:
    """The currency of every table of the scope (None: no tables); a 422
    naming ``tables`` for tables in several, whose amounts never add up."""
    found = sorted({money.code: money for money in currencies_of(db, scope.tables).values()}.items())
    if len(found) > 1:
        raise Invalid(
            ErrorCode.MIXED_CURRENCIES,
            f"tables: the tables are in {', '.join(code for code, _ in found)}; "
            "amounts of different currencies are not added: ask for the tables of one",
            "tables",
        )
    return found[0][1].json() if found else None


def _bet_line(
    bet: BetType,
    per_version: dict[int, Sums],
    theories: dict[int, ParSheet] | None,
    confidence: float,
    note: CurrentNoteJson | None,
) -> tuple[BetLineJson, Fraction | None]:
    """One bet's figures, and its exact theoretical win for the totals."""
    total = Sums.of(per_version.values())
    handle, win = total.handle(bet), total.win(bet)
    line: BetLineJson = {
        "bets": total.counts[f"{bet}_bets"],
        "handle": handle,
        "win": win,
        "hold": hold(win, handle),
        "theoretical_hold": None,
        "theoretical_win": None,
        "theoretical_win_sd": None,
        "win_interval": None,
        "hold_interval": None,
        "variance_flag": None,
        "note": note,
    }
    if theories is None:
        return line, None
    theory = Theory.of(
        (
            VersionTheory(theories[config_id].bets[bet].house_edge, theories[config_id].bets[bet].variance),
            sums.stakes(bet),
        )
        for config_id, sums in per_version.items()
    )
    interval = theory.win_interval(confidence)
    low, high = interval.whole_units()
    line["theoretical_hold"] = None if handle == 0 else float(theory.expected_win / handle)
    line["theoretical_win"] = theory.rounded_win
    line["theoretical_win_sd"] = theory.standard_deviation
    line["win_interval"] = {"low": low, "high": high}
    line["hold_interval"] = _hold_interval(interval, handle)
    line["variance_flag"] = handle > 0 and not interval.contains(win)
    return line, theory.expected_win


def _hold_interval(interval: Interval, handle: int) -> HoldIntervalJson | None:
    if handle == 0:
        return None
    per = interval.per(handle)
    return {"low": per.low, "high": per.high}


def report_header(scope: Scope, period: Period, chosen: str, now: datetime, pending: int) -> ReportHeaderJson:
    return {
        "scope": scope.json(),
        **period.json(),
        "day_chosen": chosen,
        "generated_at": iso(now),
        "pending_rounds": pending,
        "lag": (
            "complete: every round of the period is counted"
            if pending == 0
            else f"the figures lag by {pending} round{'s' if pending != 1 else ''} "
            "the background job has not counted yet"
        ),
    }


def _per_version(by_key: dict[tuple[int, int], Sums]) -> dict[int, Sums]:
    """The sums per configuration version, of the versions that have any."""
    per_version: dict[int, Sums] = {}
    for (config_id, _), sums in by_key.items():
        per_version.setdefault(config_id, Sums()).add(sums)
    return {config_id: sums for config_id, sums in per_version.items() if not sums.empty()}


def _totals(
    total: Sums, bets: dict[BetType, BetLineJson], expected: Fraction, theory_pending: bool
) -> TotalsJson:
    """Every bet together. The theoretical win adds the bets' rounded figures,
    so it matches the lines shown; the theoretical hold divides the exact win."""
    handle = sum(total.handle(bet) for bet in BETS)
    win = sum(total.win(bet) for bet in BETS)
    # Without pending theory every line has its figure: none is left out.
    rounded = [line["theoretical_win"] for line in bets.values()]
    return {
        "handle": handle,
        "win": win,
        "hold": hold(win, handle),
        "theoretical_win": None if theory_pending else sum(each for each in rounded if each is not None),
        "theoretical_hold": None if theory_pending or handle == 0 else float(expected / handle),
    }


def report_part(
    db: Db,
    instance: Path,
    scope: Scope,
    kind: str,
    day: date | None,
    shift: int | None,
    confidence: float = DEFAULT_CONFIDENCE,
    now: datetime | None = None,
    tolerance: int = 0,
) -> ReportPartJson:
    """The report of a table or the floor for a period (JSON-ready), its
    tables in one currency;
    ``tolerance``: how far a session's cards and chips may differ unflagged."""
    now = now or utc_now()
    check_confidence(confidence)
    currency = one_currency(db, scope)
    period, chosen = resolve_period(scope, kind, day, shift, now)
    by_key = period_sums(db, scope, period)
    per_version = _per_version(by_key)
    sheets = version_sheets(db, instance, per_version)
    missing = sorted(config_id for config_id, sheet in sheets.items() if sheet is None)
    theories = None if missing else {config_id: sheet for config_id, sheet in sheets.items() if sheet}
    notes = current_notes(db, scope, period)
    total = Sums.of(per_version.values())

    bets: dict[BetType, BetLineJson] = {}
    expected = Fraction(0)
    for bet in BetType:
        bets[bet], exact = _bet_line(bet, per_version, theories, confidence, notes.get(bet))
        expected += exact or 0
    return {
        **report_header(scope, period, chosen, now, pending_rounds(db, scope, period)),
        "currency": currency,
        "confidence": confidence,
        "z": z_value(confidence),
        "units": UNITS,
        "rounds": total.counts["rounds"],
        "seats": total.counts["seats"],
        "fouls": total.counts["fouls"],
        "player_lucky_breaks": total.counts["player_lucky_breaks"],
        "dealer_lucky_breaks": total.counts["dealer_lucky_breaks"],
        "dealer_non_qualifications": total.counts["dealer_non_qualifications"],
        "theoretical_pending": bool(missing),
        "theoretical_pending_versions": version_names(db, missing),
        "bets": bets,
        "totals": _totals(total, bets, expected, bool(missing)),
        "dealers": dealer_lines(db, by_key, exception_counts(db, scope, period)),
        "chips": chips_figures(db, scope, period, tolerance),
        "expected_win": expected_win(
            db, scope, period, {bet: line["theoretical_win_sd"] for bet, line in bets.items()}
        ),
    }


def report(
    db: Db,
    instance: Path,
    scope: Scope,
    kind: str,
    day: date | None,
    shift: int | None,
    confidence: float = DEFAULT_CONFIDENCE,
    now: datetime | None = None,
    tolerance: int = 0,
) -> ReportJson:
    """:func:`report_part` as the API answers it: every amount in ``currency``."""
    part = report_part(db, instance, scope, kind, day, shift, confidence, now, tolerance)
    return {**part, "by_currency": []}


def dealer_report(
    db: Db,
    scope: Scope,
    kind: str,
    day: date | None,
    shift: int | None,
    now: datetime | None = None,
) -> DealerReportJson:
    """The per-dealer figures alone, for a table or the floor."""
    now = now or utc_now()
    currency = one_currency(db, scope)
    period, chosen = resolve_period(scope, kind, day, shift, now)
    return {
        **report_header(scope, period, chosen, now, pending_rounds(db, scope, period)),
        "currency": currency,
        "units": {"money": UNITS["money"], "win": UNITS["win"], "hold": UNITS["hold"]},
        "dealers": dealer_lines(db, period_sums(db, scope, period), exception_counts(db, scope, period)),
    }
