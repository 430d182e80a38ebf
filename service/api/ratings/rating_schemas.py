"""Schemas of rated play: a seat-in, a pause or resume, a seat-out, a
buy-in, and a rating as the service shows it, every field described.
Money is whole minor units: a fraction or a negative amount is refused
here, naming the field."""

from __future__ import annotations

from datetime import datetime
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.players.buy_ins import MAX_AMOUNT
from service.players.correction_values import CorrectionKind
from service.players.rating_values import BuyInKind, RatingEventKind, RatingStart, RatingState

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


class RatingStepSchema(Schema):
    id = api_fields.integer("the step's id")
    kind = api_fields.enum(RatingEventKind, "pause, resume or seat_out")
    at = api_fields.instant("when")
    recorded_by = api_fields.integer("the user who recorded it")
    reason = api_fields.text("why, if given", allow_none=True)
    chips_taken = api_fields.money(
        "a seat-out's chips taken away, minor units (null: not a seat-out)", allow_none=True
    )


class BuyInSchema(Schema):
    id = api_fields.integer("the buy-in's id")
    rating_id = api_fields.integer("its rating")
    kind = api_fields.enum(BuyInKind, "cash or chips")
    amount = api_fields.money("the amount, minor units")
    recorded_by = api_fields.integer("the user who recorded it")
    at = api_fields.instant("when")


class RatingCorrectionSchema(Schema):
    id = api_fields.integer("the correction's id")
    kind = api_fields.enum(
        CorrectionKind,
        "chips_taken (the walk corrected), buy_in (a buy-in the dealer missed) or seat_out (a seat-out "
        "the dealer missed)",
    )
    reason = api_fields.text("why: what the dealer got wrong")
    chips_taken = api_fields.money(
        "chips_taken or seat_out: the chips taken away, minor units (null: a buy-in)", allow_none=True
    )
    buy_in_id = api_fields.integer("buy_in: the buy-in it recorded (in buy_ins)", allow_none=True)
    rating_event_id = api_fields.integer("seat_out: the seat-out it recorded (in steps)", allow_none=True)
    recorded_by = api_fields.integer("the pit boss who recorded it")
    recorded_by_name = api_fields.text("the user name of the pit boss who recorded it")
    recorded_at = api_fields.instant("when it was recorded")


class RatingSchema(Schema):
    id = api_fields.integer("the rating's id")
    player_id = api_fields.integer("the player's id")
    club_number = api_fields.text("the player's club number")
    name = api_fields.text("the player's name now (null: none recorded)", allow_none=True)
    table_id = api_fields.integer("the table")
    seat = api_fields.integer("the seat")
    seated_at = api_fields.instant("when the player sat down")
    started = api_fields.enum(
        RatingStart, "tablet (the dealer seated them) or missed (a pit boss started it)"
    )
    reason = api_fields.text("a missed rating's reason", allow_none=True)
    started_by = api_fields.integer("the user who started it")
    state = api_fields.enum(RatingState, "open, paused or closed (seated out)")
    seated_out_at = api_fields.instant("when the player was seated out (null: still open)", allow_none=True)
    chips_taken = api_fields.money(
        "the chips taken away at seat-out, minor units, as corrected last (null: open)", allow_none=True
    )
    steps = api_fields.nested_list(RatingStepSchema, "its pauses, resumes and seat-out, oldest first")
    buy_ins = api_fields.nested_list(
        BuyInSchema, "its buy-ins in the order they happened (a late one's at is when it happened)"
    )
    corrections = api_fields.nested_list(RatingCorrectionSchema, "a pit boss's corrections, oldest first")
