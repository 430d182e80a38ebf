"""The derived totals recounted from the stored rounds.

``shift_aggregates`` (what the reports and ``/metrics`` read) and
``aggregated_rounds`` (which rounds they hold) are kept by the metrics job
and guarded by no trigger: a total edited by hand moves a table's hold in
the reports. Here every total is counted again from the rounds its markers
say it holds, in one statement (one snapshot: a marker and its totals
commit together, so a job finishing meanwhile cannot make them differ),
and each total that differs is named. A round the totals do not hold yet
(the job is behind) is in neither count; a round marked as taken out
although no void or correction took it out is named on its own.
The expected win's totals (``shift_expected_values``) are recounted too
(:mod:`service.compliance.value_sums_check`); their differences are
named ``shift_expected_values.<column>``, with version 0 (they are kept
per dealer, not per version). So is each session's figures row
(``session_figures``: the chips' win, drop and hold and the
cards-against-chips check), derived again from its session's records
(:mod:`service.compliance.figures_check`) and named by its session.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from sqlalchemy import ColumnElement, Float, Select, and_, case, cast, func, literal_column, select

from service.compliance.figures_check import FiguresReport, FiguresReportJson, check_figures, figures_rows
from service.compliance.recount_query import recount_beside_stored, zeros
from service.compliance.value_sums_check import check_value_sums
from service.engine.house_way import Rule
from service.jobs.progress import Progress
from service.rounds.aggregates import BETS, COUNTERS
from service.rounds.status import counting
from service.store.db import Db
from service.store.models import (
    AggregatedRound,
    ConfigVersion,
    GameTable,
    RoundRecord,
    SeatRecord,
    ShiftAggregate,
    ShiftExpectedValues,
    User,
)

LISTED = 100  # totals and rounds named in a report
#: the expected win's totals' columns are named with their table's name
VALUE_SUMS = "shift_expected_values"
LUCKY_RULES = [rule.value for rule in Rule if rule.is_lucky_break]
KEY = ("table_id", "gaming_day", "shift", "dealer_id", "config_id")


class TotalDifferenceJson(TypedDict):
    """A :class:`TotalDifference` as a verification's report stores it."""

    table_id: Annotated[int, "the table"]
    table: Annotated[str, "the table's name"]
    gaming_day: Annotated[str, "an ISO 8601 date"]
    shift: Annotated[int, "the shift, from 1"]
    dealer_id: Annotated[int, "the dealer"]
    dealer: Annotated[str, "the dealer's name"]
    config_version: Annotated[int, "the table's config version"]
    column: Annotated[str, "e.g. main_house_net"]
    stored: int | float  # a float for the *_stake_squares statistics only
    recounted: int | float


class TotalsReportJson(TypedDict):
    intact: Annotated[bool, "every total agrees with a recount"]
    checked: Annotated[int, "shift totals compared"]
    differing: Annotated[int, "shift totals with a column that differs"]
    differences: Annotated[list[TotalDifferenceJson], "the first 100 columns that differ"]
    taken_out_counting: Annotated[list[int], "rounds taken out of the totals although they still count"]
    session_figures: Annotated[
        FiguresReportJson,
        "each session's figures (win, drop, the check) against its records",
    ]


@dataclass(frozen=True)
class TotalDifference:
    """One column of one shift's totals: as stored, and as the rounds count it."""

    table_id: int
    table: str
    gaming_day: str
    shift: int
    dealer_id: int
    dealer: str
    config_version: int
    column: str
    stored: int | float
    recounted: int | float

    def to_json(self) -> TotalDifferenceJson:
        return {
            "table_id": self.table_id,
            "table": self.table,
            "gaming_day": self.gaming_day,
            "shift": self.shift,
            "dealer_id": self.dealer_id,
            "dealer": self.dealer,
            "config_version": self.config_version,
            "column": self.column,
            "stored": self.stored,
            "recounted": self.recounted,
        }

    def where(self) -> str:
        return (
            f"table {self.table} (id {self.table_id}), gaming day {self.gaming_day}, shift {self.shift}, "
            f"dealer {self.dealer} (id {self.dealer_id}), config version {self.config_version}"
        )


@dataclass(frozen=True)
class TotalsReport:
    checked: int  # shift totals compared
    differing: int  # shift totals with a column that differs
    differences: tuple[TotalDifference, ...]  # the first LISTED columns that differ
    taken_out_counting: tuple[int, ...]  # rounds marked taken out that still count (the first LISTED)
    figures: FiguresReport  # each session's figures against its records

    @property
    def problems(self) -> int:
        """Shift totals that differ, rounds taken out that still count, and
        sessions' figures that differ."""
        return self.differing + len(self.taken_out_counting) + self.figures.differing

    @property
    def intact(self) -> bool:
        return self.problems == 0

    def to_json(self) -> TotalsReportJson:
        return {
            "intact": self.intact,
            "checked": self.checked,
            "differing": self.differing,
            "differences": [difference.to_json() for difference in self.differences],
            "taken_out_counting": list(self.taken_out_counting),
            "session_figures": self.figures.to_json(),
        }


