"""The trail's files of a compliance export: the voids and corrections with
their decisions, the audit events of the window, and the hash chain with
each event in the chain's canonical form; their queries and lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from json.encoder import encode_basestring as _string  # a str as json_line writes it
from typing import Any, TypedDict

from sqlalchemy import ColumnElement, case, func, literal, select
from sqlalchemy.orm import Session, aliased

from service.audit.chain import CanonicalEvent
from service.compliance.export_queries import IdRange, Line, Query, Scope, rounds_in
from service.compliance.export_values import (
    as_stored,
    as_text,
    compact,
    instant_cells,
    json_line,
    loaded,
    round_id,
)
from service.rounds.status import DecisionState
from service.store.models import AuditEvent, AuditSeal, ExceptionDecision, RoundException, RoundRecord, User


def exceptions_query(scope: Scope) -> Query:
    requester = aliased(User)
    decider = aliased(User)
    decision = case(
        (ExceptionDecision.id.is_(None), literal(DecisionState.PENDING)),
        (ExceptionDecision.approved.is_(True), literal(DecisionState.APPROVED)),
        else_=literal(DecisionState.REJECTED),
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
        .where(RoundException.id <= scope.cut.exception_id, *rounds_in(scope))
        .order_by(RoundException.id)
    )


def exception_row(row: Line) -> list[object]:
    exception_id, record_id, table_id, ref, revision, *middle, changes = row
    return [exception_id, record_id, table_id, round_id(ref, revision), revision, *middle, compact(changes)]


EMPTY: IdRange = (1, 0)


def trail_bounds(session: Session, scope: Scope) -> Scope:
    """The scope with the first and last ids of its window's events and the
    first and last seqs of their links, found by the index on the events'
    time and the links' index on their event. Without them each read of
    the trail went through every event and link ever written (a table's
    month at 1M rounds read the whole log four times); with them it reads
    the range, and keeps its other conditions: the same rows."""
    first, last = session.execute(
        select(func.min(AuditEvent.id), func.max(AuditEvent.id)).where(*_events_in(scope))
    ).one()
    if first is None:
        return replace(scope, event_ids=EMPTY, seal_seqs=EMPTY)
    low, high = session.execute(
        select(func.min(AuditSeal.seq), func.max(AuditSeal.seq)).where(
            AuditSeal.event_id.between(first, last), AuditSeal.seq <= scope.cut.seal_seq
        )
    ).one()
    return replace(scope, event_ids=(first, last), seal_seqs=EMPTY if low is None else (low, high))


def _events_in(scope: Scope) -> list[ColumnElement[bool]]:
    conditions = [
        AuditEvent.occurred_at >= scope.window_start,
        AuditEvent.occurred_at < scope.window_end,
        AuditEvent.id <= scope.cut.event_id,
    ]
    if scope.event_ids is not None:
        conditions.append(AuditEvent.id.between(*scope.event_ids))
    return conditions


def _links_in(scope: Scope) -> list[ColumnElement[bool]]:
    conditions = [AuditSeal.seq <= scope.cut.seal_seq]
    if scope.seal_seqs is not None:
        conditions.append(AuditSeal.seq.between(*scope.seal_seqs))
    return conditions


def events_query(scope: Scope) -> Query:
    actor = aliased(User)
    sealed = AuditSeal.seq <= scope.cut.seal_seq
    return (
        select(
            AuditEvent.id,
            as_stored(AuditEvent.occurred_at),  # read by its type below, faster
            AuditEvent.kind,
            AuditEvent.subject,
            AuditEvent.actor_id,
            actor.name,
            AuditEvent.table_id,
            as_text(AuditEvent.payload),  # loaded faster than by the column type
            AuditSeal.seq,
        )
        .outerjoin(actor, actor.id == AuditEvent.actor_id)
        .outerjoin(AuditSeal, (AuditSeal.event_id == AuditEvent.id) & sealed)
        .where(*_events_in(scope))
        .order_by(AuditEvent.id)
    )


def event_lines(session: Session) -> Callable[[Line], list[object]]:
    """An event's line, its time read by its column type (:func:`instant_cells`)."""
    instant = instant_cells(AuditEvent.occurred_at, session)

    def event_row(row: Line) -> list[object]:
        event_id, occurred_at, *middle, payload, seq = row
        return [event_id, instant(occurred_at), *middle, compact(loaded(payload)), seq]

    return event_row


