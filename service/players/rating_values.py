"""A rating as the service shows it: typed values read from its records
(the rating, its pauses, resumes and seat-out, its buy-ins, a pit boss's
corrections), and the records as their audit events carry them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, TypedDict

from sqlalchemy import select

from service.errors import ErrorCode, NotFound
from service.players.correction_values import CorrectionJson, CorrectionKind, correction_value
from service.store.db import Db, iso
from service.store.models import (
    BuyIn,
    Player,
    PlayerName,
    Rating,
    RatingCorrection,
    RatingEvent,
    SeatClaim,
    User,
)


class RatingStart(StrEnum):
    """How a rating was started."""

    TABLET = "tablet"  # the dealer seated the player as they sat down
    MISSED = "missed"  # a pit boss started one the dealer missed, seat-in in the past


class RatingEventKind(StrEnum):
    PAUSE = "pause"
    RESUME = "resume"
    SEAT_OUT = "seat_out"


class RatingState(StrEnum):
    OPEN = "open"
    PAUSED = "paused"
    CLOSED = "closed"


class BuyInKind(StrEnum):
    CASH = "cash"  # notes, to the drop box
    CHIPS = "chips"  # chips brought from elsewhere


class RatingStepJson(TypedDict):
    """A pause, resume or seat-out, as the service and its answer show it."""

    id: Annotated[int, "the step's id"]
    kind: Annotated[RatingEventKind, "pause, resume or seat_out"]
    at: Annotated[datetime, "when"]
    recorded_by: Annotated[int, "the user who recorded it"]
    reason: Annotated[str | None, "why, if given"]
    chips_taken: Annotated[int | None, "a seat-out's chips taken away, minor units (null: not a seat-out)"]


class BuyInJson(TypedDict):
    id: Annotated[int, "the buy-in's id"]
    rating_id: Annotated[int, "its rating"]
    kind: Annotated[BuyInKind, "cash or chips"]
    amount: Annotated[int, "the amount, minor units"]
    recorded_by: Annotated[int, "the user who recorded it"]
    at: Annotated[datetime, "when"]


@dataclass(frozen=True)
class RatingValue:
    """A rating with its steps, buy-ins and corrections, oldest first (a
    late buy-in or a missed seat-out is among them, at the time it
    happened)."""

    id: int
    player_id: int
    club_number: str
    name: str | None  # the player's name now
    table_id: int
    seat: int
    seated_at: datetime
    started: RatingStart
    reason: str | None
    started_by: int
    state: RatingState
    steps: tuple[RatingStepJson, ...]
    buy_ins: tuple[BuyInJson, ...]
    corrections: tuple[CorrectionJson, ...] = ()

    @property
    def seated_out_at(self) -> datetime | None:
        return next((step["at"] for step in self._seat_outs()), None)

    @property
    def chips_taken(self) -> int | None:
        """The chips taken away: the newest correction's, else the seat-out's."""
        chips = CorrectionKind.CHIPS_TAKEN, CorrectionKind.SEAT_OUT
        corrected = [each["chips_taken"] for each in self.corrections if each["kind"] in chips]
        if corrected:
            return corrected[-1]
        return next((step["chips_taken"] for step in self._seat_outs()), None)

    def _seat_outs(self) -> list[RatingStepJson]:
        return [step for step in self.steps if step["kind"] == RatingEventKind.SEAT_OUT]


def get_rating_row(db: Db, rating_id: int, field: str = "rating_id") -> Rating:
    found = db.get(Rating, rating_id)
    if found is None:
        raise NotFound(ErrorCode.RATING_NOT_FOUND, f"no rating with id {rating_id}", field)
    return found


def player_name(db: Db, player_id: int) -> str | None:
    """The player's newest name (a change of name is a new row)."""
    return db.scalar(
        select(PlayerName.name)
        .where(PlayerName.player_id == player_id)
        .order_by(PlayerName.version.desc())
        .limit(1)
    )


