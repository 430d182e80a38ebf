"""Schemas of what a table's rules work out to: the house way of seven cards
and the exact par sheet (so the OpenAPI document shows the whole shape)."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.schemas import ConfigSchema


class HandSchema(Schema):
    plays_as = fields.String(required=True)
    category = fields.String(required=True)
    joker_as = fields.String(required=True, allow_none=True, metadata={"description": "null: no joker"})


class SettingCheckSchema(Schema):
    low = fields.List(fields.String(), required=True)
    high = fields.List(fields.String(), required=True)
    low_hand = fields.Nested(HandSchema, required=True)
    high_hand = fields.Nested(HandSchema, required=True)
    fouled = fields.Boolean(required=True)
    lucky_break = fields.Boolean(required=True)
    message = fields.String(required=True, metadata={"description": "why it is legal or a foul"})


class HouseWaySchema(Schema):
    low = fields.List(fields.String(), required=True)
    high = fields.List(fields.String(), required=True)
    discards = fields.List(fields.String(), required=True)
    low_hand = fields.Nested(HandSchema, required=True)
    high_hand = fields.Nested(HandSchema, required=True)
    rule = fields.Integer(required=True, metadata={"description": "the house-way rule that fired"})
    rule_name = fields.String(required=True)
    explanation = fields.String(required=True)
    lucky_break = fields.Boolean(required=True)
    qualifies = fields.Boolean(required=True, metadata={"description": "as the dealer's hand"})
    qualifier = fields.String(required=True)
    setting = fields.Nested(SettingCheckSchema, metadata={"description": "the player's own setting, if sent"})


class OutcomeLineSchema(Schema):
    name = fields.String(required=True)
    label = fields.String(required=True)
    net = fields.Integer(required=True, metadata={"description": "units won per unit staked"})
    combinations = fields.Integer(required=True, metadata={"description": "deals with this outcome"})
    probability = fields.Float(required=True)


class BetOutcomeSchema(OutcomeLineSchema):
    # "return" is a Python keyword, so the attribute has another name.
    return_ = fields.Float(attribute="return", data_key="return", required=True)


class BetSheetSchema(Schema):
    house_edge = fields.Float(required=True)
    expected_return = fields.Float(required=True)
    win = fields.Float(required=True)
    loss = fields.Float(required=True)
    push = fields.Float(required=True)
    hit_frequency = fields.Float(required=True)
    standard_deviation = fields.Float(required=True)
    outcomes = fields.List(fields.Nested(BetOutcomeSchema), required=True)


class ParSheetSchema(Schema):
    format = fields.Integer(required=True)
    config_digest = fields.String(required=True)
    config = fields.Nested(ConfigSchema, required=True)
    deals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    main = fields.Nested(BetSheetSchema, required=True)
    dealer_break_bonus = fields.Nested(BetSheetSchema, required=True)
    break_bonus = fields.Nested(BetSheetSchema, required=True)
    lucky_break_probability = fields.Float(required=True)
    dealer_qualifies_probability = fields.Float(required=True)
    house_way_rules = fields.List(fields.Nested(OutcomeLineSchema), required=True)
    exact = fields.Dict(
        keys=fields.String(), values=fields.String(), required=True, metadata={"description": "fractions"}
    )
    seconds = fields.Float(required=True)


class ParSheetPendingSchema(Schema):
    status = fields.String(required=True, metadata={"description": "computing"})
    config_version = fields.Integer(required=True)
