"""Seating a player: a rating opened at a seat of a table, by club number,
by the dealer at the tablet or by a pit boss starting one the dealer
missed (a reason and a seat-in time in the past).

The rule book's Decision (section 14): a seat has at most one open rating,
and a player never has open ratings at two tables at once (several seats
at one table are allowed). The seat's claim (``seat_claims``, keyed by the
seat) holds the first whatever races are lost: the loser's insert fails,
its transaction runs again and finds the winner. The second is checked
with the player's row locked (PostgreSQL) or the single writer's turn
held (SQLite), so two seat-ins of one player are taken one at a time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, insert, select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid
from service.jobs.queues import JobKind
from service.players.players import get_player
from service.players.rating_values import RatingStart, RatingValue, rating_record, rating_value
from service.store.db import Db, hold_writer
from service.store.models import (
    GameTable,
    Player,
    RatedSeat,
    Rating,
    RoundRecord,
    SeatClaim,
    SeatRecord,
    User,
)
from service.tables.tables import config_of, current_config


@dataclass(frozen=True)
class SeatIn:
    """Who sits where: a club number at a seat. ``missed``: a pit boss's
    start of a rating the dealer missed, with its reason and the time the
    player sat down (in the past)."""

    club_number: str
    seat: int
    missed: tuple[str, datetime] | None = None


def seat_in(db: Db, table: GameTable, user: User, wanted: SeatIn, now: datetime) -> RatingValue:
    """Open a rating; the rounds at the seat are rated from now on (a
    missed one's also from its seat-in time, those not rated already)."""
    seats = config_of(current_config(db, table)).seats
    if not 1 <= wanted.seat <= seats:
        raise Invalid(
            ErrorCode.INVALID_SEAT, f"seat {wanted.seat} does not exist at this table (1 to {seats})", "seat"
        )
    seated_at, reason = (now, None) if wanted.missed is None else _missed(wanted.missed, now)
    hold_writer(db)  # SQLite: the reads below and the writes are one writer's
    # Two seat-ins of one player wait for each other: the second then sees
    # the first's claim.
    player = get_player(db, wanted.club_number, locked=True)
    _seat_free(db, table, wanted.seat)
    _not_elsewhere(db, table, player)
    rating = Rating(
        player_id=player.id,
        table_id=table.id,
        seat=wanted.seat,
        seated_at=seated_at,
        started=RatingStart.TABLET if wanted.missed is None else RatingStart.MISSED,
        reason=reason,
        started_by=user.id,
        recorded_at=now,
    )
    db.add(rating)
    db.flush()
    # The claim: a second open rating at the seat fails here (its key).
    db.add(
        SeatClaim(table_id=table.id, seat=wanted.seat, rating_id=rating.id, player_id=player.id, paused=False)
    )
    db.flush()
    payload = rating_record(rating, player.club_number)
    if wanted.missed is not None:
        # The rounds it rates back, sealed with it (the rounds' own events
        # were written before it, unrated at that seat).
        payload["back_filled"] = _rate_since(db, rating)
    record_event(
        db,
        EventKind.RATING_OPENED,
        f"rating:{rating.id}",
        payload,
        user.id,
        table.id,
        at=now,
    )
    return rating_value(db, rating)


def _missed(missed: tuple[str, datetime], now: datetime) -> tuple[datetime, str]:
    reason, seated_at = missed[0].strip(), missed[1]
    if not reason:
        raise Invalid(ErrorCode.MISSING_FIELD, "reason: say why the dealer missed the seat-in", "reason")
    if seated_at > now:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"seated_at {seated_at.isoformat()} is in the future", "seated_at"
        )
    return seated_at, reason


def _seat_free(db: Db, table: GameTable, seat: int) -> None:
    taken = db.scalar(
        select(SeatClaim.rating_id).where(SeatClaim.table_id == table.id, SeatClaim.seat == seat)
    )
    if taken is not None:
        raise Conflict(
            ErrorCode.SEAT_RATED,
            f"seat {seat} of table {table.name!r} has an open rating (rating {taken}): seat it out first",
            "seat",
        )


def _not_elsewhere(db: Db, table: GameTable, player: Player) -> None:
    other = db.scalar(
        select(SeatClaim.table_id)
        .where(SeatClaim.player_id == player.id, SeatClaim.table_id != table.id)
        .limit(1)
    )
    if other is not None:
        raise Conflict(
            ErrorCode.PLAYER_SEATED_ELSEWHERE,
            f"player {player.club_number!r} has an open rating at table {other}: seat them out there first",
            "club_number",
        )


def _rate_since(db: Db, rating: Rating) -> list[int]:
    """The seat's rounds stored since a missed rating's seat-in time and
    rated by no rating: rated by this one (a correction of one of them too).
    Their round records' ids, oldest first."""
    rounds = cast(Table, RoundRecord.__table__)
    seats = cast(Table, SeatRecord.__table__)
    rated = cast(Table, RatedSeat.__table__)
    unrated = db.execute(
        select(seats.c.id, seats.c.round_id)
        .join(rounds, rounds.c.id == seats.c.round_id)
        .where(
            rounds.c.table_id == rating.table_id,
            rounds.c.entered_at >= rating.seated_at,
            seats.c.seat == rating.seat,
            ~select(rated.c.seat_id).where(rated.c.seat_id == seats.c.id).exists(),
        )
        .order_by(seats.c.round_id)
    ).all()
    if unrated:
        db.execute(insert(rated), [{"seat_id": row.id, "rating_id": rating.id} for row in unrated])
        # Worth something now: its figures should not wait for the sweep.
        queue_job(db, JobKind.RATING_FIGURES, rating.id)
    return [row.round_id for row in unrated]
