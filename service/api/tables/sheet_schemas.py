"""Schemas of what a table's rules work out to: the house way of seven cards
and the exact par sheet (so the OpenAPI document shows the whole shape)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from service.analysis.par_sheet import EXACT_FIGURES
from service.api.tables.table_schemas import ConfigSchema
from service.engine.table_config import BetType


class HandSchema(Schema):
    plays_as = fields.String(
        required=True, metadata={"description": "the hand as it plays, the joker as the card it stands for"}
    )
    category = fields.String(
        required=True, metadata={"description": "its category, as people read it (e.g. One Pair)"}
    )
    joker_as = fields.String(required=True, allow_none=True, metadata={"description": "null: no joker"})


class SettingCheckSchema(Schema):
    low = fields.List(
        fields.String(), required=True, metadata={"description": "the player's two-card low, card codes"}
    )
    high = fields.List(
        fields.String(), required=True, metadata={"description": "the player's three-card high, card codes"}
    )
    low_hand = fields.Nested(HandSchema, required=True, metadata={"description": "what the low plays as"})
    high_hand = fields.Nested(HandSchema, required=True, metadata={"description": "what the high plays as"})
    fouled = fields.Boolean(
        required=True, metadata={"description": "whether the setting is a foul (the low outranks the high)"}
    )
    lucky_break = fields.Boolean(
        required=True, metadata={"description": "whether the setting makes a Lucky Break"}
    )
    message = fields.String(required=True, metadata={"description": "why it is legal or a foul"})


class HouseWaySchema(Schema):
    low = fields.List(
        fields.String(), required=True, metadata={"description": "the house way's two-card low, card codes"}
    )
    high = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "the house way's three-card high, card codes"},
    )
    discards = fields.List(
        fields.String(), required=True, metadata={"description": "the two cards the house way does not play"}
    )
    low_hand = fields.Nested(HandSchema, required=True, metadata={"description": "what the low plays as"})
    high_hand = fields.Nested(HandSchema, required=True, metadata={"description": "what the high plays as"})
    rule = fields.Integer(required=True, metadata={"description": "the house-way rule that fired"})
    rule_name = fields.String(
        required=True, metadata={"description": "the rule's name, as the rule book gives it"}
    )
    explanation = fields.String(
        required=True, metadata={"description": "why the house way sets the cards so"}
    )
    lucky_break = fields.Boolean(
        required=True, metadata={"description": "whether the seven cards make a Lucky Break"}
    )
    qualifies = fields.Boolean(required=True, metadata={"description": "as the dealer's hand"})
    qualifier = fields.String(
        required=True, metadata={"description": 'the table\'s dealer qualifier, e.g. "K-3-2"'}
    )
    setting = fields.Nested(SettingCheckSchema, metadata={"description": "the player's own setting, if sent"})


class OutcomeLineSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the outcome's key"})
    label = fields.String(required=True, metadata={"description": "the outcome as people read it"})
    net = fields.Integer(required=True, metadata={"description": "units won per unit staked"})
    combinations = fields.Integer(required=True, metadata={"description": "deals with this outcome"})
    probability = fields.Float(required=True, metadata={"description": "combinations over all deals"})


class BetOutcomeSchema(OutcomeLineSchema):
    # "return" is a Python keyword, so the attribute has another name.
    return_ = fields.Float(
        attribute="return",
        data_key="return",
        required=True,
        metadata={"description": "net times probability: the outcome's share of the expected return"},
    )


class BetSheetSchema(Schema):
    house_edge = fields.Float(required=True, metadata={"description": "per unit staked, house ahead > 0"})
    expected_return = fields.Float(required=True, metadata={"description": "the player's, per unit staked"})
    win = fields.Float(required=True, metadata={"description": "probability the player wins"})
    loss = fields.Float(required=True, metadata={"description": "probability the player loses"})
    push = fields.Float(required=True, metadata={"description": "probability of a push"})
    hit_frequency = fields.Float(required=True, metadata={"description": "probability the bet pays"})
    standard_deviation = fields.Float(required=True, metadata={"description": "of the net per unit staked"})
    outcomes = fields.List(
        fields.Nested(BetOutcomeSchema), required=True, metadata={"description": "every outcome of the bet"}
    )


class DealsSchema(Schema):
    player_hands = fields.Integer(
        required=True, metadata={"description": "seven-card hands of the deck: the Break Bonus's deals"}
    )
    pairs = fields.Integer(
        required=True,
        metadata={"description": "a player's and a dealer's hands together: the Main Bet's and the DBB's"},
    )


class DottedKeys(Schema):
    """Its fields' names hold a dot ("main.win"), which marshmallow would
    otherwise read as a path into a nested value."""

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        return obj.get(attr, default)


def _exact_schema() -> type[Schema]:
    """The sheet's exact figures, named as the par sheet names them."""
    exact: dict[str, fields.Field[Any]] = {
        "lucky_break_probability": fields.String(
            required=True, metadata={"description": "of a seven-card hand, a fraction"}
        ),
        "dealer_qualifies_probability": fields.String(required=True, metadata={"description": "a fraction"}),
    }
    for bet in BetType:
        for figure in EXACT_FIGURES:
            exact[f"{bet.value}.{figure}"] = fields.String(
                required=True, metadata={"description": f"the {bet.label.name} bet's {figure}, a fraction"}
            )
    return DottedKeys.from_dict(exact, name="ExactFiguresSchema")


class ParSheetSchema(Schema):
    format = fields.Integer(required=True, metadata={"description": "the sheet's JSON format"})
    config_digest = fields.String(
        required=True, metadata={"description": "SHA-256 of the rules the sheet is of"}
    )
    config = fields.Nested(
        ConfigSchema, required=True, metadata={"description": "the configuration the sheet is of"}
    )
    deals = fields.Nested(
        DealsSchema, required=True, metadata={"description": "how many deals the counts are of"}
    )
    main = fields.Nested(BetSheetSchema, required=True, metadata={"description": "the Main Bet's sheet"})
    dealer_break_bonus = fields.Nested(
        BetSheetSchema, required=True, metadata={"description": "the Dealer Break Bonus's sheet"}
    )
    break_bonus = fields.Nested(
        BetSheetSchema, required=True, metadata={"description": "the Break Bonus's sheet"}
    )
    lucky_break_probability = fields.Float(required=True, metadata={"description": "of a seven-card hand"})
    dealer_qualifies_probability = fields.Float(
        required=True, metadata={"description": "of the dealer's house way"}
    )
    house_way_rules = fields.List(
        fields.Nested(OutcomeLineSchema),
        required=True,
        metadata={"description": "how often each house-way rule fires"},
    )
    exact = fields.Nested(
        _exact_schema(), required=True, metadata={"description": 'the figures as exact fractions ("p/q")'}
    )
    seconds = fields.Float(required=True, metadata={"description": "what the exact computation took"})
    optimal_strategy = fields.Nested(
        "OptimalStrategySchema",
        required=True,
        metadata={"description": "the Main Bet with the player setting optimally, or its table's progress"},
    )


class ParSheetPendingSchema(Schema):
    status = fields.String(required=True, metadata={"description": "computing"})
    config_version = fields.Integer(required=True, metadata={"description": "the version being computed"})