def rating_value(db: Db, rating: Rating) -> RatingValue:
    player = db.get_one(Player, rating.player_id)
    steps = tuple(
        step_value(row)
        for row in db.scalars(
            select(RatingEvent).where(RatingEvent.rating_id == rating.id).order_by(RatingEvent.id)
        )
    )
    # In the order they happened: a late buy-in is written after those it
    # comes before.
    buy_ins = tuple(
        buy_in_value(row)
        for row in db.scalars(select(BuyIn).where(BuyIn.rating_id == rating.id).order_by(BuyIn.at, BuyIn.id))
    )
    rows = db.scalars(
        select(RatingCorrection).where(RatingCorrection.rating_id == rating.id).order_by(RatingCorrection.id)
    ).all()
    signers = select(User.id, User.name).where(User.id.in_({row.recorded_by for row in rows}))
    names = {user.id: user.name for user in db.execute(signers)}
    corrections = tuple(correction_value(row, names) for row in rows)
    return RatingValue(
        id=rating.id,
        player_id=player.id,
        club_number=player.club_number,
        name=player_name(db, player.id),
        table_id=rating.table_id,
        seat=rating.seat,
        seated_at=rating.seated_at,
        started=RatingStart(rating.started),
        reason=rating.reason,
        started_by=rating.started_by,
        state=_state(steps),
        steps=steps,
        buy_ins=buy_ins,
        corrections=corrections,
    )


def open_ratings_at(db: Db, table_id: int) -> list[RatingValue]:
    """The open ratings at a table (paused ones too), by seat: who sits where."""
    ids = db.scalars(
        select(SeatClaim.rating_id).where(SeatClaim.table_id == table_id).order_by(SeatClaim.seat)
    )
    return [rating_value(db, db.get_one(Rating, rating_id)) for rating_id in ids]


def _state(steps: Sequence[RatingStepJson]) -> RatingState:
    for step in reversed(steps):
        if step["kind"] == RatingEventKind.SEAT_OUT:
            return RatingState.CLOSED
        return RatingState.PAUSED if step["kind"] == RatingEventKind.PAUSE else RatingState.OPEN
    return RatingState.OPEN


def step_value(row: RatingEvent) -> RatingStepJson:
    return {
        "id": row.id,
        "kind": RatingEventKind(row.kind),
        "at": row.at,
        "recorded_by": row.recorded_by,
        "reason": row.reason,
        "chips_taken": row.chips_taken,
    }


def buy_in_value(row: BuyIn) -> BuyInJson:
    return {
        "id": row.id,
        "rating_id": row.rating_id,
        "kind": BuyInKind(row.kind),
        "amount": row.amount,
        "recorded_by": row.recorded_by,
        "at": row.at,
    }


# The records' shapes are the events' JSON payloads (a JSON boundary).
def rating_record(rating: Rating, club_number: str) -> dict[str, Any]:
    return {
        "rating_id": rating.id,
        "player_id": rating.player_id,
        "club_number": club_number,
        "table_id": rating.table_id,
        "seat": rating.seat,
        "seated_at": iso(rating.seated_at),
        "started": rating.started,
        "reason": rating.reason,
        "started_by": rating.started_by,
        "recorded_at": iso(rating.recorded_at),
    }


def step_record(row: RatingEvent) -> dict[str, Any]:
    return {
        "event_id": row.id,
        "rating_id": row.rating_id,
        "kind": row.kind,
        "chips_taken": row.chips_taken,
        "reason": row.reason,
        "recorded_by": row.recorded_by,
        "at": iso(row.at),
    }


def buy_in_record(row: BuyIn) -> dict[str, Any]:
    return {
        "buy_in_id": row.id,
        "rating_id": row.rating_id,
        "kind": row.kind,
        "amount": row.amount,
        "recorded_by": row.recorded_by,
        "at": iso(row.at),
    }
