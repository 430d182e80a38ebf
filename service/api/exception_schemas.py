"""Schemas of void and correction requests and of the recall."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.blueprint import MAX_ID
from service.api.schemas import RoundSchema, StrictSchema
from service.rounds.status import KINDS, DecisionState

STATES = tuple(DecisionState)


class VoidInSchema(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class CorrectionInSchema(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    round = fields.Dict(
        required=True,
        metadata={
            "description": "the round as it should have been entered (dealer, seats; round_id may be "
            "left out); settled under the round's own configuration version"
        },
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
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class ExceptionSchema(Schema):
    id = fields.Integer(required=True)
    kind = fields.String(validate=validate.OneOf(KINDS))
    state = fields.String(validate=validate.OneOf(STATES))
    reason = fields.String()
    requested_by = fields.String()
    requested_at = fields.String()
    decided_by = fields.String(allow_none=True)
    decided_at = fields.String(allow_none=True)
    note = fields.String(allow_none=True)
    round = fields.Integer(metadata={"description": "the round record the request is about"})
    table_id = fields.Integer()
    corrected = fields.Dict(
        allow_none=True, metadata={"description": "a correction: the round as re-entered"}
    )
    changes = fields.Dict(
        allow_none=True,
        metadata={
            "description": "a correction: fields [{field, before, after}], seats [{seat, bets, net_before, "
            "net_after, difference}] (player's net: + is paid to the player), house_net before/after"
        },
    )
    replacement = fields.Integer(allow_none=True, metadata={"description": "an approved correction's record"})
    round_after = fields.Nested(RoundSchema, metadata={"description": "the round as it now stands"})


class RecallQuerySchema(StrictSchema):
    last = fields.Integer(
        load_default=10,
        validate=validate.Range(min=10, max=500),
        metadata={"description": "how many of the table's most recent games (at least 10)"},
    )


class RecallSchema(Schema):
    table_id = fields.Integer(required=True)
    last = fields.Integer(required=True)
    games = fields.List(
        fields.Nested(RoundSchema),
        metadata={"description": "oldest first; each as entered, with its status and the current correction"},
    )
