"""The queries behind a compliance export and how a stored row becomes a
file's line.

Every query stops at a :class:`Cut`, the newest row of each kind when the
build began: a round settled or a void approved while the export runs is
left out of every file alike, so the files agree with one another. Rows are
read in batches (``yield_per``: a server-side cursor on PostgreSQL,
``fetchmany`` on SQLite) as plain columns, never ORM objects, so memory
stays flat however large the period is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeAlias

from sqlalchemy import ColumnElement, Exists, Select, String, case, cast, exists, func, literal, select
from sqlalchemy.orm import Session, aliased

from service.audit.chain import EVENT_COLUMNS, canonical
from service.rounds.aggregates import BETS
from service.rounds.status import SETTLED, SUPERSEDED, VOID
from service.store.models import (
    DEFAULT_SHIFT_STARTS,
    AuditEvent,
    AuditSeal,
    ConfigVersion,
    ExceptionDecision,
    GameTable,
    RoundException,
    RoundRecord,
    SeatRecord,
    User,
)
from service.tables.gaming_day import day_bounds

Query: TypeAlias = Select[*tuple[Any, ...]]
Line: TypeAlias = Sequence[Any]  # a row as read (an SQLAlchemy Row is a sequence)
BATCH = 1_000  # rows fetched at a time
INSTANT = timedelta(microseconds=1)  # the finest time stored


@dataclass(frozen=True)
class Cut:
    """The newest row of each kind when the build began (0: none yet)."""

    round_id: int
    exception_id: int
    decision_id: int
    event_id: int
    seal_seq: int

    def to_json(self) -> dict[str, int]:
        return {
            "round_record_id": self.round_id,
            "exception_id": self.exception_id,
            "decision_id": self.decision_id,
            "audit_event_id": self.event_id,
            "audit_seal_seq": self.seal_seq,
        }


def take_cut(session: Session) -> Cut:
    def newest(column: Any) -> int:
        return int(session.scalar(select(func.max(column))) or 0)

    return Cut(
        newest(RoundRecord.id),
        newest(RoundException.id),
        newest(ExceptionDecision.id),
        newest(AuditEvent.id),
        newest(AuditSeal.seq),
    )


@dataclass(frozen=True)
class Scope:
    first_day: date
    last_day: date
    table_ids: tuple[int, ...] | None  # None: every table
    window_start: datetime  # the audit window, UTC
    window_end: datetime  # exclusive
    cut: Cut


def audit_window(tables: Sequence[GameTable], first_day: date, last_day: date) -> tuple[datetime, datetime]:
    """From the earliest start of the first gaming day to the latest end of
    the last one, over the tables' zones and schedules (UTC's default
    schedule when there are no tables)."""
    schedules: list[tuple[str, Sequence[str]]] = [(table.timezone, table.shift_starts) for table in tables]
    schedules = schedules or [("UTC", DEFAULT_SHIFT_STARTS)]
    start = min(day_bounds(first_day, zone, starts)[0] for zone, starts in schedules)
    end = max(day_bounds(last_day, zone, starts)[1] for zone, starts in schedules)
    return start, end


def widened_window(session: Session, scope: Scope) -> tuple[datetime, datetime]:
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
    first, last = session.execute(
        select(func.min(RoundRecord.entered_at), func.max(RoundRecord.entered_at)).where(*_rounds_in(scope))
    ).one()
    settled = session.scalar(
        select(func.max(AuditEvent.occurred_at))
        .join(RoundRecord, AuditEvent.subject == literal("round:", String) + cast(RoundRecord.id, String))
        .where(
            AuditEvent.kind == "round_settled",
            AuditEvent.id <= scope.cut.event_id,
            RoundRecord.revision == 0,  # a correction's record gets its event when approved
            *_rounds_in(scope),
        )
    )
    if first is not None:
        start = min(start, first)
    for moment in (last, settled):
        if moment is not None:
            end = max(end, moment + INSTANT)  # the window's end is exclusive
    return start, end


# --- the queries ---------------------------------------------------------


def _rounds_in(scope: Scope) -> list[ColumnElement[bool]]:
    conditions = [
        RoundRecord.gaming_day >= scope.first_day,
        RoundRecord.gaming_day <= scope.last_day,
        RoundRecord.id <= scope.cut.round_id,
    ]
    if scope.table_ids is not None:
        conditions.append(RoundRecord.table_id.in_(scope.table_ids))
    return conditions


def _approved(kind: str, cut: Cut) -> Exists:
    """An approved void or correction of the round, decided before the cut."""
    return exists().where(
        RoundException.round_id == RoundRecord.id,
        RoundException.kind == kind,
        RoundException.id <= cut.exception_id,
        ExceptionDecision.exception_id == RoundException.id,
        ExceptionDecision.approved.is_(True),
        ExceptionDecision.id <= cut.decision_id,
    )


def rounds_query(scope: Scope) -> Query:
    cut = scope.cut
    superseded_by = (
        select(ExceptionDecision.replacement_id)
        .join(RoundException, RoundException.id == ExceptionDecision.exception_id)
        .where(
            RoundException.round_id == RoundRecord.id,
            RoundException.kind == "correction",
            RoundException.id <= cut.exception_id,
            ExceptionDecision.approved.is_(True),
            ExceptionDecision.id <= cut.decision_id,
        )
        .limit(1)
        .scalar_subquery()
    )
    status = case(
        (_approved("void", cut), literal(VOID)),
        (_approved("correction", cut), literal(SUPERSEDED)),
        else_=literal(SETTLED),
    )
    return (
        select(
            RoundRecord.id,
            RoundRecord.table_id,
            GameTable.name,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundRecord.supersedes_id,
            status,
            superseded_by,
            ConfigVersion.version,
            RoundRecord.dealer_cards,
            User.name,
            RoundRecord.entered_at,
            RoundRecord.utc_offset_minutes,
            RoundRecord.gaming_day,
            RoundRecord.shift,
            RoundRecord.house_net,
        )
        .join(GameTable, GameTable.id == RoundRecord.table_id)
        .join(ConfigVersion, ConfigVersion.id == RoundRecord.config_id)
        .join(User, User.id == RoundRecord.entered_by)
        .where(*_rounds_in(scope))
        .order_by(RoundRecord.id)
    )


def round_row(row: Line) -> list[object]:
    (record_id, table_id, table, ref, revision, supersedes, status, superseded_by, version, dealer) = row[:10]
    (entered_by, entered_at, offset, gaming_day, shift, house_net) = row[10:]
    return [
        record_id,
        table_id,
        table,
        round_id(ref, revision),
        revision,
        supersedes,
        status,
        superseded_by,
        version,
        cards(dealer),
        entered_by,
        entered_at,
        offset,
        gaming_day,
        shift,
        house_net,
    ]


MONEY_COLUMNS = tuple(f"{bet}_{part}" for bet in BETS for part in ("stake", "outcome", "net"))


def seats_query(scope: Scope) -> Query:
    money = [getattr(SeatRecord, name) for name in MONEY_COLUMNS]
    return (
        select(
            SeatRecord.round_id,
            RoundRecord.table_id,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundRecord.gaming_day,
            SeatRecord.seat,
            SeatRecord.cards,
            SeatRecord.setting_entered,
            SeatRecord.low,
            SeatRecord.high,
            SeatRecord.rule,
            SeatRecord.fouled,
            *money,
        )
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .where(*_rounds_in(scope))
        .order_by(SeatRecord.round_id, SeatRecord.seat)
    )


def seat_row(row: Line) -> list[object]:
    record_id, table_id, ref, revision, gaming_day, seat, seven, entered, low, high, rule, fouled = row[:12]
    return [
        record_id,
        table_id,
        round_id(ref, revision),
        revision,
        gaming_day,
        seat,
        cards(seven),
        setting(entered),
        cards(low),
        cards(high),
        rule,
        fouled,
        *row[12:],
    ]


def exceptions_query(scope: Scope) -> Query:
    requester = aliased(User)
    decider = aliased(User)
    decision = case(
        (ExceptionDecision.id.is_(None), literal("pending")),
        (ExceptionDecision.approved.is_(True), literal("approved")),
        else_=literal("rejected"),
    )
    return (
        select(
            RoundException.id,
            RoundException.round_id,
            RoundRecord.table_id,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundException.kind,
            RoundException.reason,
            requester.name,
            RoundException.requested_at,
            decision,
            decider.name,
            ExceptionDecision.decided_at,
            ExceptionDecision.note,
            ExceptionDecision.replacement_id,
            RoundException.changes,
        )
        .join(RoundRecord, RoundRecord.id == RoundException.round_id)
        .join(requester, requester.id == RoundException.requested_by)
        .outerjoin(
            ExceptionDecision,
            (ExceptionDecision.exception_id == RoundException.id)
            & (ExceptionDecision.id <= scope.cut.decision_id),
        )
        .outerjoin(decider, decider.id == ExceptionDecision.decided_by)
        .where(RoundException.id <= scope.cut.exception_id, *_rounds_in(scope))
        .order_by(RoundException.id)
    )


def exception_row(row: Line) -> list[object]:
    exception_id, record_id, table_id, ref, revision, *middle, changes = row
    return [exception_id, record_id, table_id, round_id(ref, revision), revision, *middle, compact(changes)]


def _events_in(scope: Scope) -> list[ColumnElement[bool]]:
    return [
        AuditEvent.occurred_at >= scope.window_start,
        AuditEvent.occurred_at < scope.window_end,
        AuditEvent.id <= scope.cut.event_id,
    ]


def events_query(scope: Scope) -> Query:
    actor = aliased(User)
    sealed = AuditSeal.seq <= scope.cut.seal_seq
    return (
        select(
            AuditEvent.id,
            AuditEvent.occurred_at,
            AuditEvent.kind,
            AuditEvent.subject,
            AuditEvent.actor_id,
            actor.name,
            AuditEvent.table_id,
            AuditEvent.payload,
            AuditSeal.seq,
        )
        .outerjoin(actor, actor.id == AuditEvent.actor_id)
        .outerjoin(AuditSeal, (AuditSeal.event_id == AuditEvent.id) & sealed)
        .where(*_events_in(scope))
        .order_by(AuditEvent.id)
    )


def event_row(row: Line) -> list[object]:
    *head, payload, seq = row
    return [*head, compact(payload), seq]


def chain_query(scope: Scope) -> Query:
    return (
        select(
            AuditSeal.seq,
            AuditSeal.previous_hash,
            AuditSeal.hash,
            AuditSeal.sealed_at,
            *EVENT_COLUMNS,
        )
        .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
        .where(AuditSeal.seq <= scope.cut.seal_seq, *_events_in(scope))
        .order_by(AuditSeal.seq)
    )


def chain_line(row: Line) -> dict[str, Any]:
    seq, previous_hash, digest, sealed_at, *event_columns = row
    event_id, kind, subject, actor_id, table_id, occurred_at, payload = event_columns
    # The event as stored now, in the chain's own canonical form: a verifier
    # recomputes link_hash(previous_hash, event) and compares it with hash.
    event = AuditEvent(
        id=event_id,
        kind=kind,
        subject=subject,
        actor_id=actor_id,
        table_id=table_id,
        occurred_at=occurred_at,
        payload=payload,
    )
    return {
        "seq": seq,
        "event_id": event_id,
        "previous_hash": previous_hash,
        "hash": digest,
        "sealed_at": sealed_at.isoformat(),
        "event": json.loads(canonical(event)),
    }


def count(session: Session, query: Query) -> int:
    return int(session.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0)


def stream(session: Session, query: Query, batch: int = BATCH) -> Iterator[Line]:
    yield from session.execute(query, execution_options={"yield_per": batch})


# --- values as the files show them --------------------------------------


def round_id(ref: str, revision: int) -> object:
    """The round_id as the dealer entered it; a correction's ref carries its
    revision after ``#``."""
    for text in (ref, ref.rsplit("#", 1)[0] if revision else None):
        if text is not None:
            try:
                return json.loads(text)
            except ValueError:
                continue
    return ref


def cards(codes: Sequence[str] | None) -> str:
    return " ".join(codes or ())


def setting(entered: Any) -> str:
    if isinstance(entered, dict):
        return f"{cards(entered.get('low'))} / {cards(entered.get('high'))}"
    return str(entered)


def compact(document: Any) -> str:
    if document is None:
        return ""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
