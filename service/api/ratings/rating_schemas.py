"""Schemas of rated play: a seat-in, a pause or resume, a seat-out, a
buy-in, and a rating as the service shows it, every field described.
Money is whole minor units: a fraction or a negative amount is refused
here, naming the field."""

from __future__ import annotations

from datetime import datetime
from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.players.buy_ins import MAX_AMOUNT
from service.players.correction_values import CorrectionJson
from service.players.rating_json import RatingJson
from service.players.rating_values import BuyInJson, BuyInKind, RatingStepJson

CLUB_NUMBER = r"^[A-Za-z0-9]{1,20}$"
MAX_SEAT = 99


class SeatInJson(TypedDict):
    club_number: str
    seat: int
    seated_at: NotRequired[datetime]
    reason: NotRequired[str]


class StepInJson(TypedDict):
    reason: NotRequired[str]


class SeatOutInJson(TypedDict):
    chips_taken: int
    reason: NotRequired[str]


class BuyInInJson(TypedDict):
    kind: BuyInKind
    amount: int


def _reason(description: str) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=2000), metadata={"description": description})


class SeatInSchema(StrictSchema):
    club_number = fields.String(
        required=True,
        validate=validate.Regexp(CLUB_NUMBER),
        metadata={"description": "the player's club number (1 to 20 letters and digits), typed or scanned"},
    )
    seat = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_SEAT),
        metadata={"description": "the seat, one of the table's configuration"},
    )
    seated_at = fields.AwareDateTime(
        metadata={
            "description": "a pit boss's start of a rating the dealer missed: when the player sat down "
            "(in the past; with a reason)"
        }
    )
    reason = _reason("a pit boss's start of a rating the dealer missed: why (with seated_at)")


class StepInSchema(StrictSchema):
    reason = _reason("why (optional)")


class SeatOutInSchema(StrictSchema):
    chips_taken = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=0, max=MAX_AMOUNT),
        metadata={"description": "the chips the player took away, whole minor units (0 or more)"},
    )
    reason = _reason("why (optional)")


class BuyInInSchema(StrictSchema):
    kind = api_fields.enum(BuyInKind, "cash (its notes to the drop box) or chips brought from elsewhere")
    amount = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_AMOUNT),
        metadata={"description": "the amount, whole minor units, more than 0"},
    )


RatingStepSchema = answer(RatingStepJson, "RatingStepSchema")


BuyInSchema = answer(BuyInJson, "BuyInSchema")


RatingCorrectionSchema = answer(CorrectionJson, "RatingCorrectionSchema")


RatingSchema = answer(RatingJson, "RatingSchema")
