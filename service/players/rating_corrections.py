"""A pit boss's corrections of a rating the dealer got wrong (rule book
section 14: a chips check not zero names a mis-estimated walk or an
unrecorded buy-in), each with a reason: a new ``rating_corrections`` row
and its ``rating_corrected`` event, never an overwrite.

- **The chips taken away** of a closed rating, estimated wrong at
  seat-out: the newest correction's amount is the rating's.
- **A buy-in the dealer missed**, at the time it happened (from the
  seat-in to the seat-out, or now while open): a ``buy_ins`` row with its
  ``buy_in_recorded`` event, as one at the table. A late cash buy-in
  follows the cash rules (:mod:`service.players.cash_rules`) in the gaming
  day of that time, with every cash buy-in of that day recorded so far:
  logged at the log threshold, refused past the report threshold until
  the player is identified; late is no way round them.
- **A seat-out the dealer missed**: an open rating closed at a past time
  (not before its last step or buy-in) with the chips taken away, a seat-out row
  with its ``rating_closed`` event. Refused (409
  ``rated_after_seat_out``) when a round stored after that time rated the
  seat for it: the rounds' links are sealed, so the rating cannot end
  before them.

Each locks the rating's claim first (a seat-out, a pause or a round
linking the seat waits), so what is checked is what is written."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid
from service.jobs.queues import JobKind
from service.players.buy_ins import MAX_AMOUNT
from service.players.cash_rules import check_cash_in, record_cash_in
from service.players.correction_values import CorrectionKind, correction_record
from service.players.feed_entries import feed_if_closed
from service.players.rating_steps import claim_of, open_claim
from service.players.rating_values import (
    BuyInKind,
    RatingEventKind,
    RatingValue,
    buy_in_record,
    rating_value,
    step_record,
)
from service.store.db import Db
from service.store.models import (
    BuyIn,
    GameTable,
    RatedSeat,
    Rating,
    RatingCorrection,
    RatingEvent,
    RoundRecord,
    SeatRecord,
    User,
)

MAX_REASON = 2000


@dataclass(frozen=True)
class LateBuyIn:
    """A buy-in the dealer missed: cash or chips, minor units, and when."""

    kind: BuyInKind
    amount: int
    at: datetime


@dataclass(frozen=True)
class MissedSeatOut:
    """A seat-out the dealer missed: when, and the chips taken away."""

    at: datetime
    chips_taken: int


def correct_chips(
    db: Db, rating: Rating, user: User, reason: str, chips_taken: int, now: datetime
) -> RatingValue:
    """The chips taken away at a closed rating's seat-out, corrected."""
    told = _reason(reason)
    _chips(chips_taken, "chips_taken")
    if claim_of(db, rating) is not None:
        raise Conflict(
            ErrorCode.RATING_OPEN,
            f"chips_taken: rating {rating.id} is not seated out: seat it out, or record the seat-out "
            "the dealer missed",
            "chips_taken",
        )
    _correction(db, rating, user, CorrectionKind.CHIPS_TAKEN, told, now, chips_taken=chips_taken)
    return rating_value(db, rating)


def late_buy_in(
    db: Db, rating: Rating, user: User, reason: str, wanted: LateBuyIn, now: datetime
) -> RatingValue:
    """A buy-in the dealer missed, recorded at the time it happened."""
    told = _reason(reason)
    amount = wanted.amount
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT,
            "buy_in.amount: a whole number of minor units, more than 0",
            "buy_in.amount",
        )
    # Locked: a seat-out waits, so the end checked is the rating's end.
    end = now if claim_of(db, rating) is not None else _seated_out_at(db, rating)
    if not rating.seated_at <= wanted.at <= end:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"buy_in.at: {wanted.at.isoformat()} is not while the rating lasted "
            f"({rating.seated_at.isoformat()} to {end.isoformat()})",
            "buy_in.at",
        )
    table = db.get_one(GameTable, rating.table_id)
    cash = wanted.kind == BuyInKind.CASH
    day = check_cash_in(db, rating, table, amount, wanted.at, "buy_in.amount") if cash else None
    row = BuyIn(rating_id=rating.id, kind=wanted.kind, amount=amount, recorded_by=user.id, at=wanted.at)
    db.add(row)
    db.flush()
    subject = f"rating:{rating.id}"
    record_event(db, EventKind.BUY_IN_RECORDED, subject, buy_in_record(row), user.id, rating.table_id, at=now)
    if day is not None:
        record_cash_in(db, row, rating, day, user, now)
    _correction(db, rating, user, CorrectionKind.BUY_IN, told, now, buy_in_id=row.id)
    return rating_value(db, rating)


