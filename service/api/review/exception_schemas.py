"""Schemas of void and correction requests and of the recall."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http.blueprint import MAX_ID
from service.api.http.paging import cursor_field, order_field
from service.api.rounds.round_in_schemas import RoundSeatInSchema
from service.api.rounds.round_schemas import (
    ENTERED_SHAPES,
    ROUND_ID_HELP,
    STATES,
    ExceptionSummarySchema,
    RoundSchema,
    round_id_field,
)
from service.api.tables.table_schemas import StrictSchema, per_bet
from service.rounds.status import KINDS
from service.store.paging import Order

#: Where the OpenAPI document describes a correction's round (the body is
#: read by the engine's strict rules, as a round entered is).
CORRECTION_ROUND = "CorrectionRound"


class VoidInJson(TypedDict):
    """A void request as VoidInSchema loads it."""

    reason: str


class CorrectionInJson(TypedDict):
    reason: str
    # The round as the client sent it: a true JSON boundary, read by the
    # engine's strict rules (their error codes), not by marshmallow.
    round: dict[str, Any]


class DecisionInJson(TypedDict):
    note: str


class ExceptionsQueryJson(TypedDict):
    state: NotRequired[str]
    kind: NotRequired[str]
    table: NotRequired[int]
    limit: int
    order: str
    cursor: NotRequired[str]


class RecallQueryJson(TypedDict):
    last: int


class VoidInSchema(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class CorrectionInSchema(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    # Any object: the engine's strict rules read it (see CorrectionInJson);
    # the document names its shape.
    round = fields.Dict(
        required=True,
        metadata={
            "description": "the round as it should have been entered (dealer, seats; round_id may be "
            "left out); settled under the round's own configuration version",
            "allOf": [{"$ref": f"#/components/schemas/{CORRECTION_ROUND}"}],
        },
    )


class CorrectionRoundSchema(StrictSchema):
    """A correction's round: the shape of RoundIn, its round_id optional."""

    round_id = round_id_field(f"left out, or the corrected round's own: {ROUND_ID_HELP}", required=False)
    dealer = fields.List(fields.String(), required=True, metadata={"description": "card codes as entered"})
    seats = fields.List(
        fields.Nested(RoundSeatInSchema), required=True, metadata={"description": "each seat as entered"}
    )


class CorrectedRoundSchema(CorrectionRoundSchema):
    round_id = round_id_field(ROUND_ID_HELP)


class FieldChangeSchema(Schema):
    field = fields.String(
        required=True,
        metadata={"description": "dealer, or seats.<seat>.cards, .setting or .bets.<bet>"},
    )
    # One of several shapes, by the field: the document names each.
    before = fields.Raw(
        required=True,
        allow_none=True,
        metadata={
            "description": "card codes, a setting or a stake as entered; null: the seat was not there",
            "oneOf": list(ENTERED_SHAPES),
        },
    )
    after = fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "as corrected; null: removed", "oneOf": list(ENTERED_SHAPES)},
    )


class MoneyChangeSchema(Schema):
    before = fields.Integer(required=True, metadata={"description": "minor units, as stored"})
    after = fields.Integer(required=True, metadata={"description": "minor units, as corrected"})
    difference = fields.Integer(required=True, metadata={"description": "after - before"})


BetChangesSchema = per_bet(MoneyChangeSchema, "BetChangesSchema")


class SeatChangeSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat's number at the table"})
    bets = fields.Nested(BetChangesSchema, required=True, metadata={"description": "each bet's player net"})
    net_before = fields.Integer(required=True, metadata={"description": "the player's net, all bets"})
    net_after = fields.Integer(required=True, metadata={"description": "the player's net, as corrected"})
    difference = fields.Integer(required=True, metadata={"description": "+ is paid to the player"})


class ChangesSchema(Schema):
    # A field named "fields" would hide marshmallow's module in the class body.
    changed = fields.List(
        fields.Nested(FieldChangeSchema),
        required=True,
        attribute="fields",
        data_key="fields",
        metadata={"description": "every entered field the correction changes, dealer first"},
    )
    seats = fields.List(
        fields.Nested(SeatChangeSchema),
        required=True,
        metadata={"description": "every seat, before or after"},
    )
    house_net = fields.Nested(
        MoneyChangeSchema, required=True, metadata={"description": "what the house wins on the round"}
    )


class DecisionInSchema(StrictSchema):
    note = fields.String(
        load_default="",
        validate=validate.Length(max=500),
        metadata={"description": "why; required to reject"},
    )


class ExceptionsQuerySchema(StrictSchema):
    state = fields.String(validate=validate.OneOf(STATES))
    kind = fields.String(validate=validate.OneOf(KINDS))
    table = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    limit = fields.Integer(
        load_default=100,
        validate=validate.Range(min=1, max=1000),
        metadata={"description": "requests a page"},
    )
    order = order_field(Order.NEWEST, "requests")
    cursor = cursor_field()


class ExceptionSchema(ExceptionSummarySchema):
    round = fields.Integer(required=True, metadata={"description": "the round record the request is about"})
    table_id = fields.Integer(required=True, metadata={"description": "the round's table"})
    corrected = fields.Nested(
        CorrectedRoundSchema,
        required=True,
        allow_none=True,
        metadata={"description": "a correction: the round as re-entered; null: a void"},
    )
    changes = fields.Nested(
        ChangesSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "a correction: each changed field before and after, each seat's money "
            "(player's net: + is paid to the player), the house net before and after; null: a void"
        },
    )
    replacement = fields.Integer(
        required=True, allow_none=True, metadata={"description": "an approved correction's record"}
    )
    round_after = fields.Nested(RoundSchema, metadata={"description": "the round as it now stands"})


class RecallQuerySchema(StrictSchema):
    last = fields.Integer(
        load_default=10,
        validate=validate.Range(min=10, max=500),
        metadata={"description": "how many of the table's most recent games (at least 10)"},
    )


class RecallSchema(Schema):
    table_id = fields.Integer(required=True, metadata={"description": "the table recalled"})
    last = fields.Integer(required=True, metadata={"description": "how many games were asked for"})
    games = fields.List(
        fields.Nested(RoundSchema),
        required=True,
        metadata={"description": "oldest first; each as entered, with its status and the current correction"},
    )
