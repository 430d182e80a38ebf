"""Schemas of the poker room's dealer-assist (``shared/docs/poker-room-rules.md``):
a showdown in (``POST /showdowns``) and judged out, per pot (Wild Joker
Stud's bring-in, first button and betting-action check are in
``stud_schemas.py``, with the card and seat fields of these). The bodies'
cards are read by the rules (``service/poker_room``), so a bad one is
named by its place with their words; the document says they are codes."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.poker_room.breaker import BreakerStatus
from service.poker_room.deal_input import MAX_CONTRIBUTION, MAX_SEAT, Game
from service.poker_room.five_cards import Category
from service.poker_room.showdown import FoldedJson, HandJson, JokerJson, PotJson, ShareJson, ShowdownJson

CARD = "a card code: As, Td (or 10d), JK; JK1 and JK2 tell two jokers apart"
SEAT = f"a seat number, 1 to {MAX_SEAT}; seat numbers rise clockwise"


def card_list(description: str, most: int, required: bool = True) -> Any:
    return fields.List(
        fields.Raw(metadata={"type": "string", "description": CARD}),
        required=required,
        validate=validate.Length(max=most),
        metadata={"description": description},
    )


def seat_number(description: str = SEAT) -> Any:
    # strict: 1.5 or "1" is refused, never truncated or converted.
    return fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(1, MAX_SEAT),
        metadata={"description": description},
    )


class ShowdownSeatInSchema(StrictSchema):
    seat = seat_number()
    cards = card_list(
        "the seat's cards: Breaker Hold'em two hole cards, Wild Joker Stud five private cards; a folded "
        "seat's may be left out",
        5,
        required=False,
    )
    # Read by the rules like the cards, so a bad one (negative, 5.5, "5")
    # is refused in words naming the seat; the document still bounds it.
    contribution = fields.Raw(
        required=True,
        metadata={
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_CONTRIBUTION,
            "description": "everything the seat put in the pot this hand, chips",
        },
    )
    folded = fields.Boolean(metadata={"description": "whether the seat folded (default false)"})


class ShowdownSeatInJson(TypedDict):
    seat: int
    cards: NotRequired[list[object]]  # Raw: the rules read each card
    contribution: object  # Raw: the rules read it
    folded: NotRequired[bool]


class ShowdownOptionsSchema(StrictSchema):
    dual = fields.Boolean(metadata={"description": "Dual Breaker: two Breakers (JK1, JK2) in the deck"})
    locked = fields.Boolean(
        metadata={"description": "Locked Breaker: the main pot's order of finish decides every side pot"}
    )


class ShowdownOptionsJson(TypedDict, total=False):
    dual: bool
    locked: bool


class ShowdownInSchema(StrictSchema):
    game = api_fields.choice(
        [game.value for game in Game], "breaker: Breaker Hold'em; wild-joker-stud: Wild Joker Stud"
    )
    board = card_list(
        "Breaker Hold'em's five board cards (or Wild Joker Stud's two community cards)", 5, False
    )
    community = card_list("Wild Joker Stud's two community cards (or Breaker Hold'em's board)", 5, False)
    button = seat_number("the button's seat (the odd chip goes to the first tied player after it, clockwise)")
    seats = fields.List(
        fields.Nested(ShowdownSeatInSchema),
        required=True,
        validate=validate.Length(max=MAX_SEAT),
        metadata={"description": "each player's seat, cards, contribution and fold; 2 to 10 (Stud 2 to 9)"},
    )
    options = fields.Nested(
        ShowdownOptionsSchema, metadata={"description": "Breaker Hold'em's table options"}
    )


class ShowdownInJson(TypedDict):
    game: str
    board: NotRequired[list[object]]
    community: NotRequired[list[object]]
    button: int
    seats: list[ShowdownSeatInJson]
    options: NotRequired[ShowdownOptionsJson]


JokerSchema = answer(JokerJson, "JokerSchema")


ShowdownHandSchema = answer(
    HandJson,
    "ShowdownHandSchema",
    category=api_fields.choice(
        [category.label for category in Category], "the hand's category as judged in this pot"
    ),
    breaker=api_fields.choice(
        [status.value for status in BreakerStatus],
        "Breaker Hold'em: the seat's Breaker played or dead in this pot; null: none held",
        allow_none=True,
    ),
)


ShareSchema = answer(ShareJson, "ShareSchema")


PotSchema = answer(PotJson, "PotSchema")


FoldedSchema = answer(FoldedJson, "FoldedSchema")


ShowdownSchema = answer(ShowdownJson, "ShowdownSchema")