def check_totals(db: Db, progress: Progress | None = None) -> TotalsReport:
    checked = differing = 0
    found: list[tuple[tuple[Any, ...], str, Any, Any]] = []
    for row in db.execute(recount_beside_stored(_recounted(), ShiftAggregate, COUNTERS, KEY)):
        checked += 1
        key, sums = tuple(row[: len(KEY)]), row._mapping
        columns = [(c, sums[f"s_{c}"], sums[f"r_{c}"]) for c in COUNTERS]
        columns = [
            (c, stored, recounted) for c, stored, recounted in columns if _differ(c, stored, recounted)
        ]
        differing += bool(columns)
        found += [(key, column, stored, recounted) for column, stored, recounted in columns]
        if progress is not None:
            progress(1)
    # The expected win's totals, recounted the same way (no version in their key).
    expected = check_value_sums(db, LISTED)
    if progress is not None:
        progress(expected.checked)
    checked, differing = checked + expected.checked, differing + expected.differing
    found += [
        (
            (each.table_id, each.gaming_day, each.shift, each.dealer_id, None),
            f"{VALUE_SUMS}.{each.column}",
            each.stored,
            each.recounted,
        )
        for each in expected.differences
    ]
    taken_out = db.scalars(
        select(AggregatedRound.round_id)
        .join(RoundRecord, RoundRecord.id == AggregatedRound.round_id)
        .where(AggregatedRound.removed_at.is_not(None), counting())
        .order_by(AggregatedRound.round_id)
        .limit(LISTED)
    )
    figures = check_figures(db, LISTED, progress)
    return TotalsReport(checked, differing, _named(db, found[:LISTED]), tuple(taken_out), figures)


def total_rows(db: Db) -> int:
    """How many shift totals there are, of both kinds, and sessions' figures
    rows (for a verification's progress)."""
    counts = (select(func.count()).select_from(table) for table in (ShiftAggregate, ShiftExpectedValues))
    return sum(int(db.scalar(count) or 0) for count in counts) + figures_rows(db)


def _differ(column: str, stored: Any, recounted: Any) -> bool:
    if column.endswith("_stake_squares"):
        # A statistic kept as a float: added up in another order, it may
        # differ in its last bits.
        return not math.isclose(float(stored), float(recounted), rel_tol=1e-9, abs_tol=0.5)
    return int(stored) != int(recounted)


def _recounted() -> Select[Any]:
    """The figures of each round the totals hold, as the metrics job adds them."""
    seats = _seat_sums()
    dealer_lucky = RoundRecord.settlement[("dealer", "lucky_break")].as_boolean()
    dealer_qualifies = RoundRecord.settlement[("dealer", "qualifies")].as_boolean()
    figures: dict[str, ColumnElement[Any]] = {
        c: func.coalesce(seats.c[c], 0) for c in COUNTERS if c in seats.c
    }
    figures["rounds"] = literal_column("1")
    figures["dealer_lucky_breaks"] = case((dealer_lucky, 1), else_=0)
    figures["dealer_non_qualifications"] = case((dealer_qualifies, 0), else_=1)
    return (
        select(
            RoundRecord.table_id,
            RoundRecord.gaming_day,
            RoundRecord.shift,
            RoundRecord.entered_by.label("dealer_id"),
            RoundRecord.config_id,
            *zeros("s", COUNTERS),
            *(figures[c].label(f"r_{c}") for c in COUNTERS),
        )
        .join(
            AggregatedRound,
            and_(AggregatedRound.round_id == RoundRecord.id, AggregatedRound.removed_at.is_(None)),
        )
        .outerjoin(seats, seats.c.round_id == RoundRecord.id)
    )


def _seat_sums() -> Any:
    """Per round: its seats' counters."""
    columns: list[Any] = [func.count().label("seats")]
    for bet in BETS:
        stake = getattr(SeatRecord, f"{bet}_stake")
        columns += [
            func.sum(case((stake > 0, 1), else_=0)).label(f"{bet}_bets"),
            func.sum(stake).label(f"{bet}_handle"),
            func.sum(-getattr(SeatRecord, f"{bet}_net")).label(f"{bet}_house_net"),
            func.sum(cast(stake, Float) * cast(stake, Float)).label(f"{bet}_stake_squares"),
        ]
    columns += [
        func.sum(case((SeatRecord.rule.in_(LUCKY_RULES), 1), else_=0)).label("player_lucky_breaks"),
        func.sum(case((SeatRecord.fouled, 1), else_=0)).label("fouls"),
    ]
    return select(SeatRecord.round_id, *columns).group_by(SeatRecord.round_id).subquery()


def _named(db: Db, found: list[tuple[tuple[Any, ...], str, Any, Any]]) -> tuple[TotalDifference, ...]:
    """The differences with the names of their table, dealer and version."""
    tables = _names(db, GameTable.id, GameTable.name, {key[0] for key, *_ in found})
    dealers = _names(db, User.id, User.name, {key[3] for key, *_ in found})
    versions = _names(
        db, ConfigVersion.id, ConfigVersion.version, {key[4] for key, *_ in found if key[4] is not None}
    )
    return tuple(
        TotalDifference(
            table_id=table_id,
            table=str(tables.get(table_id, "?")),
            gaming_day=day.isoformat(),
            shift=shift,
            dealer_id=dealer_id,
            dealer=str(dealers.get(dealer_id, "?")),
            config_version=0 if config_id is None else int(versions.get(config_id, 0)),
            column=column,
            stored=_number(column, stored),
            recounted=_number(column, recounted),
        )
        for (table_id, day, shift, dealer_id, config_id), column, stored, recounted in found
    )


def _names(db: Db, key: Any, value: Any, ids: set[int]) -> dict[int, Any]:
    if not ids:
        return {}
    return {row[0]: row[1] for row in db.execute(select(key, value).where(key.in_(ids)))}


def _number(column: str, value: Any) -> int | float:
    return float(value) if column.endswith("_squares") else int(value)
