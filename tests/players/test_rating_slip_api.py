"""The rating slip and a player's figures through the API, against the
figures computed by hand from the stored rows (tests/support/
rated_figures.py): every amount rounded once from the exact sums, the
four parts adding up to the actual win, live while open and final at
seat-out with its chips check; a player's figures the rounding of their
ratings' summed exact parts, never the sum of rounded ones."""

from __future__ import annotations

import math
from datetime import datetime

import pytest

import service.players.rating_figures
from service.players.rated.inputs import DEALER_HANDS as N
from service.players.rated.inputs import PLAYER_HANDS
from service.players.rated.spread import CardSpread
from service.players.rating_figures import figure_rating
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.players import seat, step
from tests.support.rated_figures import by_hand, ready_for_values, value
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store

COMP_RATE = 20  # %, the default


def figure(app, settings, rating_id):
    with unit_of_work(databases(app)) as db:
        figure_rating(db, rating_id, settings.instance, utc_now())


def rated(app, settings, client, dealer, table, seat_number, *names):
    """A rating at ``seat_number`` with rounds ``names`` valued and figured."""
    response = seat(client, dealer, table["id"], ALICE, seat_number)
    assert response.status_code == 201, response.json
    rating = response.json["id"]
    rounds = [enter(client, dealer, table, name)["id"] for name in names]
    value(app, settings, *rounds)
    figure(app, settings, rating)
    return rating


