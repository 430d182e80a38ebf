"""What every query of a compliance export shares: the cut, the scope and
its audit window, the rounds a scope selects, and reading a query in
batches. The queries of the files are :mod:`service.compliance.export_rounds`,
:mod:`service.compliance.export_trail`,
:mod:`service.compliance.export_accounting`,
:mod:`service.compliance.export_players`,
:mod:`service.compliance.export_ratings`,
:mod:`service.compliance.export_cash`,
:mod:`service.compliance.export_comps` and
:mod:`service.compliance.export_alerts`.

Every query stops at a :class:`Cut`, the newest row of each kind when the
build began: a round settled or a void approved while the export runs is
left out of every file alike, so the files agree with one another. Rows are
read in batches as plain columns, never ORM objects, so memory stays flat
however large the period is: on PostgreSQL streamed by the driver (chunks
as the server makes them, :mod:`service.store.driver_rows`), on SQLite
by ``yield_per`` (``fetchmany``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import chain
from typing import Annotated, Any, TypeAlias, TypedDict

from sqlalchemy import ColumnElement, Select, String, cast, func, literal, select

from service.audit.kinds import EventKind
from service.store.db import Db
from service.store.driver_rows import driver_query, streamed
from service.store.models import (
    DEFAULT_SHIFT_STARTS,
    Alert,
    AuditEvent,
    AuditSeal,
    BuyIn,
    CashLogEntry,
    CheckNote,
    CompRedemption,
    DropCount,
    ExceptionDecision,
    GameTable,
    InventoryCount,
    Player,
    PlayerIdentification,
    PlayerName,
    Rating,
    RatingCorrection,
    RatingEvent,
    ReportDay,
    RoundException,
    RoundRecord,
    Slip,
    SlipSignature,
    TableSession,
)
from service.tables.gaming_day import day_bounds

Query: TypeAlias = Select[*tuple[Any, ...]]
Line: TypeAlias = Sequence[Any]  # a row as read (an SQLAlchemy Row is a sequence)
IdRange: TypeAlias = tuple[int, int]
BATCH = 1_000  # rows fetched at a time
INSTANT = timedelta(microseconds=1)  # the finest time stored


class CutJson(TypedDict):
    """The cut as the manifest's ``as_of`` shows it (0: none yet)."""

    round_record_id: Annotated[int, "the newest stored round"]
    exception_id: Annotated[int, "the newest void or correction"]
    decision_id: Annotated[int, "the newest decision on one"]
    audit_event_id: Annotated[int, "the newest audit event"]
    audit_seal_seq: Annotated[int, "the newest link of the chain"]
    table_session_id: Annotated[int, "the newest table session"]
    inventory_count_id: Annotated[int, "the newest tray count (an opener or a closer)"]
    slip_id: Annotated[int, "the newest fill or credit"]
    slip_signature_id: Annotated[int, "the newest signature on a slip (issued, received, voided)"]
    drop_count_id: Annotated[int, "the newest drop count or recount"]
    check_note_id: Annotated[int, "the newest note on a check"]
    player_id: Annotated[int, "the newest player enrolled"]
    player_name_id: Annotated[int, "the newest name of a player (an enrolment or a change of name)"]
    rating_id: Annotated[int, "the newest rating (a seat-in)"]
    rating_event_id: Annotated[int, "the newest pause, resume or seat-out of a rating"]
    buy_in_id: Annotated[int, "the newest buy-in (and cash in)"]
    cash_log_entry_id: Annotated[int, "the newest entry of the multiple transaction log"]
    report_day_id: Annotated[int, "the newest player-day listed for a currency transaction report"]
    identification_id: Annotated[int, "the newest identification recorded (a record, not the document)"]
    comp_redemption_id: Annotated[int, "the newest comp redemption"]
    rating_correction_id: Annotated[int, "the newest pit boss's correction of a rating"]
    alert_id: Annotated[
        int,
        "the newest game protection alert (an acknowledgement is cut by its event: audit_event_id)",
    ]


@dataclass(frozen=True)
class Cut:
    """The newest row of each kind when the build began (0: none yet)."""

    round_id: int
    exception_id: int
    decision_id: int
    event_id: int
    seal_seq: int
    # the table accounting records (service/compliance/export_accounting.py)
    session_id: int
    count_id: int
    slip_id: int
    signature_id: int
    drop_count_id: int
    note_id: int
    # the players (service/compliance/export_players.py)
    player_id: int
    player_name_id: int
    # rated play (service/compliance/export_ratings.py)
    rating_id: int
    rating_event_id: int
    buy_in_id: int  # the cash ins too (keyed by their buy-in)
    # the cash rules (service/compliance/export_cash.py)
    cash_log_entry_id: int
    report_day_id: int
    identification_id: int
    # comps (service/compliance/export_comps.py)
    comp_redemption_id: int
    # a pit boss's corrections of ratings (service/compliance/export_ratings.py)
    rating_correction_id: int
    # game protection's alerts (service/compliance/export_alerts.py); an
    # acknowledgement is cut by its event (event_id)
    alert_id: int

    def to_json(self) -> CutJson:
        return {
            "round_record_id": self.round_id,
            "exception_id": self.exception_id,
            "decision_id": self.decision_id,
            "audit_event_id": self.event_id,
            "audit_seal_seq": self.seal_seq,
            "table_session_id": self.session_id,
            "inventory_count_id": self.count_id,
            "slip_id": self.slip_id,
            "slip_signature_id": self.signature_id,
            "drop_count_id": self.drop_count_id,
            "check_note_id": self.note_id,
            "player_id": self.player_id,
            "player_name_id": self.player_name_id,
            "rating_id": self.rating_id,
            "rating_event_id": self.rating_event_id,
            "buy_in_id": self.buy_in_id,
            "cash_log_entry_id": self.cash_log_entry_id,
            "report_day_id": self.report_day_id,
            "identification_id": self.identification_id,
            "comp_redemption_id": self.comp_redemption_id,
            "rating_correction_id": self.rating_correction_id,
            "alert_id": self.alert_id,
        }


