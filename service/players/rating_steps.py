"""A rating's pauses, resumes and seat-out. Each locks the rating's seat
claim first (PostgreSQL; SQLite's single writer's turn), so two changes of
one rating are taken one at a time and the second sees the first: a pause
of a paused rating, a resume of one not paused, and any change of a rating
seated out are refused. The seat-out deletes the claim: the seat is free."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid
from service.jobs.queues import JobKind
from service.players.feed_entries import feed
from service.players.rating_values import RatingEventKind, RatingValue, rating_value, step_record
from service.store.db import Db, hold_writer
from service.store.models import Rating, RatingEvent, SeatClaim, User

_KINDS = {
    RatingEventKind.PAUSE: EventKind.RATING_PAUSED,
    RatingEventKind.RESUME: EventKind.RATING_RESUMED,
    RatingEventKind.SEAT_OUT: EventKind.RATING_CLOSED,
}


def claim_of(db: Db, rating: Rating) -> SeatClaim | None:
    """The rating's claim, locked to the end of the transaction; none once
    it is seated out (a seat-out waited for commits first)."""
    hold_writer(db)
    # As the row is now, not as this handle may have loaded it before the lock.
    locked = select(SeatClaim).where(SeatClaim.rating_id == rating.id).with_for_update()
    return db.scalar(locked.execution_options(populate_existing=True))


def open_claim(db: Db, rating: Rating) -> SeatClaim:
    """The open rating's claim, locked to the end of the transaction; a
    rating seated out has none."""
    claim = claim_of(db, rating)
    if claim is None:
        raise Conflict(ErrorCode.RATING_CLOSED, f"rating {rating.id} is seated out already", "rating_id")
    return claim


def pause(db: Db, rating: Rating, user: User, reason: str | None, now: datetime) -> RatingValue:
    """The player steps away: the seat takes no rounds until a resume."""
    claim = open_claim(db, rating)
    if claim.paused:
        raise Conflict(ErrorCode.RATING_PAUSED, f"rating {rating.id} is paused already", "rating_id")
    claim.paused = True
    return _step(db, rating, user, RatingEventKind.PAUSE, now, reason=reason)


def resume(db: Db, rating: Rating, user: User, reason: str | None, now: datetime) -> RatingValue:
    claim = open_claim(db, rating)
    if not claim.paused:
        raise Conflict(ErrorCode.RATING_NOT_PAUSED, f"rating {rating.id} is not paused", "rating_id")
    claim.paused = False
    return _step(db, rating, user, RatingEventKind.RESUME, now, reason=reason)


def seat_out(
    db: Db, rating: Rating, user: User, chips_taken: int, reason: str | None, now: datetime
) -> RatingValue:
    """Close the rating with the chips the player took away (minor units,
    zero or more); the seat is free again."""
    if isinstance(chips_taken, bool) or not isinstance(chips_taken, int) or chips_taken < 0:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT, "chips_taken: a whole number of minor units, 0 or more", "chips_taken"
        )
    claim = open_claim(db, rating)
    db.delete(claim)
    queue_job(db, JobKind.RATING_FIGURES, rating.id)  # its final figures
    closed = _step(db, rating, user, RatingEventKind.SEAT_OUT, now, reason=reason, chips_taken=chips_taken)
    feed(db, rating.id, now)  # closed just now: no need to look
    return closed


def _step(
    db: Db,
    rating: Rating,
    user: User,
    kind: RatingEventKind,
    now: datetime,
    *,
    reason: str | None,
    chips_taken: int | None = None,
) -> RatingValue:
    # A clock set back: nothing before the seat-in belongs to the rating,
    # and a step before the last one (a resume before its pause) would make
    # the time played run backwards.
    last = db.scalar(select(func.max(RatingEvent.at)).where(RatingEvent.rating_id == rating.id))
    latest = rating.seated_at if last is None else max(last, rating.seated_at)
    if now < latest:
        raise Conflict(
            ErrorCode.CONFLICT,
            f"rating {rating.id} was last changed at {latest.isoformat()}, after now",
            "rating_id",
        )
    row = RatingEvent(
        rating_id=rating.id,
        kind=kind,
        chips_taken=chips_taken,
        reason=(reason or "").strip() or None,
        recorded_by=user.id,
        at=now,
    )
    db.add(row)
    db.flush()
    record_event(db, _KINDS[kind], f"rating:{rating.id}", step_record(row), user.id, rating.table_id, at=now)
    return rating_value(db, rating)
