"""Schemas of the hand calculator: seven cards in, every legal setting's
exact Main Bet expected value out (``POST /tables/{id}/hand-analysis``),
and what each seat of a stored round was worth (``GET
/rounds/{id}/hand-values``). Every expected value is per unit staked, for
the player, as a float and as the exact fraction."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import Schema, fields, validate

from service.api.tables.table_schemas import StrictSchema
from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import FoulPolicy

EXACT = 'the same value exactly, a fraction "p/q" (or a whole number)'


def _float(description: str) -> fields.Float:
    return fields.Float(required=True, metadata={"description": description})


def _exact(of: str) -> fields.String:
    return fields.String(required=True, metadata={"description": f"{of}: {EXACT}"})


def _cards(description: str) -> fields.List[str]:
    return fields.List(fields.String(), required=True, metadata={"description": description})


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
    expected_value = _float("expected value per unit staked, for the player")
    expected_value_exact = _exact("the expected value")


class HandTextSchema(Schema):
    plays_as = fields.String(
        required=True, metadata={"description": "the hand as the engine writes it, e.g. Q-K-A or 7-7"}
    )
    category = fields.String(
        required=True, metadata={"description": "its category: high card, pair, straight, three of a kind"}
    )
    joker = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": 'what the joker stands for, "JK as A"; null: none'},
    )


class SettingValueSchema(Schema):
    low = _cards("the two-card low, card codes in display order")
    high = _cards("the three-card high, card codes in display order")
    low_hand = fields.Nested(HandTextSchema, required=True, metadata={"description": "what the low plays as"})
    high_hand = fields.Nested(
        HandTextSchema, required=True, metadata={"description": "what the high plays as"}
    )
    lucky_break = fields.Boolean(
        required=True, metadata={"description": "whether this setting is a Lucky Break"}
    )
    expected_value = _float("the Main Bet's expected value per unit staked against the dealer's house way")
    expected_value_exact = _exact("the expected value")
    win_probability = _float("won over the dealer hands")
    push_probability = _float("pushed over the dealer hands (the dealer not qualifying included)")
    loss_probability = _float("lost over the dealer hands")
    won = fields.Integer(required=True, metadata={"description": "dealer hands, of dealer_hands, it beats"})
    pushed = fields.Integer(required=True, metadata={"description": "dealer hands it pushes with"})
    lost = fields.Integer(required=True, metadata={"description": "dealer hands it loses to"})
    best = fields.Boolean(required=True, metadata={"description": "whether this is the optimal setting"})
    house_way = fields.Boolean(
        required=True, metadata={"description": "whether this is the house way's setting"}
    )


class BreakBonusValueSchema(ValueSchema):
    category = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf([category.value for category in BreakBonusCategory]),
        metadata={"description": "the Break Bonus category the seven cards make; null: the bet loses"},
    )
    category_name = fields.String(
        required=True, allow_none=True, metadata={"description": "the category as people read it"}
    )


def _value(description: str) -> fields.Nested:
    return fields.Nested(ValueSchema, required=True, metadata={"description": description})


DEALER_BREAK_BONUS = "the Dealer Break Bonus's expected value with these seven cards"
BREAK_BONUS = "the Break Bonus's expected value (these cards' category at the table's pays)"


class HandAnalysisSchema(Schema):
    table_id = fields.Integer(required=True, metadata={"description": "the table"})
    config_version = fields.Integer(
        required=True, metadata={"description": "the table's configuration version whose rules were used"}
    )
    qualifier = fields.String(required=True, metadata={"description": 'the dealer qualifier, e.g. "K-3-2"'})
    foul_policy = fields.String(
        required=True,
        validate=validate.OneOf([policy.value for policy in FoulPolicy]),
        metadata={"description": "the table's foul policy (a foul is never a setting listed here)"},
    )
    cards = _cards("the seven cards in display order, canonical codes")
    dealer_hands = fields.Integer(
        required=True,
        metadata={"description": "C(46,7) = 53,524,680: the dealer hands the counts are out of"},
    )
    settings = fields.List(
        fields.Nested(SettingValueSchema),
        required=True,
        metadata={"description": "every distinct legal setting, in the house way's order"},
    )
    best = fields.Nested(
        SettingValueSchema,
        required=True,
        metadata={"description": "the optimal setting (rule book section 12)"},
    )
    house_way = fields.Nested(
        SettingValueSchema, required=True, metadata={"description": "the house way's setting"}
    )
    house_way_cost = _value("the best setting's expected value minus the house way's (0 when they agree)")
    dealer_break_bonus = _value(DEALER_BREAK_BONUS)
    break_bonus = fields.Nested(BreakBonusValueSchema, required=True, metadata={"description": BREAK_BONUS})


class SettingWorthSchema(ValueSchema):
    low = _cards("the two-card low, card codes")
    high = _cards("the three-card high, card codes")


class SeatValuesSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat number"})
    cards = _cards("the seat's seven cards")
    fouled = fields.Boolean(required=True, metadata={"description": "whether the setting entered was a foul"})
    played = fields.Nested(
        SettingWorthSchema,
        required=True,
        metadata={
            "description": "the setting as settled and its Main Bet expected value as it settled: a foul is "
            "the house way's value under the house_way policy, -1 under forfeit"
        },
    )
    best = fields.Nested(SettingWorthSchema, required=True, metadata={"description": "the optimal setting"})
    house_way = fields.Nested(SettingWorthSchema, required=True, metadata={"description": "the house way's"})
    played_is_best = fields.Boolean(
        required=True, metadata={"description": "whether the setting played is worth as much as the best"}
    )
    cost_against_best = _value("the best's expected value minus the played one's: what the setting gave up")
    cost_against_house_way = _value("the house way's minus the played one's (negative: it did better)")
    dealer_break_bonus = _value(DEALER_BREAK_BONUS)
    break_bonus = fields.Nested(BreakBonusValueSchema, required=True, metadata={"description": BREAK_BONUS})


class RoundHandValuesSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the stored round"})
    table_id = fields.Integer(required=True, metadata={"description": "its table"})
    config_version = fields.Integer(
        required=True, metadata={"description": "the configuration version the round was settled under"}
    )
    qualifier = fields.String(required=True, metadata={"description": "that version's dealer qualifier"})
    foul_policy = fields.String(
        required=True,
        validate=validate.OneOf([policy.value for policy in FoulPolicy]),
        metadata={"description": "that version's foul policy"},
    )
    seats = fields.List(
        fields.Nested(SeatValuesSchema), required=True, metadata={"description": "each seat, by seat number"}
    )
