"""Schemas of a stored round as the API shows it, of its void and
correction requests, and of the preview of a round not yet entered (the
shapes of ``service.rounds.showing`` and ``service.rounds.preview``)."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.decks.deck_schemas import RoundDeckSchema
from service.api.rounds.settlement_schemas import (
    CARD_CODE,
    SETTING_SHAPES,
    DealerHandSchema,
    HouseWaySettingSchema,
    RoundDealerSchema,
    RoundSeatSchema,
    card_list,
)
from service.engine.table_config import FoulPolicy
from service.rounds.status import KINDS, DecisionState, RoundStatus

STATES = tuple(DecisionState)
ROUND_ID_HELP = "a string; a whole number for a round stored when one was still taken"
#: A round_id's shapes: a string, or a legacy whole number.
ROUND_ID_SHAPES = ({"type": "string"}, {"type": "integer"})
#: An entered field's shapes: card codes, a setting, or a stake in minor units.
ENTERED_SHAPES = (
    {"type": "array", "items": {"type": "string", "pattern": CARD_CODE}},
    *SETTING_SHAPES,
    {"type": "integer"},
)


class RoundsQueryJson(TypedDict):
    """The query of a table's rounds as RoundsQuerySchema loads it."""

    from_: NotRequired[date]
    to: NotRequired[date]
    shift: NotRequired[int]
    order: str
    cursor: NotRequired[str]
    page: NotRequired[int]
    per_page: int


def round_id_field(description: str, required: bool = True) -> fields.Raw:
    """A round_id: a string, or for a legacy round a number (the document
    names both shapes; marshmallow passes either through as stored)."""
    return fields.Raw(
        required=required, metadata={"description": description, "oneOf": list(ROUND_ID_SHAPES)}
    )


class ExceptionSummarySchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the request's id"})
    kind = fields.String(
        required=True, validate=validate.OneOf(KINDS), metadata={"description": "what is asked for"}
    )
    state = fields.String(
        required=True, validate=validate.OneOf(STATES), metadata={"description": "pending until decided"}
    )
    reason = fields.String(required=True, metadata={"description": "why it was asked for"})
    requested_by = fields.String(required=True, metadata={"description": "the pit boss who asked"})
    requested_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    decided_by = fields.String(
        required=True, allow_none=True, metadata={"description": "the second pit boss; null: pending"}
    )
    decided_at = fields.String(
        required=True, allow_none=True, metadata={"description": "ISO 8601, UTC; null: pending"}
    )
    note = fields.String(
        required=True, allow_none=True, metadata={"description": "the decider's note; null: pending"}
    )


class RoundSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the stored record's id"})
    table_id = fields.Integer(required=True, metadata={"description": "the table it was played at"})
    round_id = round_id_field(ROUND_ID_HELP)
    revision = fields.Integer(
        required=True, metadata={"description": "0 as entered; each approved correction adds one"}
    )
    supersedes = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the record this corrects"}
    )
    status = fields.String(
        required=True,
        validate=validate.OneOf(tuple(RoundStatus)),
        metadata={"description": "settled (counts), void, or superseded by an approved correction"},
    )
    superseded_by = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the approved correction's record"}
    )
    exceptions = fields.List(
        fields.Nested(ExceptionSummarySchema),
        required=True,
        metadata={"description": "void and correction requests, oldest first"},
    )
    # Only a recall shows it; the round it names has no current of its own.
    current = fields.Nested(
        lambda: RoundSchema(),
        allow_none=True,
        metadata={"description": "recall: the approved correction that stands for this game"},
    )
    config_version = fields.Integer(
        required=True, metadata={"description": "the table configuration version it was settled under"}
    )
    entered_by = fields.String(required=True, metadata={"description": "the dealer's name"})
    entered_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    utc_offset_minutes = fields.Integer(required=True, metadata={"description": "of the casino's zone then"})
    gaming_day = fields.String(required=True, metadata={"description": "the gaming day it counts in"})
    shift = fields.Integer(required=True, metadata={"description": "the shift of the gaming day, from 1"})
    dealer = fields.Nested(
        RoundDealerSchema, required=True, metadata={"description": "the dealer's cards and house way"}
    )
    seats = fields.List(
        fields.Nested(RoundSeatSchema),
        required=True,
        metadata={"description": "each seat as entered and settled, in the order entered"},
    )
    house_net = fields.Integer(
        required=True, metadata={"description": "what the house won, minor units (negative: it paid out)"}
    )
    deck = fields.Nested(
        RoundDeckSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the deck a shoe read for it, with the cards changed by hand; null: none"},
    )


class FoulSchema(Schema):
    low = card_list(2, "as the player set it")
    high = card_list(3, "as the player set it")
    message = fields.String(required=True, metadata={"description": "why it fouls and what happens"})
    policy = fields.String(
        required=True,
        validate=validate.OneOf([policy.value for policy in FoulPolicy]),
        metadata={"description": "the table's foul policy (rule book section 8)"},
    )
    house_way = fields.Nested(
        HouseWaySettingSchema, required=True, metadata={"description": "low, high and rule of the house way"}
    )


class PreviewSeatSchema(RoundSeatSchema):
    foul = fields.Nested(
        FoulSchema, allow_none=True, required=True, metadata={"description": "null: the seat does not foul"}
    )
    net = fields.Integer(required=True, metadata={"description": "the player's net, all bets (+ is paid)"})


class RoundPreviewSchema(Schema):
    preview = fields.Boolean(required=True, metadata={"description": "always true: nothing was stored"})
    table_id = fields.Integer(required=True, metadata={"description": "the table it would be played at"})
    round_id = fields.String(required=True, metadata={"description": "as sent"})
    config_version = fields.Integer(required=True, metadata={"description": "the table's current one"})
    foul_policy = fields.String(
        required=True,
        validate=validate.OneOf([policy.value for policy in FoulPolicy]),
        metadata={"description": "what a foul would lead to at this table"},
    )
    dealer = fields.Nested(
        DealerHandSchema, required=True, metadata={"description": "the dealer's house way"}
    )
    seats = fields.List(
        fields.Nested(PreviewSeatSchema), required=True, metadata={"description": "as they would be settled"}
    )
    house_net = fields.Integer(
        required=True, metadata={"description": "what the house would win, minor units (negative: pay out)"}
    )


class RoundPageSchema(Schema):
    items = fields.List(
        fields.Nested(RoundSchema), required=True, metadata={"description": "the page's rounds, in order"}
    )
    total = fields.Integer(
        required=True,
        metadata={
            "description": "rounds in all pages, with the filters (gaming days, shift): exact, from counts "
            "kept by table, gaming day and shift as each round is stored, so it costs the same however many "
            "rounds the table holds"
        },
    )
    page = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "this page's number, from 1 (1: the first page); null: a cursor's page"},
    )
    per_page = fields.Integer(required=True, metadata={"description": "rounds a page"})
    order = fields.String(
        required=True,
        validate=validate.OneOf(["oldest", "newest"]),
        metadata={"description": "oldest or newest first"},
    )
