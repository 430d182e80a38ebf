"""Schemas of the hand calculator: seven cards in, every legal setting's
exact Main Bet expected value out (``POST /tables/{id}/hand-analysis``),
and what each seat of a stored round was worth (``GET
/rounds/{id}/hand-values``). Every expected value is per unit staked, for
the player, as a float and as the exact fraction."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import FoulPolicy
from service.rounds.hand_values import RoundHandValuesJson, SeatValuesJson, SettingValueJson
from service.tables.advice_json import BreakBonusJson, HandTextJson, SettingJson, ValueJson
from service.tables.hand_analysis import HandAnalysisJson


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


ValueSchema = answer(ValueJson, "ValueSchema")


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


HandAnalysisSchema = answer(
    HandAnalysisJson,
    "HandAnalysisSchema",
    foul_policy=api_fields.choice(
        [policy.value for policy in FoulPolicy],
        "the table's foul policy (a foul is never a setting listed here)",
    ),
)


SettingWorthSchema = answer(SettingValueJson, "SettingWorthSchema")


SeatValuesSchema = answer(
    SeatValuesJson,
    "SeatValuesSchema",
)


RoundHandValuesSchema = answer(
    RoundHandValuesJson,
    "RoundHandValuesSchema",
    foul_policy=api_fields.choice([policy.value for policy in FoulPolicy], "that version's foul policy"),
)
