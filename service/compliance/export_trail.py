"""The trail's files of a compliance export: the voids and corrections with
their decisions and the audit events of the window, their queries and
lines; the window's bounds, which the hash chain's file
(:mod:`service.compliance.export_chain`) keeps to as well."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sqlalchemy import ColumnElement, case, func, literal, select
from sqlalchemy.orm import aliased

from service.audit.chain import sealed_as_stored
from service.compliance.export_queries import IdRange, Line, Query, Scope, rounds_in
from service.compliance.export_values import (
    as_stored,
    as_text,
    compact,
    instant_cells,
    loaded,
    round_id,
)
from service.rounds.status import DecisionState
from service.store.db import Db
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


def trail_bounds(db: Db, scope: Scope) -> Scope:
    """The scope with the first and last ids of its window's events and the
    first and last seqs of their links, found by the index on the events'
    time and the links' index on their event. Without them each read of
    the trail went through every event and link ever written (a table's
    month at 1M rounds read the whole log four times); with them it reads
    the range, and keeps its other conditions: the same rows."""
    first, last = db.execute(
        select(func.min(AuditEvent.id), func.max(AuditEvent.id)).where(*events_in(scope))
    ).one()
    if first is None:
        return replace(scope, event_ids=EMPTY, seal_seqs=EMPTY)
    low, high = db.execute(
        select(func.min(AuditSeal.seq), func.max(AuditSeal.seq)).where(
            AuditSeal.event_id.between(first, last), AuditSeal.seq <= scope.cut.seal_seq
        )
    ).one()
    return replace(scope, event_ids=(first, last), seal_seqs=EMPTY if low is None else (low, high))


def events_in(scope: Scope) -> list[ColumnElement[bool]]:
    conditions = [
        AuditEvent.occurred_at >= scope.window_start,
        AuditEvent.occurred_at < scope.window_end,
        AuditEvent.id <= scope.cut.event_id,
    ]
    if scope.event_ids is not None:
        conditions.append(AuditEvent.id.between(*scope.event_ids))
    return conditions


def links_in(scope: Scope) -> list[ColumnElement[bool]]:
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
            AuditSeal.previous_hash,  # the link's hashes prove the payload's text canonical
            AuditSeal.hash,
        )
        .outerjoin(actor, actor.id == AuditEvent.actor_id)
        .outerjoin(AuditSeal, (AuditSeal.event_id == AuditEvent.id) & sealed)
        .where(*events_in(scope))
        .order_by(AuditEvent.id)
    )


def event_lines(db: Db) -> Callable[[Line], list[object]]:
    """An event's line, its time read by its column type (:func:`instant_cells`),
    its payload compact: the stored text itself when the link's hash proves
    it the sealed, canonical one (:func:`sealed_as_stored`), which is its
    compact JSON; decoded and encoded when not (an event not sealed yet,
    edited since, or stored another way)."""
    instant = instant_cells(AuditEvent.occurred_at, db)

    def event_row(row: Line) -> list[object]:
        (
            event_id,
            occurred_at,
            kind,
            subject,
            actor_id,
            actor,
            table_id,
            payload,
            seq,
            previous_hash,
            digest,
        ) = row
        event = (event_id, kind, subject, actor_id, table_id, occurred_at, payload)
        sealed = digest is not None and sealed_as_stored(previous_hash, digest, event) is not None
        shown = payload if sealed else compact(loaded(payload))
        return [event_id, instant(occurred_at), kind, subject, actor_id, actor, table_id, shown, seq]

    return event_row
