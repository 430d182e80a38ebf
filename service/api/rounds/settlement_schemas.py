"""Schemas of a round's settlement, field by field: the dealer's house way,
each seat's setting, house way and the result of each bet (the shapes of
``service.engine.round_json`` and ``service.rounds.storing``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.engine.break_bonus import BreakBonusCategory
from service.engine.house_way import Rule
from service.engine.round import HAND_SIZE
from service.engine.settlement import MainReason, Outcome

#: Output is always canonical (rule book section 1): rank and suit, or the joker.
CARD_CODE = r"^(?:[2-9TJQKA][shdc]|JK)$"
RULES = ", ".join(f"{rule.value} {rule.label}" for rule in Rule)
# A side bet wins or loses on the cards; it never pushes (sections 9-10).
SIDE_BET_OUTCOMES = (Outcome.WIN, Outcome.LOSE, Outcome.NONE)
NET_HELP = "the player's net in minor units: +stake x odds won, 0 a push or no bet, -stake lost"
#: Where the OpenAPI document describes a player's own setting as entered.
OWN_SETTING = "OwnSetting"
#: The shapes of a setting as entered: the house way's, or the player's own.
SETTING_SHAPES = (
    {"type": "string", "enum": ["house_way"]},
    {"$ref": f"#/components/schemas/{OWN_SETTING}"},
)


def card_list(count: int, description: str) -> fields.List[str]:
    return fields.List(
        fields.String(validate=validate.Regexp(CARD_CODE)),
        required=True,
        validate=validate.Length(equal=count),
        metadata={"description": description},
    )


def _rule() -> fields.Integer:
    return fields.Integer(
        required=True,
        validate=validate.OneOf([rule.value for rule in Rule]),
        metadata={"description": f"the house-way rule that fired: {RULES}"},
    )


def _outcome(outcomes: tuple[Outcome, ...]) -> fields.String:
    return fields.String(
        required=True,
        validate=validate.OneOf([outcome.value for outcome in outcomes]),
        metadata={"description": "none: the bet was not placed"},
    )


def _net() -> fields.Integer:
    return fields.Integer(required=True, metadata={"description": NET_HELP})


class HouseWaySettingSchema(Schema):
    low = card_list(2, "the low hand")
    high = card_list(3, "the high hand")
    rule = _rule()


class PlayerHouseWaySchema(HouseWaySettingSchema):
    explanation = fields.String(required=True, metadata={"description": "why the house way sets it so"})


class DealerHandSchema(Schema):
    low = card_list(2, "the dealer's low hand, set by the house way")
    high = card_list(3, "the dealer's high hand, set by the house way")
    rule = _rule()
    qualifies = fields.Boolean(
        required=True, metadata={"description": "false: every Main Bet pushes (rule book section 6)"}
    )
    lucky_break = fields.Boolean(required=True, metadata={"description": "the dealer's cards make one"})
    explanation = fields.String(required=True, metadata={"description": "why the house way sets it so"})


class RoundDealerSchema(DealerHandSchema):
    cards = card_list(HAND_SIZE, "the dealer's seven cards as entered")


class BetResultSchema(Schema):
    outcome = _outcome(SIDE_BET_OUTCOMES)
    net = _net()


class MainResultSchema(Schema):
    outcome = _outcome(tuple(Outcome))
    net = _net()
    reason = fields.String(
        required=True,
        validate=validate.OneOf([reason.value for reason in MainReason]),
        metadata={"description": "how the Main Bet was decided (rule book sections 7-8)"},
    )


class BreakBonusResultSchema(Schema):
    outcome = _outcome(SIDE_BET_OUTCOMES)
    category = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf([category.value for category in BreakBonusCategory]),
        metadata={"description": "what the seven cards make, even when not bet; null: no category"},
    )
    net = _net()


class SettledSeatSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat's number at the table"})
    low = card_list(2, "the low hand settled with (the house way's when house_way was entered or reset)")
    high = card_list(3, "the high hand settled with")
    fouled = fields.Boolean(required=True, metadata={"description": "the entered setting was a foul"})
    lucky_break = fields.Boolean(
        required=True, metadata={"description": "the setting settled with is a Lucky Break"}
    )
    main = fields.Nested(MainResultSchema, required=True, metadata={"description": "even money"})
    dealer_break_bonus = fields.Nested(
        BetResultSchema, required=True, metadata={"description": "pays on the dealer's Lucky Break"}
    )
    break_bonus = fields.Nested(
        BreakBonusResultSchema, required=True, metadata={"description": "pays on the player's seven cards"}
    )
    house_way = fields.Nested(
        PlayerHouseWaySchema,
        required=True,
        metadata={"description": "the house way of the player's seven cards, whatever was entered"},
    )


class StakesSchema(Schema):
    main = fields.Integer(required=True, metadata={"description": "minor units (cents)"})
    dealer_break_bonus = fields.Integer(required=True, metadata={"description": "0: not placed"})
    break_bonus = fields.Integer(required=True, metadata={"description": "0: not placed"})


class OwnSettingSchema(Schema):
    """A player's own setting as entered (the house way's is a string)."""

    low = card_list(2, "the low hand as the player set it")
    high = card_list(3, "the high hand as the player set it")


class RoundSeatSchema(SettledSeatSchema):
    cards = card_list(HAND_SIZE, "the player's seven cards as entered")
    # One of two shapes: a string or an object; the document names both.
    setting_entered = fields.Raw(
        required=True,
        metadata={
            "description": 'the setting as entered: the string "house_way", or the player\'s own '
            '{"low": [2 cards], "high": [3 cards]}',
            "oneOf": list(SETTING_SHAPES),
        },
    )
    bets = fields.Nested(StakesSchema, required=True, metadata={"description": "the stakes entered"})
