"""Schemas of Wild Joker Stud's dealer-assist beside its showdown
(``shared/docs/poker-room-rules.md``): the bring-in, the first button and
the betting-action check, in and out. Cards and seats are the showdown's
fields (``showdown_schemas.py``)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.api.poker_room.showdown_schemas import CARD, card_list, seat_number
from service.poker_room.betting import ActionKind
from service.poker_room.deal_input import MAX_SEAT
from service.poker_room.stud_input import MAX_AMOUNT, MAX_HISTORY
from service.poker_room.stud_json import ActionCheckJson, BringInJson, ExposedPairJson, FirstButtonJson


class UpCardsSeatSchema(StrictSchema):
    seat = seat_number()
    up = card_list("the seat's two face-up cards", 2)


class BringInInSchema(StrictSchema):
    seats = fields.List(
        fields.Nested(UpCardsSeatSchema),
        required=True,
        validate=validate.Length(max=9),
        metadata={"description": "each player's face-up cards after the first three, 2 to 9 players"},
    )


class UpCardsSeatJson(TypedDict):
    seat: int
    up: list[object]


class BringInInJson(TypedDict):
    seats: list[UpCardsSeatJson]


ExposedPairSchema = answer(ExposedPairJson, "ExposedPairSchema")


BringInSchema = answer(BringInJson, "BringInSchema")


class DrawSeatSchema(StrictSchema):
    seat = seat_number()
    card = fields.Raw(required=True, metadata={"type": "string", "description": CARD})


class FirstButtonInSchema(StrictSchema):
    seats = fields.List(
        fields.Nested(DrawSeatSchema),
        required=True,
        validate=validate.Length(max=9),
        metadata={"description": "the card each player drew for the button"},
    )
    coin_flip = fields.Integer(
        strict=True,
        validate=validate.Range(1, MAX_SEAT),
        metadata={"description": "both jokers drawn: the seat the coin flip gives the button (only then)"},
    )


class DrawSeatJson(TypedDict):
    seat: int
    card: object  # Raw: the rules read it


class FirstButtonInJson(TypedDict):
    seats: list[DrawSeatJson]
    coin_flip: NotRequired[int]


FirstButtonSchema = answer(FirstButtonJson, "FirstButtonSchema")


class ActionSchema(StrictSchema):
    action = api_fields.choice([kind.value for kind in ActionKind], "what the player did")
    amount = fields.Integer(
        strict=True,
        validate=validate.Range(0, MAX_AMOUNT),
        metadata={"description": "a bet's size or a raise's increase, chips (bet and raise only)"},
    )


class ActionCheckInSchema(StrictSchema):
    players = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(2, 9),
        metadata={"description": "players in the hand as the round began"},
    )
    history = fields.List(
        fields.Nested(ActionSchema),
        validate=validate.Length(max=MAX_HISTORY),
        metadata={
            "description": "the round's actions so far, in order (a bring-in's completion: a bet of 5)"
        },
    )
    action = api_fields.nested(ActionSchema, "the action entered")


class ActionJson(TypedDict):
    action: str
    amount: NotRequired[int]


class ActionCheckInJson(TypedDict):
    players: int
    history: NotRequired[list[ActionJson]]
    action: ActionJson


ActionCheckSchema = answer(ActionCheckJson, "ActionCheckSchema")
