"""What a report covers: one table or the floor (every table, or the tables
chosen), and the period, a shift, gaming day, month-to-date or year-to-date,
checked against the tables' schedules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, Literal, TypedDict

from service.errors import ErrorCode, Invalid
from service.reports.hold import check_confidence as check_hold_confidence
from service.store.db import Db
from service.store.models import GameTable
from service.tables.gaming_day import MAX_SHIFTS, place
from service.tables.tables import get_table, list_tables

PERIODS = ("shift", "day", "mtd", "ytd")
MAX_ID = 2**31 - 1


class TableNameJson(TypedDict):
    id: Annotated[int, "the table's id"]
    name: Annotated[str, "the table's name"]


class TableScopeJson(TypedDict):
    kind: Literal["table"]
    table_id: int
    name: str
    tables: list[TableNameJson]  # the one table


class FloorScopeJson(TypedDict):
    kind: Literal["floor"]
    table_id: None
    every_table: bool  # false: the tables chosen
    tables: list[TableNameJson]


# A union, not one shape with optional keys: each kind has its own keys.
ScopeJson = TableScopeJson | FloorScopeJson


class PeriodJson(TypedDict):
    period: str  # one of PERIODS
    period_key: Annotated[
        str,
        "the period as a note names it: 2026-11-29/2 (shift), 2026-11-29 (day), 2026-11, 2026",
    ]
    day: str  # ISO 8601 dates
    shift: Annotated[int | None, "the shift of period=shift; else null"]
    first_day: str
    last_day: str


@dataclass(frozen=True)
class Scope:
    """One table, or the floor (every table, or the tables chosen)."""

    tables: tuple[GameTable, ...]
    table: GameTable | None  # None: the floor
    every_table: bool = True

    @property
    def table_ids(self) -> list[int]:
        return [table.id for table in self.tables]

    @property
    def note_table_id(self) -> int | None:
        return None if self.table is None else self.table.id

    @property
    def takes_notes(self) -> bool:
        """A table, or the whole floor: a floor note is about every table, so
        a report on some of them shows none."""
        return self.table is not None or self.every_table

    def json(self) -> ScopeJson:
        tables: list[TableNameJson] = [{"id": table.id, "name": table.name} for table in self.tables]
        if self.table is not None:
            return {"kind": "table", "table_id": self.table.id, "name": self.table.name, "tables": tables}
        return {"kind": "floor", "table_id": None, "every_table": self.every_table, "tables": tables}


def table_scope(db: Db, table_id: int, field_name: str = "table_id") -> Scope:
    table = get_table(db, table_id, field_name)
    return Scope((table,), table, every_table=False)


def floor_scope(db: Db, table_ids: Sequence[int] | None = None) -> Scope:
    if table_ids is None:
        return Scope(tuple(list_tables(db)), None)
    tables = []
    for table_id in sorted(set(table_ids)):
        found = db.get(GameTable, table_id)
        if found is None:
            raise Invalid(ErrorCode.INVALID_FIELD, f"tables: no table with id {table_id}", "tables")
        tables.append(found)
    return Scope(tuple(tables), None, every_table=False)


def parse_table_ids(text: str) -> list[int]:
    """``"1,2"`` to ``[1, 2]``; anything else names the ``tables`` field.

    >>> parse_table_ids("3, 1,3")
    [3, 1, 3]
    """
    ids = []
    for part in text.split(","):
        part = part.strip()
        if not part.isascii() or not part.isdigit() or not 1 <= int(part) <= MAX_ID:
            raise Invalid(
                ErrorCode.INVALID_FIELD,
                f"tables must be table ids separated by commas, not {part!r}",
                "tables",
            )
        ids.append(int(part))
    return ids


@dataclass(frozen=True)
class Period:
    kind: str  # shift, day, mtd, ytd
    day: date  # the gaming day reported on (the last one of mtd and ytd)
    shift: int | None  # for kind "shift"

    @property
    def first_day(self) -> date:
        if self.kind == "mtd":
            return self.day.replace(day=1)
        if self.kind == "ytd":
            return self.day.replace(month=1, day=1)
        return self.day

    @property
    def key(self) -> str:
        """How a variance note names the period: a month's notes carry
        through the month, a year's through the year.

        >>> Period("shift", date(2026, 11, 29), 2).key, Period("mtd", date(2026, 11, 29), None).key
        ('2026-11-29/2', '2026-11')
        """
        if self.kind == "shift":
            return f"{self.day.isoformat()}/{self.shift}"
        if self.kind == "mtd":
            return f"{self.day:%Y-%m}"
        if self.kind == "ytd":
            return f"{self.day:%Y}"
        return self.day.isoformat()

    def json(self) -> PeriodJson:
        return {
            "period": self.kind,
            "period_key": self.key,
            "day": self.day.isoformat(),
            "shift": self.shift,
            "first_day": self.first_day.isoformat(),
            "last_day": self.day.isoformat(),
        }


def resolve_period(
    scope: Scope, kind: str, day: date | None, shift: int | None, now: datetime
) -> tuple[Period, str]:
    """The period asked for, checked against the scope's schedule; without
    a day, the current gaming day (and how it was chosen)."""
    if kind not in PERIODS:
        raise Invalid(ErrorCode.INVALID_FIELD, f"period must be one of {', '.join(PERIODS)}", "period")
    if kind == "shift":
        if shift is None:
            raise Invalid(ErrorCode.MISSING_FIELD, "shift is required for period=shift", "shift")
        # Any shift a schedule can have: stored rounds keep the shift numbers
        # of the schedule they were played under, which may have had more.
        if not 1 <= shift <= MAX_SHIFTS:
            raise Invalid(ErrorCode.INVALID_FIELD, f"shift must be 1 to {MAX_SHIFTS}", "shift")
    elif shift is not None:
        raise Invalid(ErrorCode.INVALID_FIELD, f"shift is only for period=shift, not period={kind}", "shift")
    chosen = "given"
    if day is None:
        if scope.tables:
            first = scope.tables[0]
            day = place(now, first.timezone, first.shift_starts).gaming_day
            chosen = f"the current gaming day at table {first.id} ({first.name})"
            if scope.table is None:
                chosen += ", the floor's first table"
        else:
            day = place(now, "UTC").gaming_day
            chosen = "the current gaming day in UTC (there are no tables)"
    return Period(kind, day, shift), chosen


def check_confidence(confidence: float) -> float:
    try:
        return check_hold_confidence(confidence)
    except ValueError as error:
        raise Invalid(ErrorCode.INVALID_FIELD, str(error), "confidence") from None