def slip(client, headers, rating_id):
    response = client.get(f"/api/v1/ratings/{rating_id}/slip", headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def near(exact, shown):
    return shown in (math.floor(exact), math.ceil(exact))


def test_the_slip_is_the_rounding_of_the_exact_figures(app, settings, client, as_role, table, players):
    ready_for_values(settings)
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    rating = rated(app, settings, client, dealer, table, 1, "r1", "r2")
    assert step(client, dealer, rating, "buy-ins", {"kind": "cash", "amount": 5000}).status_code == 201
    assert step(client, dealer, rating, "buy-ins", {"kind": "chips", "amount": 700}).status_code == 201
    hand = by_hand(app, rating)
    live = slip(client, boss, rating)
    figures = live["figures"]
    assert (live["final"], live["chips_check"], live["chips_taken"]) == (False, None, None)
    assert (figures["rated_rounds"], figures["pending_rounds"], live["up_to_date"]) == (2, 0, True)
    assert figures["handle"] == {"main": 2000, "dealer_break_bonus": 1000, "break_bonus": 200, "total": 3200}
    assert figures["average_bet"] == 1600
    assert figures["theoretical_win"] == round(hand.theoretical)  # halves to even
    assert figures["actual_win"] == hand.actual
    parts = [figures[name] for name in ("theoretical_win", "decisions", "player_cards", "dealer_cards")]
    assert sum(parts) == hand.actual
    assert near(hand.decisions, figures["decisions"])
    assert near(hand.player_cards, figures["player_cards"])
    assert near(hand.dealer_cards, figures["dealer_cards"])
    assert figures["dealer_cards_sd"] == pytest.approx(math.sqrt(hand.dealer_variance), abs=1e-9)
    assert figures["player_cards_sd"] is None
    assert "strategy table" in figures["sd_missing"]
    assert figures["comps"] == max(math.floor(hand.theoretical * COMP_RATE / 100), 0)
    assert (live["cash"], live["chips_brought"]) == (5000, 700)
    seated = datetime.fromisoformat(live["seated_at"])
    assert live["seconds_played"] == int((datetime.fromisoformat(live["as_of"]) - seated).total_seconds())
    assert client.get(f"/api/v1/ratings/{rating}/slip", headers=dealer).status_code == 403
    # Seated out: final, with the chips check (taken away − bought − the player's nets).
    taken = 5000 + 700 - hand.actual + 25
    assert step(client, dealer, rating, "seat-out", {"chips_taken": taken}).status_code == 200
    final = slip(client, as_role["compliance"], rating)
    assert (final["final"], final["state"], final["chips_taken"], final["chips_check"]) == (
        True,
        "closed",
        taken,
        25,
    )
    assert slip(client, boss, rating)["as_of"] == final["as_of"]  # no longer moves with the clock
    assert final["figures"] == figures


def test_a_pending_round_is_said_not_guessed(app, settings, client, as_role, table, players):
    ready_for_values(settings)
    dealer = as_role["dealer"]
    rating = rated(app, settings, client, dealer, table, 1, "r1")
    enter(client, dealer, table, "r2")  # its values not stored yet
    shown = slip(client, as_role["admin"], rating)
    assert (shown["figures"]["rated_rounds"], shown["figures"]["pending_rounds"]) == (1, 1)
    assert shown["up_to_date"] is False  # the row predates r2
    figure(app, settings, rating)
    shown = slip(client, as_role["admin"], rating)
    assert (shown["figures"]["pending_rounds"], shown["up_to_date"]) == (1, True)


def test_a_player_s_figures_round_the_sum_of_exact_parts(app, settings, client, as_role, table, players):
    ready_for_values(settings)
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    first = rated(app, settings, client, dealer, table, 1, "r1", "r2")
    assert step(client, dealer, first, "seat-out", {"chips_taken": 0}).status_code == 200
    second = rated(app, settings, client, dealer, table, 2, "r3")
    hands = [by_hand(app, first), by_hand(app, second)]
    for period in ("day", "30d", "lifetime"):
        response = client.get(f"/api/v1/players/{ALICE}/figures?period={period}", headers=boss)
        assert response.status_code == 200, response.json
        shown = response.json
        assert (shown["ratings"], shown["period"]) == (2, period)
        figures = shown["figures"]
        assert figures["rated_rounds"] == 3
        assert figures["theoretical_win"] == round(sum(hand.theoretical for hand in hands))
        assert figures["actual_win"] == sum(hand.actual for hand in hands)
        for name in ("decisions", "player_cards", "dealer_cards"):
            assert near(sum(getattr(hand, name) for hand in hands), figures[name])
        variance = sum(hand.dealer_variance for hand in hands)
        assert figures["dealer_cards_sd"] == pytest.approx(math.sqrt(variance), abs=1e-9)
        each = [max(math.floor(hand.theoretical * COMP_RATE / 100), 0) for hand in hands]
        assert figures["comps"] == sum(each)  # each rating earns its own
    assert client.get(f"/api/v1/players/{ALICE}/figures", headers=dealer).status_code == 403
    wrong = client.get(f"/api/v1/players/{ALICE}/figures?period=week", headers=boss)
    assert wrong.status_code == 422
    assert "period" in wrong.json["message"]


def spread_of_two_hands() -> CardSpread:
    """A card spread as the strategy table's sums give it (over every
    player hand): two kinds of hands, their values × C(46,7)."""
    weights = (PLAYER_HANDS // 3, PLAYER_HANDS - PLAYER_HANDS // 3)
    values = ((-N // 2, -N, N), (N // 3, N // 7, -N))
    sums = tuple(sum(w * v[i] for w, v in zip(weights, values, strict=True)) for i in range(3))
    pairs = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
    products = tuple(sum(w * v[i] * v[j] for w, v in zip(weights, values, strict=True)) for i, j in pairs)
    return CardSpread.of(PLAYER_HANDS, sums, products)  # type: ignore[arg-type]


def test_with_a_card_spread_the_player_s_cards_deviation_is_shown(
    app, settings, client, as_role, table, players, monkeypatch
):
    ready_for_values(settings)
    spread = spread_of_two_hands()
    monkeypatch.setattr(service.players.rating_figures, "config_spread", lambda *_: spread)
    rating = rated(app, settings, client, as_role["dealer"], table, 1, "r1", "r2")
    figures = slip(client, as_role["pit_boss"], rating)["figures"]
    m, d, b = 1000, 500, 100  # each round's stakes
    one = (
        m * m * spread.main
        + d * d * spread.dealer_break_bonus
        + b * b * spread.break_bonus
        + 2 * (m * d * spread.main_dealer_break_bonus + m * b * spread.main_break_bonus)
        + 2 * d * b * spread.dealer_break_bonus_break_bonus
    )
    assert figures["sd_missing"] is None
    assert figures["player_cards_sd"] == pytest.approx(math.sqrt(2 * one), abs=1e-9)


def test_the_chips_check_counts_the_nets_of_rounds_still_waiting_for_values(
    app, settings, client, as_role, table, players
):
    """The nets are settled amounts, known before the round's values: a
    round waiting for its values still counts in the chips check (else
    the check would show its net as a difference nobody made)."""
    ready_for_values(settings)
    dealer = as_role["dealer"]
    rating = rated(app, settings, client, dealer, table, 1, "r1")
    enter(client, dealer, table, "r2")  # seat 1 loses 1,600 again; its values not stored
    assert step(client, dealer, rating, "buy-ins", {"kind": "cash", "amount": 5000}).status_code == 201
    assert step(client, dealer, rating, "seat-out", {"chips_taken": 5000 - 2 * 1600}).status_code == 200
    shown = slip(client, as_role["pit_boss"], rating)
    assert shown["figures"]["pending_rounds"] == 1
    assert shown["chips_check"] == 0
