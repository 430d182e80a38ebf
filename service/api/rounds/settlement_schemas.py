"""Schemas of a round's settlement, field by field: the dealer's house way,
each seat's setting, house way and the result of each bet (the shapes of
``service.engine.round_json`` and ``service.rounds.storing``)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.engine.break_bonus import BreakBonusCategory
from service.engine.house_way import Rule
from service.engine.round import HAND_SIZE
from service.engine.round_json import BetJson, BreakBonusJson
from service.engine.settlement import MainReason, Outcome
from service.rounds.preview import HouseWaySettingJson
from service.rounds.settlement_json import ExplainedDealerJson, HouseWayJson, MainJson
from service.rounds.showing import DealerShownJson, SeatShownJson, StakesJson
from service.rounds.storing import PlayerSettingJson

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


def _rule() -> fields.Integer:
    return fields.Integer(
        required=True,
        validate=validate.OneOf([rule.value for rule in Rule]),
        metadata={"description": f"the house-way rule that fired: {RULES}"},
    )


def _outcome(outcomes: tuple[Outcome, ...]) -> fields.String:
    return api_fields.choice([outcome.value for outcome in outcomes], "none: the bet was not placed")


def _house_way(low: str, high: str) -> dict[str, fields.Field[Any]]:
    """A house way's low and high hands (card codes) and the rule that
    fired: what its type cannot say. Made anew for each schema."""
    return {"low": api_fields.cards(2, low), "high": api_fields.cards(3, high), "rule": _rule()}


PLAYER_WAY = ("the low hand", "the high hand")
DEALER_WAY = ("the dealer's low hand, set by the house way", "the dealer's high hand, set by the house way")


HouseWaySettingSchema = answer(HouseWaySettingJson, "HouseWaySettingSchema", **_house_way(*PLAYER_WAY))


PlayerHouseWaySchema = answer(HouseWayJson, "PlayerHouseWaySchema", **_house_way(*PLAYER_WAY))


DealerHandSchema = answer(ExplainedDealerJson, "DealerHandSchema", **_house_way(*DEALER_WAY))


RoundDealerSchema = answer(
    DealerShownJson,
    "RoundDealerSchema",
    cards=api_fields.cards(HAND_SIZE, "the dealer's seven cards as entered"),
    **_house_way(*DEALER_WAY),
)


BetResultSchema = answer(
    BetJson,
    "BetResultSchema",
    outcome=_outcome(SIDE_BET_OUTCOMES),
)


MainResultSchema = answer(
    MainJson,
    "MainResultSchema",
    outcome=_outcome(tuple(Outcome)),
    reason=api_fields.choice(
        [reason.value for reason in MainReason], "how the Main Bet was decided (rule book sections 7-8)"
    ),
)


BreakBonusResultSchema = answer(
    BreakBonusJson,
    "BreakBonusResultSchema",
    outcome=_outcome(SIDE_BET_OUTCOMES),
    category=api_fields.choice(
        [category.value for category in BreakBonusCategory],
        "what the seven cards make, even when not bet; null: no category",
        allow_none=True,
    ),
)


StakesSchema = answer(StakesJson, "StakesSchema")


OwnSettingSchema = answer(
    PlayerSettingJson,
    "OwnSettingSchema",
    low=api_fields.cards(2, "the low hand as the player set it"),
    high=api_fields.cards(3, "the high hand as the player set it"),
)


def seat_fields() -> dict[str, fields.Field[Any]]:
    """A seat's cards as entered and settled (card codes) and its setting as
    entered (a string or an object): what their types cannot say. Made
    anew for each schema."""
    return {
        "low": api_fields.cards(
            2, "the low hand settled with (the house way's when house_way was entered or reset)"
        ),
        "high": api_fields.cards(3, "the high hand settled with"),
        "cards": api_fields.cards(HAND_SIZE, "the player's seven cards as entered"),
        # One of two shapes: a string or an object; the document names both.
        "setting_entered": fields.Raw(
            required=True,
            metadata={
                "description": 'the setting as entered: the string "house_way", or the player\'s own '
                '{"low": [2 cards], "high": [3 cards]}',
                "oneOf": list(SETTING_SHAPES),
            },
        ),
    }


RoundSeatSchema = answer(SeatShownJson, "RoundSeatSchema", **seat_fields())
