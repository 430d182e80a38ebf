"""Fills and credits: a pit boss requests one, a cage cashier issues it,
and a dealer and a pit boss receive it at the table: each signature
another person's, each at its own time. A slip on its way is voided only
with a reason and a second signature. Numbers run per casino without a
gap: one is taken in the slip's own transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update

from service.accounting.denominations import CHIPS, read_lines
from service.accounting.duties import holds, not_signed_before, one_each
from service.accounting.records import signature_record, slip_record
from service.accounting.sessions import open_session_of
from service.accounting.slip_states import SlipKind, SlipState, SlipStep, signatures_of, state_of
from service.accounts.roles import Role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Forbidden, Invalid, NotFound
from service.store.db import Db
from service.store.models import GameTable, Slip, SlipNumber, SlipSignature, User

_EVENTS = {
    SlipStep.ISSUED: EventKind.SLIP_ISSUED,
    SlipStep.RECEIVED: EventKind.SLIP_RECEIVED,
    SlipStep.VOIDED: EventKind.SLIP_VOIDED,
}
_NEXT_NUMBER = (
    update(SlipNumber).where(SlipNumber.id == 1).values(last=SlipNumber.last + 1).returning(SlipNumber.last)
)


def request_slip(
    db: Db, table: GameTable, requester: User, kind: object, raw_lines: object, now: datetime
) -> Slip:
    if kind not in tuple(SlipKind):
        raise Invalid(ErrorCode.INVALID_FIELD, f"kind must be fill or credit, not {kind!r}", "kind")
    lines = read_lines(raw_lines, CHIPS, "lines", empty=False)
    holds(requester, (Role.PIT_BOSS,), "a slip's request", "role")
    opened = open_session_of(db, table)
    if opened is None:
        raise Conflict(
            ErrorCode.TABLE_CLOSED, f"table {table.name!r} has no open session: open it first", "table_id"
        )
    number = db.execute(_NEXT_NUMBER).scalar_one()
    slip = Slip(
        number=number,
        kind=SlipKind(str(kind)),
        table_id=table.id,
        session_id=opened.id,
        lines=lines.to_json(),
        total=lines.total,
        requested_by=requester.id,
        requested_at=now,
    )
    db.add(slip)
    db.flush()
    record_event(
        db,
        EventKind.SLIP_REQUESTED,
        f"slip:{slip.number}",
        slip_record(slip),
        requester.id,
        table.id,
        at=now,
    )
    return slip


def issue_slip(db: Db, slip: Slip, issuer: User, now: datetime) -> SlipSignature:
    holds(issuer, (Role.CAGE,), "a slip's issue", "role")
    _in_state(db, slip, (SlipState.REQUESTED,), "issued")
    not_signed_before(issuer, {slip.requested_by: "requested"}, "issue", "role")
    return _sign(db, slip, SlipStep.ISSUED, issuer, None, None, now)


def receive_slip(db: Db, slip: Slip, signer: User, cosigner: User, now: datetime) -> SlipSignature:
    dealer, pit_boss = one_each(
        signer, cosigner, (Role.DEALER, Role.PIT_BOSS), "a slip's receipt", "cosigner"
    )
    signatures = _in_state(db, slip, (SlipState.ISSUED,), "received")
    earlier = {slip.requested_by: "requested", **{s.signed_by: s.step for s in signatures}}
    for user, field in (
        (dealer, "role" if dealer is signer else "cosigner"),
        (pit_boss, "role" if pit_boss is signer else "cosigner"),
    ):
        not_signed_before(user, earlier, "receive", field)
    return _sign(db, slip, SlipStep.RECEIVED, signer, cosigner, None, now)


def void_slip(
    db: Db, slip: Slip, voider: User, cosigner: User, reason: object, now: datetime
) -> SlipSignature:
    """Void a slip on its way (requested or issued). The second signature is
    another pit boss's or a cage cashier's."""
    if not isinstance(reason, str) or not reason.strip() or len(reason) > 500:
        raise Invalid(ErrorCode.INVALID_FIELD, "reason must be 1 to 500 characters", "reason")
    holds(voider, (Role.PIT_BOSS,), "a slip's void", "role")
    holds(cosigner, (Role.PIT_BOSS, Role.CAGE), "a void's second signature", "cosigner")
    if cosigner.id == voider.id:
        raise Forbidden(
            ErrorCode.SAME_PERSON, "the second signature on a void is another person's", "cosigner"
        )
    _in_state(db, slip, (SlipState.REQUESTED, SlipState.ISSUED), "voided")
    return _sign(db, slip, SlipStep.VOIDED, voider, cosigner, reason.strip(), now)


def get_slip(db: Db, number: int, field: str = "number") -> Slip:
    found = db.scalar(select(Slip).where(Slip.number == number))
    if found is None:
        raise NotFound(ErrorCode.SLIP_NOT_FOUND, f"no slip numbered {number}", field)
    return found


def _in_state(db: Db, slip: Slip, allowed: tuple[SlipState, ...], step: str) -> list[SlipSignature]:
    # The slip's row locked first: two cashiers issuing it at once sign one
    # after the other, and the second finds it issued (and the unique
    # (slip, step) holds whatever happens).
    db.execute(select(Slip.id).where(Slip.id == slip.id).with_for_update())
    signatures = signatures_of(db, [slip.id])[slip.id]
    state = state_of(s.step for s in signatures)
    if state not in allowed:
        raise Conflict(
            ErrorCode.SLIP_STATE, f"slip {slip.number} is {state}: it cannot be {step} now", "number"
        )
    return signatures


def _sign(
    db: Db,
    slip: Slip,
    step: SlipStep,
    signer: User,
    cosigner: User | None,
    reason: str | None,
    now: datetime,
) -> SlipSignature:
    signature = SlipSignature(
        slip_id=slip.id,
        step=step,
        signed_by=signer.id,
        cosigned_by=None if cosigner is None else cosigner.id,
        reason=reason,
        signed_at=now,
    )
    db.add(signature)
    db.flush()
    record_event(
        db,
        _EVENTS[step],
        f"slip:{slip.number}",
        signature_record(signature),
        signer.id,
        slip.table_id,
        at=now,
    )
    return signature
