"""Schemas of the deck feed: a deck a shuffler or shoe posts, the deck as
stored (no card of it), its hands once exposed, a table's deal order, and a round's deck (the
shapes of ``service.tables.decks``, ``service.tables.deal_order`` and
``service.rounds.deck_round``)."""

from __future__ import annotations

from typing import Any, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.engine.dealing import DEALER, DECK_SIZE, HAND_SIZE, DealStyle
from service.engine.table_config import MAX_SEATS
from service.rounds.deck_round import ChangedCardJson, RoundDeckJson
from service.tables.deck_exposure import ExposedJson
from service.tables.decks import DeckFeedJson, DeckStatus

STYLES = [style.value for style in DealStyle]
STATUSES = [status.value for status in DeckStatus]
DEVICE_ID_HELP = "the device's own name, e.g. its serial number"
SEQUENCE_HELP = "the device's number for this deck: each deck a new one (a retry repeats it)"


class DeckInSchema(StrictSchema):
    # The feed checks them itself: its every refusal is an event.
    as_sent = frozenset({"device_id", "cards"})

    device_id = api_fields.sized_text(1, 80, DEVICE_ID_HELP)
    sequence = fields.Integer(
        required=True, validate=validate.Range(min=0, max=2**62), metadata={"description": SEQUENCE_HELP}
    )
    # Raw: the deck's own check (service.engine.dealing.check_deck) answers
    # a short deck, an unknown code or a repeated card naming it, and the
    # refusal is an event.
    cards = fields.Raw(
        required=True,
        metadata={
            "description": f"the {DECK_SIZE} card codes in the order dealt, each once",
            "type": "array",
            "items": {"type": "string"},
        },
    )


class DeckInJson(TypedDict):
    device_id: str
    sequence: int
    cards: object  # Raw: check_deck reads it


def _hands_schema() -> type[Schema]:
    hands: dict[str, fields.Field[Any]] = {DEALER: api_fields.cards(HAND_SIZE, "the dealer's hand as dealt")}
    for seat in range(1, MAX_SEATS + 1):
        hand = api_fields.cards(HAND_SIZE, f"seat {seat}'s hand as dealt, when the seat is in play")
        hand.required = False
        hands[str(seat)] = hand
    return Schema.from_dict(hands, name="DeckHandsSchema")


DeckFeedSchema = answer(
    DeckFeedJson,
    "DeckFeedSchema",
    status=fields.String(
        required=True,
        metadata={
            "description": "waiting (no card shown to anyone), exposed (its hands marked exposed) or dealt",
            "enum": STATUSES,
        },
    ),
)


class ExposureInSchema(StrictSchema):
    # Raw: the exposure checks them against the deck's own seats.
    seats = fields.Raw(
        required=True,
        metadata={
            "description": "the seats in play, each once: only their hands and the dealer's are shown",
            "type": "array",
            "items": {"type": "integer"},
        },
    )


class ExposureInJson(TypedDict):
    seats: object  # Raw: expose_deck reads it


ExposedDeckSchema = answer(
    ExposedJson,
    "ExposedDeckSchema",
    hands=api_fields.nested(
        _hands_schema(),
        "the dealer's hand and each seat in play's, by the deal order the deck came under; "
        "never another seat's or the cards left undealt",
    ),
)


class DealOrderInSchema(StrictSchema):
    first_seat = fields.Integer(metadata={"description": "the seat dealt first, 1 to seats"})
    dealer_place = fields.Integer(
        metadata={"description": "seats dealt before the dealer's hand: 0 (first) to seats (last)"}
    )
    style = fields.String(metadata={"description": f"one of {', '.join(STYLES)}", "enum": STYLES})


class DealOrderChangeSchema(StrictSchema):
    deal_order = api_fields.nested(DealOrderInSchema, "the fields to change; the rest keep theirs")


class DealOrderInJson(TypedDict, total=False):
    first_seat: int
    dealer_place: int
    style: str


class DealOrderChangeJson(TypedDict):
    deal_order: DealOrderInJson


ChangedCardSchema = answer(ChangedCardJson, "ChangedCardSchema")


RoundDeckSchema = answer(RoundDeckJson, "RoundDeckSchema")
