"""Schemas of void and correction requests and of the recall."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.fields import MAX_ID
from service.api.http.paging import KeysetQueryJson, cursor_field, order_field
from service.api.http.schemas import StrictSchema, per_bet
from service.api.rounds.round_in_schemas import RoundSeatInSchema
from service.api.rounds.round_schemas import (
    ENTERED_SHAPES,
    ROUND_ID_HELP,
    STATES,
    RoundSchema,
    exception_summary_fields,
    round_id_field,
)
from service.review.correction_diff import ChangesJson, FieldChangeJson, MoneyChangeJson, SeatChangeJson
from service.review.exception_json import DecidedJson
from service.rounds.recall import RecallJson
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


class ExceptionsQueryJson(KeysetQueryJson):
    state: NotRequired[str]
    kind: NotRequired[str]
    table: NotRequired[int]


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
    dealer = api_fields.texts("card codes as entered")
    seats = api_fields.nested_list(RoundSeatInSchema, "each seat as entered")


class CorrectedRoundSchema(CorrectionRoundSchema):
    round_id = round_id_field(ROUND_ID_HELP)


FieldChangeSchema = answer(
    FieldChangeJson,
    "FieldChangeSchema",
    before=fields.Raw(
        required=True,
        allow_none=True,
        metadata={
            "description": "card codes, a setting or a stake as entered; null: the seat was not there",
            "oneOf": list(ENTERED_SHAPES),
        },
    ),
    after=fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "as corrected; null: removed", "oneOf": list(ENTERED_SHAPES)},
    ),
)


MoneyChangeSchema = answer(MoneyChangeJson, "MoneyChangeSchema")


BetChangesSchema = per_bet(MoneyChangeSchema, "BetChangesSchema")


SeatChangeSchema = answer(
    SeatChangeJson,
    "SeatChangeSchema",
    bets=api_fields.nested(BetChangesSchema, "each bet's player net"),
)


ChangesSchema = answer(ChangesJson, "ChangesSchema")


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
    limit = api_fields.bounded(1, 1000, "requests a page", default=100)
    order = order_field(Order.NEWEST, "requests")
    cursor = cursor_field()


# A request's answer, round_after (a decision's only) left out but by a decision.
ExceptionSchema = answer(
    DecidedJson,
    "ExceptionSchema",
    corrected=api_fields.nested(
        CorrectedRoundSchema, "a correction: the round as re-entered; null: a void", allow_none=True
    ),
    round_after=fields.Nested(RoundSchema, metadata={"description": "the round as it now stands"}),
    **exception_summary_fields(),
)


class RecallQuerySchema(StrictSchema):
    last = api_fields.bounded(10, 500, "how many of the table's most recent games (at least 10)", default=10)


RecallSchema = answer(RecallJson, "RecallSchema")
