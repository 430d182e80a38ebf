"""The OpenAPI document describes a rating's slip, a player's figures and
the feed of closed ratings field by field (no free-form object), and the
slip's schema dumps every figure the typed slip holds, as the service
answers it."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from service.api.ratings.slip_schemas import RatedFiguresSchema, RatingSlipSchema
from service.players.rated.inputs import PerBet
from service.players.rated.parts import Parts
from service.players.rating_values import RatingState
from service.players.slip_json import slip_json
from service.players.slips import Figures, SlipValue
from tests.support.openapi import document, free_form_objects, undescribed

SHAPES = ("RatingSlip", "RatedFigures", "RatedHandle", "PlayerFigures", "RatingFeed")
MOMENT = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)


def test_every_field_of_a_slip_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []


def test_the_slip_schema_dumps_every_figure():
    parts = Parts(
        rounds=2,
        handle=PerBet(2000, 1000, 200),
        actual=-150,
        theoretical=Fraction(161, 2),
        decisions=Fraction(1, 3),
        player_cards=Fraction(-200),
        dealer_cards=Fraction(-150) - Fraction(161, 2) - Fraction(1, 3) + 200,
        dealer_cards_variance=Fraction(4),
    )
    rounded = parts.rounded()
    figures = Figures(2, 1, parts.handle, 1600, rounded, None, "no card spread", 16)
    slip = SlipValue(
        7, 3, "C1001", 1, 2, RatingState.CLOSED, True, MOMENT, MOMENT, 60, 120, True, figures, 500, 0, 350, 0
    )
    answered = slip_json(slip)
    shown = RatingSlipSchema().dump(answered)
    assert shown["figures"] == {
        "rated_rounds": 2,
        "pending_rounds": 1,
        "handle": {"main": 2000, "dealer_break_bonus": 1000, "break_bonus": 200, "total": 3200},
        "average_bet": 1600,
        "theoretical_win": 80,  # 80.5, halves to even
        "actual_win": -150,
        "decisions": rounded.decisions,
        "player_cards": rounded.player_cards,
        "dealer_cards": rounded.dealer_cards,
        "player_cards_sd": None,
        "dealer_cards_sd": 2.0,
        "sd_missing": "no card spread",
        "comps": 16,
    }
    assert 80 + rounded.decisions + rounded.player_cards + rounded.dealer_cards == -150
    assert set(shown) == set(SlipValue.__dataclass_fields__) == set(answered)
    assert set(RatedFiguresSchema().fields) == {"theoretical_win", "actual_win", "decisions"} | {
        "player_cards",
        "dealer_cards",
        "dealer_cards_sd",
    } | (set(Figures.__dataclass_fields__) - {"parts"})
    assert set(answered["figures"]) == set(RatedFiguresSchema().fields)
