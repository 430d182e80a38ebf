"""Schemas of the hand calculator: seven cards in, every legal setting's
exact Main Bet expected value out (``POST /tables/{id}/hand-analysis``),
and what each seat of a stored round was worth (``GET
/rounds/{id}/hand-values``). Every expected value is per unit staked, for
the player, as a float and as the exact fraction."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import FoulPolicy

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


class HandTextSchema(Schema):
    plays_as = api_fields.text("the hand as the engine writes it, e.g. Q-K-A or 7-7")
    category = api_fields.text("its category: high card, pair, straight, three of a kind")
    joker = api_fields.text('what the joker stands for, "JK as A"; null: none', allow_none=True)


class SettingValueSchema(Schema):
    low = api_fields.texts("the two-card low, card codes in display order")
    high = api_fields.texts("the three-card high, card codes in display order")
    low_hand = api_fields.nested(HandTextSchema, "what the low plays as")
    high_hand = api_fields.nested(HandTextSchema, "what the high plays as")
    lucky_break = api_fields.flag("whether this setting is a Lucky Break")
    expected_value = api_fields.number(
        "the Main Bet's expected value per unit staked against the dealer's house way"
    )
    expected_value_exact = _exact("the expected value")
    win_probability = api_fields.number("won over the dealer hands")
    push_probability = api_fields.number("pushed over the dealer hands (the dealer not qualifying included)")
    loss_probability = api_fields.number("lost over the dealer hands")
    won = api_fields.integer("dealer hands, of dealer_hands, it beats")
    pushed = api_fields.integer("dealer hands it pushes with")
    lost = api_fields.integer("dealer hands it loses to")
    best = api_fields.flag("whether this is the optimal setting")
    house_way = api_fields.flag("whether this is the house way's setting")


class BreakBonusValueSchema(ValueSchema):
    category = api_fields.choice(
        [category.value for category in BreakBonusCategory],
        "the Break Bonus category the seven cards make; null: the bet loses",
        allow_none=True,
    )
    category_name = api_fields.text("the category as people read it", allow_none=True)


DEALER_BREAK_BONUS = "the Dealer Break Bonus's expected value with these seven cards"
BREAK_BONUS = "the Break Bonus's expected value (these cards' category at the table's pays)"


class HandAnalysisSchema(Schema):
    table_id = api_fields.integer("the table")
    config_version = api_fields.integer("the table's configuration version whose rules were used")
    qualifier = api_fields.text('the dealer qualifier, e.g. "K-3-2"')
    foul_policy = api_fields.choice(
        [policy.value for policy in FoulPolicy],
        "the table's foul policy (a foul is never a setting listed here)",
    )
    cards = api_fields.texts("the seven cards in display order, canonical codes")
    dealer_hands = api_fields.integer("C(46,7) = 53,524,680: the dealer hands the counts are out of")
    settings = api_fields.nested_list(
        SettingValueSchema, "every distinct legal setting, in the house way's order"
    )
    best = api_fields.nested(SettingValueSchema, "the optimal setting (rule book section 12)")
    house_way = api_fields.nested(SettingValueSchema, "the house way's setting")
    house_way_cost = api_fields.nested(
        ValueSchema, "the best setting's expected value minus the house way's (0 when they agree)"
    )
    dealer_break_bonus = api_fields.nested(ValueSchema, DEALER_BREAK_BONUS)
    break_bonus = api_fields.nested(BreakBonusValueSchema, BREAK_BONUS)


class SettingWorthSchema(ValueSchema):
    low = api_fields.texts("the two-card low, card codes")
    high = api_fields.texts("the three-card high, card codes")


class SeatValuesSchema(Schema):
    seat = api_fields.integer("the seat number")
    cards = api_fields.texts("the seat's seven cards")
    fouled = api_fields.flag("whether the setting entered was a foul")
    played = api_fields.nested(
        SettingWorthSchema,
        "the setting as settled and its Main Bet expected value as it settled: a foul is "
        "the house way's value under the house_way policy, -1 under forfeit",
    )
    best = api_fields.nested(SettingWorthSchema, "the optimal setting")
    house_way = api_fields.nested(SettingWorthSchema, "the house way's")
    played_is_best = api_fields.flag("whether the setting played is worth as much as the best")
    cost_against_best = api_fields.nested(
        ValueSchema, "the best's expected value minus the played one's: what the setting gave up"
    )
    cost_against_house_way = api_fields.nested(
        ValueSchema, "the house way's minus the played one's (negative: it did better)"
    )
    dealer_break_bonus = api_fields.nested(ValueSchema, DEALER_BREAK_BONUS)
    break_bonus = api_fields.nested(BreakBonusValueSchema, BREAK_BONUS)


class RoundHandValuesSchema(Schema):
    id = api_fields.integer("the stored round")
    table_id = api_fields.integer("its table")
    config_version = api_fields.integer("the configuration version the round was settled under")
    qualifier = api_fields.text("that version's dealer qualifier")
    foul_policy = api_fields.choice([policy.value for policy in FoulPolicy], "that version's foul policy")
    seats = api_fields.nested_list(SeatValuesSchema, "each seat, by seat number")
