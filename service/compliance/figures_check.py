"""Each session's figures (``session_figures``, what the reports' win,
drop, hold and cards-against-chips check sum) derived again from the
session's records, and each row that differs named column by column.

The workers' job keeps these rows (:func:`service.accounting.figures.figure_session`),
and no trigger guards them: it rewrites a row after a recount or a void.
A row names what it was derived from, the drop count and the newest
approved void or correction it reflects; the row is derived again from
those (:func:`service.accounting.figures.kept_figures`: the same code as
the job), so a row the job has not rewritten yet after a recount or a
decision is not a difference (the pending sessions of the reports show
it), and a figure written by hand is. A drop count of another session is
named, and a row of a session that is not closed and counted differs in
every column (its recount is null). The records themselves are checked
against their sealed events elsewhere
(:mod:`service.compliance.accounting_verify`).

One row at a time, a keyset page of rows at a time: a casino's sessions
are a few a table a day.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Annotated, TypedDict

from sqlalchemy import func, select

from service.accounting.figures import KeptFigures, kept_figures
from service.jobs.progress import Progress
from service.store.db import Db
from service.store.models import DropCount, GameTable, SessionFigures, TableSession

PAGE = 200  # rows a query
#: the columns derived again (``figured_at`` is only when)
COLUMNS = tuple(name for name in KeptFigures.__dataclass_fields__)

Figure = int | str | None  # an amount or count, a gaming day (ISO 8601), null: no recount


class FiguresDifferenceJson(TypedDict):
    session_id: Annotated[int, "the table session"]
    table_id: Annotated[int, "the table, as stored"]
    table: Annotated[str, "the table's name"]
    gaming_day: Annotated[str, "an ISO 8601 date, as stored"]
    shift: Annotated[int, "the shift, from 1, as stored"]
    column: Annotated[str, "e.g. win, drop, rounds_net"]
    stored: Figure
    recounted: Figure


class FiguresReportJson(TypedDict):
    intact: Annotated[bool, "every session's figures agree with its records"]
    checked: Annotated[int, "sessions' figures rows derived again"]
    differing: Annotated[int, "rows with a column that differs"]
    differences: Annotated[list[FiguresDifferenceJson], "the first 100 columns that differ"]


@dataclass(frozen=True)
class FiguresDifference:
    """One column of one session's figures: as stored, and as its records give it."""

    session_id: int
    table_id: int
    table: str
    gaming_day: str
    shift: int
    column: str
    stored: Figure
    recounted: Figure

    def to_json(self) -> FiguresDifferenceJson:
        return {
            "session_id": self.session_id,
            "table_id": self.table_id,
            "table": self.table,
            "gaming_day": self.gaming_day,
            "shift": self.shift,
            "column": self.column,
            "stored": self.stored,
            "recounted": self.recounted,
        }

    def where(self) -> str:
        return (
            f"table session {self.session_id}, table {self.table} (id {self.table_id}), gaming day "
            f"{self.gaming_day}, shift {self.shift}"
        )


@dataclass(frozen=True)
class FiguresReport:
    checked: int  # figures rows derived again
    differing: int  # rows with a column that differs
    differences: tuple[FiguresDifference, ...]  # the first ``listed`` columns that differ

    @property
    def intact(self) -> bool:
        return self.differing == 0

    def to_json(self) -> FiguresReportJson:
        return {
            "intact": self.intact,
            "checked": self.checked,
            "differing": self.differing,
            "differences": [difference.to_json() for difference in self.differences],
        }


def check_figures(db: Db, listed: int = 100, progress: Progress | None = None) -> FiguresReport:
    """Every ``session_figures`` row against its session's records."""
    checked = differing = 0
    found: list[FiguresDifference] = []
    names: dict[int, str] = {}
    for page in _pages(db):
        tables = {row.table_id for row in page} - names.keys()
        pairs = db.execute(select(GameTable.id, GameTable.name).where(GameTable.id.in_(tables)))
        names.update((pair.id, pair.name) for pair in pairs)
        for row in page:
            columns = _differences(db, row, names.get(row.table_id, "?"))
            checked += 1
            differing += bool(columns)
            found += columns[: max(0, listed - len(found))]
            if progress is not None:
                progress(1)
    return FiguresReport(checked, differing, tuple(found))


def figures_rows(db: Db) -> int:
    """How many rows :func:`check_figures` derives again."""
    return int(db.scalar(select(func.count()).select_from(SessionFigures)) or 0)


def _pages(db: Db) -> Iterator[list[SessionFigures]]:
    after = 0
    while True:
        page = list(
            db.scalars(
                select(SessionFigures)
                .where(SessionFigures.session_id > after)
                .order_by(SessionFigures.session_id)
                .limit(PAGE)
            )
        )
        yield page
        if len(page) < PAGE:
            return
        after = page[-1].session_id
        db.expunge_all()


def _differences(db: Db, row: SessionFigures, table: str) -> list[FiguresDifference]:
    recounted = _recount(db, row)
    stored = {name: getattr(row, name) for name in COLUMNS}
    return [
        FiguresDifference(
            row.session_id,
            row.table_id,
            table,
            row.gaming_day.isoformat(),
            row.shift,
            name,
            _shown(stored[name]),
            _shown(recounted.get(name)),
        )
        for name in COLUMNS
        if stored[name] != recounted.get(name)
    ]


def _recount(db: Db, row: SessionFigures) -> dict[str, int | date]:
    """The row as the job derives it from the drop count and the decision
    it names (the session's current drop count if it names another
    session's)."""
    table_session = db.get_one(TableSession, row.session_id)
    drop = db.get(DropCount, row.drop_count_id)
    if drop is not None and drop.session_id != row.session_id:
        drop = None
    kept = kept_figures(db, table_session, drop, as_of=row.last_decision_id)
    return {} if kept is None else kept.columns()


def _shown(value: int | date | None) -> Figure:
    return value.isoformat() if isinstance(value, date) else value