def take_cut(db: Db) -> Cut:
    def newest(column: Any) -> int:
        return int(db.scalar(select(func.max(column))) or 0)

    return Cut(
        newest(RoundRecord.id),
        newest(RoundException.id),
        newest(ExceptionDecision.id),
        newest(AuditEvent.id),
        newest(AuditSeal.seq),
        newest(TableSession.id),
        newest(InventoryCount.id),
        newest(Slip.id),
        newest(SlipSignature.id),
        newest(DropCount.id),
        newest(CheckNote.id),
        newest(Player.id),
        newest(PlayerName.id),
        newest(Rating.id),
        newest(RatingEvent.id),
        newest(BuyIn.id),
        newest(CashLogEntry.id),
        newest(ReportDay.id),
        newest(PlayerIdentification.id),
        newest(CompRedemption.id),
        newest(RatingCorrection.id),
        newest(Alert.id),
    )


@dataclass(frozen=True)
class Scope:
    first_day: date
    last_day: date
    table_ids: tuple[int, ...] | None  # None: every table
    window_start: datetime  # the audit window, UTC
    window_end: datetime  # exclusive
    cut: Cut
    # The first and last ids of the window's events, and the first and last
    # seqs of their links (inclusive; (1, 0) when none): the trail's reads
    # keep to them (:func:`service.compliance.export_trail.trail_bounds`).
    # None: not looked up, every event and link is read and filtered.
    event_ids: IdRange | None = None
    seal_seqs: IdRange | None = None


def audit_window(tables: Sequence[GameTable], first_day: date, last_day: date) -> tuple[datetime, datetime]:
    """From the earliest start of the first gaming day to the latest end of
    the last one, over the tables' zones and schedules (UTC's default
    schedule when there are no tables)."""
    schedules: list[tuple[str, Sequence[str]]] = [(table.timezone, table.shift_starts) for table in tables]
    schedules = schedules or [("UTC", DEFAULT_SHIFT_STARTS)]
    start = min(day_bounds(first_day, zone, starts)[0] for zone, starts in schedules)
    end = max(day_bounds(last_day, zone, starts)[1] for zone, starts in schedules)
    return start, end


def widened_window(db: Db, scope: Scope) -> tuple[datetime, datetime]:
    """The scope's window, widened to cover every stored round of the period.

    The schedule-based window reads the tables' zones and schedules as they
    are now; a round keeps the gaming day it was placed in, under the
    schedule of the time. After a zone or schedule change the period's
    rounds may lie outside it, so the window also runs from the earliest
    ``entered_at`` of the rounds selected (every revision) to the latest,
    inclusive, and to the ``round_settled`` event each round got when it
    was entered (written in the same transaction a moment after
    ``entered_at``)."""
    start, end = scope.window_start, scope.window_end
    first, last = db.execute(
        select(func.min(RoundRecord.entered_at), func.max(RoundRecord.entered_at)).where(*rounds_in(scope))
    ).one()
    # The events' subjects as a set the events are looked up in: a join on
    # the computed subject made SQLite scan every event for every round.
    subjects = select(literal("round:", String) + cast(RoundRecord.id, String)).where(
        RoundRecord.revision == 0,  # a correction's record gets its event when approved
        *rounds_in(scope),
    )
    settled = db.scalar(
        select(func.max(AuditEvent.occurred_at)).where(
            AuditEvent.kind == EventKind.ROUND_SETTLED,
            AuditEvent.id <= scope.cut.event_id,
            AuditEvent.subject.in_(subjects),
        )
    )
    if first is not None:
        start = min(start, first)
    for moment in (last, settled):
        if moment is not None:
            end = max(end, moment + INSTANT)  # the window's end is exclusive
    return start, end


def rounds_in(scope: Scope) -> list[ColumnElement[bool]]:
    """The round records of the scope's days and tables, up to the cut."""
    conditions = [
        RoundRecord.gaming_day >= scope.first_day,
        RoundRecord.gaming_day <= scope.last_day,
        RoundRecord.id <= scope.cut.round_id,
    ]
    if scope.table_ids is not None:
        conditions.append(RoundRecord.table_id.in_(scope.table_ids))
    return conditions


def count(db: Db, query: Query) -> int:
    return int(db.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0)


@contextmanager
def stream(db: Db, query: Query, batch: int = BATCH) -> Iterator[Iterator[Line]]:
    """The query's rows, read ``batch`` at a time, on the session's
    connection, while the block runs: plain columns need none of the ORM's
    row handling, which cost more than reading them.

    On PostgreSQL the driver streams them when SQLAlchemy would pass every
    column on unchanged (:func:`driver_query`): a server-side cursor's
    ``FETCH`` a batch was a round trip with each side waiting for the
    other, and SQLAlchemy's rows cost as much again. The stream holds the
    connection, so it is closed when the block ends, an error included,
    before anything else runs on it. Otherwise the batches are joined in C
    (a generator resumed a row cost more than the csv writer's call for it)."""
    connection = db.connection()
    driven = driver_query(connection, query)
    if driven is None:
        result = connection.execute(query, execution_options={"yield_per": batch})
        try:
            yield chain.from_iterable(result.partitions())
        finally:
            result.close()
        return
    rows = streamed(connection, driven, batch)
    try:
        yield rows
    finally:
        rows.close()  # cancels what is left, so the connection is free again
