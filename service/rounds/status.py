"""Whether a stored round record counts: it does unless an approved void or
correction targets it. A void takes the round out; a correction replaces it
with a new record (the next revision) that counts in its place.

Stored rounds never change (the database refuses it), so a round's status
is read from the exception records, never written onto the round."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import ColumnElement, exists, select

from service.store.db import Db
from service.store.models import ExceptionDecision, RoundException, RoundRecord


class RoundStatus(StrEnum):
    SETTLED = "settled"
    VOID = "void"  # an approved void took it out
    SUPERSEDED = "superseded"  # an approved correction replaced it


class ExceptionKind(StrEnum):
    """What a pit boss may ask for a settled round (a void is also the
    status it leaves)."""

    VOID = "void"
    CORRECTION = "correction"


class DecisionState(StrEnum):
    """Where a void or correction request stands."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


KINDS = tuple(ExceptionKind)


def _approved_exception(kind: str | None = None) -> ColumnElement[bool]:
    query = exists().where(
        RoundException.round_id == RoundRecord.id,
        ExceptionDecision.exception_id == RoundException.id,
        ExceptionDecision.approved.is_(True),
    )
    if kind is not None:
        query = query.where(RoundException.kind == kind)
    return query


def counting() -> ColumnElement[bool]:
    """The SQL condition a round record counts (in reports and totals)."""
    return ~_approved_exception()


def counts(db: Db, round_id: int) -> bool:
    return approved_exception_kind(db, round_id) is None


def taken_out_among(db: Db, round_ids: Sequence[int]) -> set[int]:
    """Those of these rounds an approved void or correction took out."""
    return set(
        db.scalars(
            select(RoundException.round_id)
            .join(ExceptionDecision, ExceptionDecision.exception_id == RoundException.id)
            .where(RoundException.round_id.in_(round_ids), ExceptionDecision.approved.is_(True))
        )
    )


def approved_exception_kind(db: Db, round_id: int) -> ExceptionKind | None:
    """What took a round out; ``None`` while it counts."""
    kind = db.scalar(
        select(RoundException.kind)
        .join(ExceptionDecision, ExceptionDecision.exception_id == RoundException.id)
        .where(RoundException.round_id == round_id, ExceptionDecision.approved.is_(True))
        .limit(1)
    )
    return None if kind is None else ExceptionKind(kind)


def decision_state(decision: ExceptionDecision | None) -> DecisionState:
    if decision is None:
        return DecisionState.PENDING
    return DecisionState.APPROVED if decision.approved else DecisionState.REJECTED


@dataclass(frozen=True)
class Status:
    status: RoundStatus
    superseded_by: int | None  # the record of the approved correction
    exceptions: tuple[RoundException, ...]  # oldest first, decided or pending


JUST_SETTLED = Status(RoundStatus.SETTLED, None, ())


def statuses(db: Db, round_ids: Iterable[int]) -> dict[int, Status]:
    """The status of each round record, in one query."""
    ids = list(round_ids)
    found: dict[int, list[RoundException]] = {round_id: [] for round_id in ids}
    if ids:
        for exception in db.scalars(
            select(RoundException).where(RoundException.round_id.in_(ids)).order_by(RoundException.id)
        ).unique():
            found[exception.round_id].append(exception)
    return {round_id: _status(exceptions) for round_id, exceptions in found.items()}


def _status(exceptions: list[RoundException]) -> Status:
    for exception in exceptions:
        decision = exception.decision
        if decision is not None and decision.approved:
            if exception.kind == ExceptionKind.VOID:
                return Status(RoundStatus.VOID, None, tuple(exceptions))
            return Status(RoundStatus.SUPERSEDED, decision.replacement_id, tuple(exceptions))
    return Status(RoundStatus.SETTLED, None, tuple(exceptions))
