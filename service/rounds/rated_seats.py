"""Which seats of a round are rated (rule book section 14), written with
the round in its transaction: a seat is rated when it has an open rating
that is not paused as the round is stored (its claim in ``seat_claims``);
a round with a seat whose rating is paused is refused at that seat, before
anything is written. A correction's seats keep the ratings of the round
they correct (a corrected round counts as corrected), paused or closed
since or not.

The round's ``round_settled`` event seals its rated seats (``rated``, a
round with none carries none), so a round moved to another rating in the
database is named by the verification (:mod:`service.rounds.sealed`).

A change of what a rating's rounds are worth (their values stored, a void,
a correction) queues its figures job (:func:`queue_rating_figures`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict, cast

import sqlalchemy as sa
from sqlalchemy import Connection, Integer, Table, bindparam, insert, select

from service.audit.events import queue_job
from service.errors import Conflict, ErrorCode
from service.jobs.queues import JobKind
from service.store.db import Db
from service.store.models import RatedSeat, SeatClaim, SeatRecord


class RatedSeatJson(TypedDict):
    seat: int
    rating_id: int


_CLAIMS = cast(Table, SeatClaim.__table__)
_SEATS = cast(Table, SeatRecord.__table__)
_RATED = cast(Table, RatedSeat.__table__)

# Built once: it runs on every round stored. Shared locks on PostgreSQL: a
# pause or seat-out at the table waits for the round (SQLite: one writer).
_TABLE_CLAIMS = (
    select(_CLAIMS.c.seat, _CLAIMS.c.rating_id, _CLAIMS.c.paused)
    .where(_CLAIMS.c.table_id == bindparam("table_id"))
    .with_for_update(read=True)
)

_LINK = insert(_RATED).from_select(
    ["seat_id", "rating_id"],
    select(_SEATS.c.id, sa.cast(bindparam("rating_id"), Integer)).where(
        _SEATS.c.round_id == bindparam("round_id"), _SEATS.c.seat == bindparam("seat")
    ),
)


def rated_seats(connection: Connection, table_id: int, seats: Sequence[int]) -> dict[int, int]:
    """The round's rated seats (seat -> rating id), in the order entered;
    refused at the first seat whose rating is paused."""
    claims = {row.seat: row for row in connection.execute(_TABLE_CLAIMS, {"table_id": table_id})}
    rated: dict[int, int] = {}
    for index, seat in enumerate(seats):
        claim = claims.get(seat)
        if claim is None:
            continue
        if claim.paused:
            raise Conflict(
                ErrorCode.SEAT_PAUSED,
                f"seat {seat}'s rating ({claim.rating_id}) is paused: the seat takes no rounds until it "
                "is resumed or seated out",
                f"seats[{index}].seat",
            )
        rated[seat] = claim.rating_id
    return rated


def link_rated(connection: Connection, round_id: int, rated: Mapping[int, int]) -> None:
    """The rated seats of a round just stored, linked to their ratings."""
    if rated:
        connection.execute(
            _LINK,
            [{"round_id": round_id, "seat": seat, "rating_id": rating} for seat, rating in rated.items()],
        )


def corrected_ratings(connection: Connection, corrected_id: int, seats: Sequence[int]) -> dict[int, int]:
    """A correction's rated seats (seat -> rating id): the ratings that
    rated the same seats of the round it corrects."""
    found = connection.execute(
        select(_SEATS.c.seat, _RATED.c.rating_id)
        .join(_RATED, _RATED.c.seat_id == _SEATS.c.id)
        .where(_SEATS.c.round_id == corrected_id)
    )
    ratings = {row.seat: row.rating_id for row in found}
    return {seat: ratings[seat] for seat in seats if seat in ratings}


def rated_json(rated: Mapping[int, int]) -> list[RatedSeatJson]:
    """The rated seats as the round's ``round_settled`` event seals them,
    by seat."""
    return [{"seat": seat, "rating_id": rated[seat]} for seat in sorted(rated)]


def queue_rating_figures(db: Db, round_ids: Sequence[int]) -> None:
    """Queue the figures job of every rating that rated a seat of these
    rounds, and of each such round's slot of the floor (its table, gaming
    day, shift and dealer: the rated-play report's rows), in the
    transaction that changed what they are worth."""
    pairs = db.execute(
        select(_RATED.c.rating_id, _SEATS.c.round_id)
        .join(_SEATS, _SEATS.c.id == _RATED.c.seat_id)
        .where(_SEATS.c.round_id.in_(round_ids))
    ).all()
    for rating_id in sorted({pair.rating_id for pair in pairs}):
        queue_job(db, JobKind.RATING_FIGURES, rating_id)
    for round_id in sorted({pair.round_id for pair in pairs}):
        queue_job(db, JobKind.RATED_SLOTS, round_id)
