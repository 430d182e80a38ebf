"""A fill's or credit's kind and state: the state is read from its
signatures (a slip row itself is never changed)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from sqlalchemy import ColumnElement, and_, exists, select

from service.store.db import Db
from service.store.models import Slip, SlipSignature


class SlipKind(StrEnum):
    FILL = "fill"  # chips from the cage to the table
    CREDIT = "credit"  # chips from the table back to the cage


class SlipStep(StrEnum):
    """A signature after the request, in the order they come."""

    ISSUED = "issued"  # at the cage, by a cashier
    RECEIVED = "received"  # at the table, by a dealer and a pit boss
    VOIDED = "voided"  # with a reason and a second signature


class SlipState(StrEnum):
    REQUESTED = "requested"
    ISSUED = "issued"
    RECEIVED = "received"
    VOIDED = "voided"


def state_of(steps: Iterable[str]) -> SlipState:
    done = set(steps)
    if SlipStep.VOIDED in done:
        return SlipState.VOIDED
    if SlipStep.RECEIVED in done:
        return SlipState.RECEIVED
    if SlipStep.ISSUED in done:
        return SlipState.ISSUED
    return SlipState.REQUESTED


def _has(step: SlipStep) -> ColumnElement[bool]:
    return exists().where(SlipSignature.slip_id == Slip.id, SlipSignature.step == step.value)


def in_state(state: SlipState) -> ColumnElement[bool]:
    """A filter on slips in this state, for the database to apply: the
    steps that :func:`state_of` reads, as SQL."""
    voided, received, issued = _has(SlipStep.VOIDED), _has(SlipStep.RECEIVED), _has(SlipStep.ISSUED)
    if state is SlipState.VOIDED:
        return voided
    if state is SlipState.RECEIVED:
        return and_(received, ~voided)
    if state is SlipState.ISSUED:
        return and_(issued, ~received, ~voided)
    return and_(~issued, ~received, ~voided)


def signatures_of(db: Db, slip_ids: Iterable[int]) -> dict[int, list[SlipSignature]]:
    ids = list(slip_ids)
    found: dict[int, list[SlipSignature]] = {slip_id: [] for slip_id in ids}
    if ids:
        query = select(SlipSignature).where(SlipSignature.slip_id.in_(ids)).order_by(SlipSignature.id)
        for signature in db.scalars(query):
            found[signature.slip_id].append(signature)
    return found


def outstanding_numbers(db: Db, session_id: int) -> list[int]:
    """The numbers of the session's slips on their way: neither received nor voided."""
    slips = list(db.scalars(select(Slip).where(Slip.session_id == session_id).order_by(Slip.number)))
    steps = signatures_of(db, (slip.id for slip in slips))
    return [
        slip.number
        for slip in slips
        if state_of(s.step for s in steps[slip.id]) in (SlipState.REQUESTED, SlipState.ISSUED)
    ]
