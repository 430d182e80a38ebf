"""Sections 6-11: settlement of the Main Bet, the Dealer Break Bonus and the
Break Bonus, in integer minor units."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from service.rounds.batch_settle import settle_object
from tests import reference_rules as reference
from tests.examples import EXAMPLE_ROUND, EXAMPLE_SETTLEMENT
from tests.helpers import codes
from tests.settlement_checks import assert_nets_follow_stakes
from tests.strategies import rounds

DEALER = "Q Q A 9 7 4 2"  # sets A-9 / Q-Q-7, qualifies, no Lucky Break


def round_of(
    dealer: str, *players: str, setting: object = "house_way", bets: dict | None = None, config=None
):
    """A round from hands in rank notation; each card takes the first suit
    (s, h, d, c) of its rank not yet dealt, so no card repeats."""
    dealt: set[str] = set()

    def deal(ranks: str) -> list[str]:
        cards = []
        for rank in ranks.split():
            code = "JK" if rank == "JK" else next(rank + suit for suit in "shdc" if rank + suit not in dealt)
            assert code not in dealt, f"no {rank} left"
            dealt.add(code)
            cards.append(code)
        return cards

    hands = [deal(hand) for hand in (dealer, *players)]
    data = {
        "round_id": "t",
        "dealer": hands[0],
        "seats": [
            {"seat": n, "cards": cards, "setting": setting, "bets": bets or {"main": 1000}}
            for n, cards in enumerate(hands[1:], start=1)
        ],
    }
    if config is not None:
        data["config"] = config
    return data


def settle(data: dict) -> dict:
    result = settle_object(data)
    assert "error" not in result, result
    return result


@pytest.mark.parametrize(
    ("player", "outcome", "net"),
    [
        ("A K T 8 6 4 2", "lose", -1000),  # K-T / A-8-6: the dealer wins both hands
        ("K K 8 8 3 3 A", "win", 1000),  # 8-8 / K-K-A wins both
        ("A K Q 8 6 4 2", "push", 0),  # 8-6 / Q-K-A wins the high, loses the low
        ("Q Q A 9 7 5 3", "lose", -1000),  # A-9 / Q-Q-7: copies both hands and loses
    ],
)
def test_rule_book_main_bet_examples(player, outcome, net):
    result = settle(round_of(DEALER, player))
    assert result["dealer"] == {
        "low": codes("A 9"),
        "high": ["Qs", "Qh", "7s"],
        "rule": 6,
        "qualifies": True,
        "lucky_break": False,
    }
    assert result["seats"][0]["main"] == {"outcome": outcome, "net": net}


def test_issue_example_round_settles_exactly_as_documented():
    assert settle(EXAMPLE_ROUND) == EXAMPLE_SETTLEMENT


def test_dealer_not_qualifying_pushes_every_main_bet_but_not_the_side_bets():
    all_bets = {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
    result = settle(round_of("Q J 9 8 6 5 3", "A K T 8 6 4 2", "8 8 9 T J 3 2", bets=all_bets))
    assert result["dealer"]["qualifies"] is False
    assert [s["main"] for s in result["seats"]] == [{"outcome": "push", "net": 0}] * 2
    lucky = result["seats"][1]
    assert lucky["lucky_break"] is True
    assert lucky["break_bonus"] == {"outcome": "win", "category": "lucky_break_straight", "net": 100}
    assert lucky["dealer_break_bonus"] == {"outcome": "lose", "net": -500}


def test_ace_high_qualifier_is_configurable():
    data = round_of("A J 9 8 6 4 3", "K Q 7 5 3 2 T", config={"dealer_qualifier": "A-3-2"})
    assert settle(data)["dealer"]["qualifies"] is True
    data = round_of("K J 9 8 6 4 2", "A Q 7 5 3 2 T", config={"dealer_qualifier": "A-3-2"})
    assert settle(data)["dealer"]["qualifies"] is False


def test_lucky_breaks_decide_before_the_hands_are_compared():
    # Dealer Lucky Break (8-8 / 9-T-J) beats a player without one, whatever the hands.
    result = settle(round_of("8 8 9 T J 3 2", "A A K K Q 5 4"))
    assert result["dealer"]["lucky_break"] is True
    assert result["seats"][0]["main"] == {"outcome": "lose", "net": -1000}
    # A player's Lucky Break (2-2 / 3-4-5) wins against a dealer without one.
    result = settle(round_of("A A K K Q 5 4", "2 2 3 4 5 9 7"))
    assert result["seats"][0]["main"] == {"outcome": "win", "net": 1000}
    # Both have one: the hands are compared (K-K / T-J-Q over 8-8 / 9-T-J).
    result = settle(round_of("8 8 9 T J 3 2", "K K Q J T 5 4"))
    assert result["seats"][0]["main"] == {"outcome": "win", "net": 1000}


def test_the_main_bet_uses_the_lucky_break_of_the_setting_played():
    # The cards hold a Lucky Break but the player sets A-K / 5-5-5 instead.
    data = round_of("A J 9 8 6 4 3", "K K 5 5 5 A 2")
    cards = data["seats"][0]["cards"]
    data["seats"][0]["setting"] = {"low": [cards[5], cards[0]], "high": cards[2:5]}
    data["seats"][0]["bets"] = {"main": 1000, "dealer_break_bonus": 100, "break_bonus": 100}
    seat = settle(data)["seats"][0]
    assert seat["lucky_break"] is False
    assert seat["fouled"] is False
    # The side bets are judged on the seven cards: a Lucky Break with trips.
    assert seat["break_bonus"] == {"outcome": "win", "category": "lucky_break_trips", "net": 500}


def fouled_round(policy: str, dealer: str = "Q Q A 9 7 4 2") -> dict:
    data = round_of(dealer, "A K T 8 6 4 3", config={"foul_policy": policy})
    cards = data["seats"][0]["cards"]  # A K T 8 6 4 3
    data["seats"][0]["setting"] = {"low": cards[:2], "high": cards[2:5]}  # A-K over T-8-6: a foul
    data["seats"][0]["bets"] = {"main": 1000, "break_bonus": 100}
    return data


def test_a_foul_is_reset_by_the_house_way_by_default():
    data = fouled_round("house_way")
    seat = settle(data)["seats"][0]
    cards = data["seats"][0]["cards"]
    assert seat["fouled"] is True
    assert (seat["low"], seat["high"]) == (
        [cards[1], cards[2]],
        [cards[0], cards[3], cards[4]],
    )  # K-T / A-8-6
    assert seat["main"] == {"outcome": "lose", "net": -1000}  # the reset hand still loses to A-9 / Q-Q-7
    assert seat["break_bonus"]["net"] == -100


def test_a_foul_forfeits_the_main_bet_under_forfeit_even_if_the_dealer_does_not_qualify():
    for dealer in ("Q Q A 9 7 4 2", "Q J 9 8 6 5 2"):
        data = fouled_round("forfeit", dealer)
        seat = settle(data)["seats"][0]
        cards = data["seats"][0]["cards"]
        assert seat["fouled"] is True
        assert (seat["low"], seat["high"]) == (cards[:2], cards[2:5])  # as entered
        assert seat["main"] == {"outcome": "lose", "net": -1000}
        assert seat["break_bonus"] == {"outcome": "lose", "category": None, "net": -100}


@pytest.mark.parametrize(
    ("dealer", "player", "outcome", "net"),
    [
        ("8 8 9 T J 3 2", "A K T 8 6 4 2", "win", 500),  # dealer only: 1 to 1
        ("8 8 9 T J 3 2", "K K 5 5 5 A 2", "win", 2000),  # both: 4 to 1
        ("A K T 8 6 4 2", "K K 5 5 5 A 2", "lose", -500),  # player only: loses
        ("Q J 9 8 6 5 3", "A K T 8 6 4 2", "lose", -500),
    ],
)
def test_dealer_break_bonus(dealer, player, outcome, net):
    seat = settle(round_of(dealer, player, bets={"main": 1000, "dealer_break_bonus": 500}))["seats"][0]
    assert seat["dealer_break_bonus"] == {"outcome": outcome, "net": net}


def test_dealer_break_bonus_judges_the_player_s_seven_cards_not_the_setting():
    data = round_of("8 8 9 T J 3 2", "K K 5 5 5 A 2", bets={"main": 1000, "dealer_break_bonus": 500})
    cards = data["seats"][0]["cards"]
    data["seats"][0]["setting"] = {"low": [cards[5], cards[0]], "high": cards[2:5]}  # A-K / 5-5-5
    assert settle(data)["seats"][0]["dealer_break_bonus"] == {"outcome": "win", "net": 2000}


@pytest.mark.parametrize(
    ("player", "category", "odds"),
    [
        ("JK A A A A 7 2", "five_aces", 1000),
        ("9 9 9 9 A K 5", "four_of_a_kind", 40),
        ("K K K 5 5 5 2", "two_trips", 40),
        ("K K 5 5 5 9 2", "lucky_break_trips", 5),
        ("8 8 9 T J 3 2", "lucky_break_straight", 1),
    ],
)
def test_break_bonus_pays_by_the_table(player, category, odds):
    seat = settle(round_of("K J T 8 6 4 3", player, bets={"main": 1000, "break_bonus": 200}))["seats"][0]
    assert seat["break_bonus"] == {"outcome": "win", "category": category, "net": 200 * odds}
    pays = {
        "five_aces": 500,
        "four_of_a_kind": 50,
        "two_trips": 30,
        "lucky_break_trips": 4,
        "lucky_break_straight": 2,
    }
    data = round_of(
        "K J T 8 6 4 3", player, bets={"main": 1000, "break_bonus": 200}, config={"break_bonus_pays": pays}
    )
    assert settle(data)["seats"][0]["break_bonus"]["net"] == 200 * pays[category]


def test_bets_not_placed_are_none_but_the_category_is_still_shown():
    seat = settle(round_of("A K T 8 6 4 3", "K K 5 5 5 9 2"))["seats"][0]
    assert seat["dealer_break_bonus"] == {"outcome": "none", "net": 0}
    assert seat["break_bonus"] == {"outcome": "none", "category": "lucky_break_trips", "net": 0}


def comparable(result: dict, hands_as_values: bool = True) -> dict:
    """A settlement with hands as comparable values (physical tie-breaks may differ)."""
    out = dict(result)
    out["dealer"] = dict(
        result["dealer"],
        low=reference.low_key(result["dealer"]["low"]),
        high=reference.high_key(result["dealer"]["high"]),
    )
    out["seats"] = [
        dict(seat, low=reference.low_key(seat["low"]), high=reference.high_key(seat["high"]))
        for seat in result["seats"]
    ]
    return out


@given(rounds())
def test_settlement_matches_the_reference(data):
    assert comparable(settle(data)) == comparable(reference.settle(data))


@given(rounds())
def test_nets_follow_outcomes_and_stakes(data):
    assert_nets_follow_stakes(settle(data), data)


def test_many_random_rounds_match_the_reference():
    rng = random.Random(2026)
    from service.rounds.samples import random_round

    for number in range(300):
        data = random_round(rng, f"m{number}", seats=rng.randint(1, 6))
        assert comparable(settle(data)) == comparable(reference.settle(data))