def missed_seat_out(
    db: Db, rating: Rating, user: User, reason: str, wanted: MissedSeatOut, now: datetime
) -> RatingValue:
    """An open rating closed at a past time: the seat is free again."""
    told = _reason(reason)
    _chips(wanted.chips_taken, "seat_out.chips_taken")
    if wanted.at > now:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"seat_out.at: {wanted.at.isoformat()} is in the future", "seat_out.at"
        )
    claim = open_claim(db, rating)
    _after_last_step(db, rating, wanted.at)
    _no_rounds_after(db, rating, wanted.at)
    db.delete(claim)
    queue_job(db, JobKind.RATING_FIGURES, rating.id)  # its final figures
    step = RatingEvent(
        rating_id=rating.id,
        kind=RatingEventKind.SEAT_OUT,
        chips_taken=wanted.chips_taken,
        reason=told,
        recorded_by=user.id,
        at=wanted.at,
    )
    db.add(step)
    db.flush()
    subject = f"rating:{rating.id}"
    record_event(db, EventKind.RATING_CLOSED, subject, step_record(step), user.id, rating.table_id, at=now)
    _correction(
        db, rating, user, CorrectionKind.SEAT_OUT, told, now, chips_taken=wanted.chips_taken, step_id=step.id
    )
    return rating_value(db, rating)


def _reason(reason: str) -> str:
    told = reason.strip()
    if not told:
        raise Invalid(ErrorCode.MISSING_FIELD, "reason: say what the dealer got wrong", "reason")
    if len(told) > MAX_REASON:
        raise Invalid(ErrorCode.INVALID_FIELD, f"reason: at most {MAX_REASON} characters", "reason")
    return told


def _chips(chips_taken: int, field: str) -> None:
    if (
        isinstance(chips_taken, bool)
        or not isinstance(chips_taken, int)
        or not 0 <= chips_taken <= MAX_AMOUNT
    ):
        raise Invalid(ErrorCode.INVALID_AMOUNT, f"{field}: a whole number of minor units, 0 or more", field)


def _seated_out_at(db: Db, rating: Rating) -> datetime:
    at = db.scalar(
        select(RatingEvent.at).where(
            RatingEvent.rating_id == rating.id, RatingEvent.kind == RatingEventKind.SEAT_OUT
        )
    )
    assert at is not None  # a rating without a claim is seated out
    return at


def _after_last_step(db: Db, rating: Rating, at: datetime) -> None:
    if at < rating.seated_at:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"seat_out.at: {at.isoformat()} is before the seat-in ({rating.seated_at.isoformat()})",
            "seat_out.at",
        )
    # A buy-in after the player left would fall outside the rating.
    for what, model in (("pause or resume", RatingEvent), ("buy-in", BuyIn)):
        last = db.scalar(select(func.max(model.at)).where(model.rating_id == rating.id))
        if last is not None and at < last:
            raise Conflict(
                ErrorCode.CONFLICT,
                f"seat_out.at: {at.isoformat()} is before the rating's last {what} ({last.isoformat()})",
                "seat_out.at",
            )


def _no_rounds_after(db: Db, rating: Rating, at: datetime) -> None:
    """No round stored after ``at`` rated the seat for the rating (its
    corrections keep the link of the round they correct: the originals count)."""
    first = db.scalar(
        select(func.min(RoundRecord.entered_at))
        .join(SeatRecord, SeatRecord.round_id == RoundRecord.id)
        .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .where(RatedSeat.rating_id == rating.id, RoundRecord.revision == 0, RoundRecord.entered_at > at)
    )
    if first is not None:
        raise Conflict(
            ErrorCode.RATED_AFTER_SEAT_OUT,
            f"seat_out.at: a round stored at {first.isoformat()} rated the seat for rating "
            f"{rating.id}: its seated_out_at {at.isoformat()} must not be before it",
            "seat_out.at",
        )


def _correction(
    db: Db,
    rating: Rating,
    user: User,
    kind: CorrectionKind,
    reason: str,
    now: datetime,
    *,
    chips_taken: int | None = None,
    buy_in_id: int | None = None,
    step_id: int | None = None,
) -> None:
    row = RatingCorrection(
        rating_id=rating.id,
        kind=kind,
        reason=reason,
        chips_taken=chips_taken,
        buy_in_id=buy_in_id,
        rating_event_id=step_id,
        recorded_by=user.id,
        recorded_at=now,
    )
    db.add(row)
    db.flush()
    record_event(
        db,
        EventKind.RATING_CORRECTED,
        f"rating:{rating.id}",
        correction_record(row),
        user.id,
        rating.table_id,
        at=now,
    )
    feed_if_closed(db, rating.id, now)  # what its final slip says changed
