"""What a pit boss's correction of a rating takes: a reason and exactly
one of the chips taken away (a closed rating's walk corrected), a buy-in
the dealer missed (with when it happened) or a seat-out the dealer missed
(when, and the chips taken away)."""

from __future__ import annotations

from datetime import datetime
from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http.schemas import StrictSchema
from service.api.ratings.rating_schemas import BuyInInSchema
from service.players.buy_ins import MAX_AMOUNT
from service.players.rating_values import BuyInKind


class LateBuyInJson(TypedDict):
    kind: BuyInKind
    amount: int
    at: datetime


class MissedSeatOutJson(TypedDict):
    at: datetime
    chips_taken: int


class RatingCorrectionInJson(TypedDict):
    reason: str
    chips_taken: NotRequired[int]
    buy_in: NotRequired[LateBuyInJson]
    seat_out: NotRequired[MissedSeatOutJson]


def _chips(description: str, *, required: bool) -> fields.Integer:
    return fields.Integer(
        required=required,
        strict=True,
        validate=validate.Range(min=0, max=MAX_AMOUNT),
        metadata={"description": description},
    )


class LateBuyInSchema(BuyInInSchema):
    """A buy-in's body, and when it happened."""

    at = fields.AwareDateTime(
        required=True,
        metadata={"description": "when it happened: from the seat-in to the seat-out (or now while open)"},
    )


class MissedSeatOutSchema(StrictSchema):
    at = fields.AwareDateTime(
        required=True,
        metadata={
            "description": "when the player left: in the past, not before the last pause or resume, "
            "and not before a round that rated the seat for the rating"
        },
    )
    chips_taken = _chips("the chips the player took away, whole minor units (0 or more)", required=True)


class RatingCorrectionInSchema(StrictSchema):
    reason = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2000),
        metadata={"description": "why: what the dealer got wrong"},
    )
    chips_taken = _chips(
        "a closed rating's chips taken away, corrected: whole minor units (0 or more)", required=False
    )
    buy_in = fields.Nested(LateBuyInSchema, metadata={"description": "a buy-in the dealer missed"})
    seat_out = fields.Nested(
        MissedSeatOutSchema, metadata={"description": "a seat-out the dealer missed (an open rating)"}
    )
