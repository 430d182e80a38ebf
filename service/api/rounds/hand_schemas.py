"""Schemas of the hand calculator: seven cards in, every legal setting's
exact Main Bet expected value out (``POST /tables/{id}/hand-analysis``),
and what each seat of a stored round was worth (``GET
/rounds/{id}/hand-values``). Every expected value is per unit staked, for
the player, as a float and as the exact fraction."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import FoulPolicy
from service.rounds.hand_values import RoundHandValuesJson, SeatValuesJson, SettingValueJson
from service.tables.advice_json import BreakBonusJson, HandTextJson, SettingJson
from service.tables.hand_analysis import HandAnalysisJson

EXACT = 'the same value exactly, a fraction "p/q" (or a whole number)'


def _exact(of: str) -> fields.String:
    return api_fields.text(f"{of}: {EXACT}")


class HandAnalysisInSchema(StrictSchema):
    # Each card is read by the engine, so a bad one is named by its place
    # (cards[3]) with the engine's own words; the document says they are codes.
    cards = fields.List(
        fields.Raw(metadata={"type": "string", "description": "a card code: As, Td (or 10d), JK"}),
        required=True,
        metadata={"description": "the player's seven cards, any order, e.g. JK Kd Qs 7c 7h 4d 2c"},
    )


class HandAnalysisInJson(TypedDict):
    cards: list[object]  # Raw: the engine reads each card


class ValueSchema(Schema):
    expected_value = api_fields.number("expected value per unit staked, for the player")
    expected_value_exact = _exact("the expected value")


HandTextSchema = answer(HandTextJson, "HandTextSchema")


SettingValueSchema = answer(SettingJson, "SettingValueSchema")


BreakBonusValueSchema = answer(
    BreakBonusJson,
    "BreakBonusValueSchema",
    category=api_fields.choice(
        [category.value for category in BreakBonusCategory],
        "the Break Bonus category the seven cards make; null: the bet loses",
        allow_none=True,
    ),
)


DEALER_BREAK_BONUS = "the Dealer Break Bonus's expected value with these seven cards"
BREAK_BONUS = "the Break Bonus's expected value (these cards' category at the table's pays)"


HandAnalysisSchema = answer(
    HandAnalysisJson,
    "HandAnalysisSchema",
    foul_policy=api_fields.choice(
        [policy.value for policy in FoulPolicy],
        "the table's foul policy (a foul is never a setting listed here)",
    ),
    house_way_cost=api_fields.nested(
        ValueSchema, "the best setting's expected value minus the house way's (0 when they agree)"
    ),
    dealer_break_bonus=api_fields.nested(ValueSchema, DEALER_BREAK_BONUS),
)


SettingWorthSchema = answer(SettingValueJson, "SettingWorthSchema")


SeatValuesSchema = answer(
    SeatValuesJson,
    "SeatValuesSchema",
    cost_against_best=api_fields.nested(
        ValueSchema, "the best's expected value minus the played one's: what the setting gave up"
    ),
    cost_against_house_way=api_fields.nested(
        ValueSchema, "the house way's minus the played one's (negative: it did better)"
    ),
    dealer_break_bonus=api_fields.nested(ValueSchema, DEALER_BREAK_BONUS),
)


RoundHandValuesSchema = answer(
    RoundHandValuesJson,
    "RoundHandValuesSchema",
    foul_policy=api_fields.choice([policy.value for policy in FoulPolicy], "that version's foul policy"),
)
