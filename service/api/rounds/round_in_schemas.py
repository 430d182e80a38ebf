"""Schemas of a round as the tablet enters it, and of the round list's query."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from service.api.http import fields as api_fields
from service.api.http.paging import cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.engine.table_config import BetType
from service.store.paging import Order
from service.tables.gaming_day import MAX_SHIFTS


class RoundsQuerySchema(StrictSchema):
    from_ = fields.Date(data_key="from", metadata={"description": "first gaming day"})
    to = fields.Date(metadata={"description": "last gaming day"})
    shift = fields.Integer(validate=validate.Range(min=1, max=MAX_SHIFTS))
    order = order_field(Order.OLDEST, "rounds")
    cursor = cursor_field()
    page = api_fields.bounded(
        1,
        1_000_000,
        "a page by number, from 1 (OFFSET: slow deep in a long table; follow the "
        "Link header's cursors instead); not with cursor",
    )
    per_page = api_fields.bounded(1, 500, "rounds a page", default=50)

    @validates_schema
    def _one_way_of_paging(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if "page" in data and "cursor" in data:
            raise ValidationError("give a cursor or a page, not both", "cursor")


def _stake_field(bet: BetType) -> fields.Integer:
    if bet.required:
        return fields.Integer(
            required=True, metadata={"description": f"the {bet.label.name} Bet, minor units (cents)"}
        )
    return fields.Integer(
        metadata={"description": f"the {bet.label.name} bet, minor units; left out or 0: not placed"}
    )


#: A seat's stakes, one field per bet as BetType lists them.
BetsSchema = StrictSchema.from_dict({bet.value: _stake_field(bet) for bet in BetType}, name="BetsSchema")


class RoundSeatInSchema(StrictSchema):
    seat = api_fields.integer("the seat's number at the table")
    cards = api_fields.texts("the player's seven cards")
    setting = fields.Raw(metadata={"description": '"house_way" or {"low": [2 cards], "high": [3 cards]}'})
    bets = api_fields.nested(BetsSchema, "the stakes")


class RoundInSchema(StrictSchema):
    """The shape ``breakpoker settle`` reads, without ``config`` (the table's)."""

    round_id = api_fields.text("string of 1-100 characters")
    dealer = fields.List(fields.String(), required=True)
    seats = fields.List(fields.Nested(RoundSeatInSchema), required=True)
    deck_id = fields.Integer(
        allow_none=True,
        metadata={
            "description": "the deck the shoe read for it (GET /tables/{id}/decks/next); cards "
            "entered otherwise are recorded as changed by hand"
        },
    )