def chain_query(scope: Scope) -> Query:
    return (
        select(
            AuditSeal.seq,
            AuditSeal.previous_hash,
            AuditSeal.hash,
            as_stored(AuditSeal.sealed_at),  # the times read by their types below, faster
            # The event as the chain hashes it, the payload as text (loaded faster than by its type).
            AuditEvent.id,
            AuditEvent.kind,
            AuditEvent.subject,
            AuditEvent.actor_id,
            AuditEvent.table_id,
            as_stored(AuditEvent.occurred_at),
            as_text(AuditEvent.payload),
        )
        .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
        .where(*_links_in(scope), *_events_in(scope))
        .order_by(AuditSeal.seq)
    )


class ChainLine(TypedDict):
    """A line of ``audit_chain.jsonl``: a link of the chain with its event."""

    seq: int
    event_id: int
    previous_hash: str
    hash: str
    sealed_at: str  # ISO 8601, UTC
    event: CanonicalEvent


def chain_lines(session: Session) -> Callable[[Line], str]:
    """A link's line as the JSON text of its :class:`ChainLine` (sorted keys,
    the standard separators: :data:`json_line`), its times read by their
    column types (:func:`instant_cells`). Only the payload goes through the
    encoder: the link's and the event's other values are integers, null
    or text, joined around it as the encoder writes them, which cost a
    third of the line's encoding. A value of any other type (a database
    that holds one) takes the encoder whole."""
    sealed, occurred = (
        instant_cells(AuditSeal.sealed_at, session),
        instant_cells(AuditEvent.occurred_at, session),
    )

    def chain_line(row: Line) -> str:
        seq, previous_hash, digest, sealed_at, *event_columns = row
        event_id, kind, subject, actor_id, table_id, occurred_at, payload = event_columns
        # The event as stored now, in the chain's own canonical form: a verifier
        # recomputes link_hash(previous_hash, event) and compares it with hash.
        sealed_text, occurred_text = _timed(sealed(sealed_at)), _timed(occurred(occurred_at))
        document = loaded(payload)
        if not (
            type(seq) is int
            and type(event_id) is int
            and type(actor_id) in _NUMBER
            and type(table_id) in _NUMBER
            and type(kind) is str
            and type(subject) is str
            and type(digest) is str
            and type(previous_hash) is str
        ):
            event = canonical_event(event_id, kind, subject, actor_id, table_id, occurred_text, document)
            line: ChainLine = {
                "seq": seq,
                "event_id": event_id,
                "previous_hash": previous_hash,
                "hash": digest,
                "sealed_at": sealed_text,
                "event": event,
            }
            return json_line(line)
        # The keys in their sorted order, as json_line writes them.
        return (
            f'{{"event": {{"actor_id": {_number(actor_id)}, "id": {event_id}, "kind": {_string(kind)}, '
            f'"occurred_at": {_string(occurred_text)}, "payload": {json_line(document)}, '
            f'"subject": {_string(subject)}, "table_id": {_number(table_id)}}}, "event_id": {event_id}, '
            f'"hash": {_string(digest)}, "previous_hash": {_string(previous_hash)}, '
            f'"sealed_at": {_string(sealed_text)}, "seq": {seq}}}'
        )

    return chain_line


_NUMBER = frozenset({int, type(None)})  # exactly: a bool is written true or false


def _number(value: int | None) -> str:
    return "null" if value is None else int.__repr__(value)


def _timed(moment: str | None) -> str:
    """A link's time (never empty: the columns are NOT NULL)."""
    if moment is None:
        raise ValueError("a link or its event has no time")
    return moment


def canonical_event(
    event_id: int,
    kind: str,
    subject: str,
    actor_id: int | None,
    table_id: int | None,
    occurred_at: str,  # ISO 8601, UTC (instant_cells)
    payload: dict[str, Any],  # the JSON column as stored: each event kind has its own shape
) -> CanonicalEvent:
    """The document :func:`service.audit.canonical.canonical_of` hashes, as
    a value: the line is written with sorted keys, so it shows the very
    text hashed. (The payload is as the JSON column loaded it, so it reads
    back the same from that text; no ORM object, no encoding and decoding
    a line.)"""
    return {
        "id": event_id,
        "kind": kind,
        "subject": subject,
        "actor_id": actor_id,
        "table_id": table_id,
        "occurred_at": occurred_at,
        "payload": payload,
    }
