"""The hidden-information test's bets: each round's ``e`` has expectation
exactly 1 for a player who cannot see the dealer's cards, and the
evidence, their product, stays below ``t`` with chance at least 1 - 1/t
(rule book section 15)."""

from __future__ import annotations

import random
from math import exp, isclose

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.analysis.departures import (
    DAY_THRESHOLD,
    MONTH_DAYS,
    MONTH_THRESHOLD,
    SEAT_THRESHOLD,
    STAKES,
    Evidence,
    RoundBet,
    departure,
    round_logs,
    stay,
    variance,
)


@st.composite
def odds(draw: st.DrawFn) -> tuple[int, int]:
    dealer_hands = draw(st.integers(2, 53_524_680))
    return draw(st.integers(1, dealer_hands - 1)), dealer_hands


@given(odds())
def test_an_honest_round_is_a_fair_bet_at_every_stake(counts):
    hands, dealer_hands = counts
    p = hands / dealer_hands
    hit = round_logs(RoundBet(hands, dealer_hands, True, True))
    miss = round_logs(RoundBet(hands, dealer_hands, False, True))
    for stake, up, down in zip(STAKES, hit, miss, strict=True):
        assert isclose(p * exp(up) + (1 - p) * exp(down), 1.0, rel_tol=1e-9)
        # The variance is the bet's own: E[e²] - 1.
        second = p * exp(2 * up) + (1 - p) * exp(2 * down)
        assert isclose(second - 1, variance(RoundBet(hands, dealer_hands, True, True), stake), rel_tol=1e-6)


def test_a_stay_bets_on_no_setting_doing_better():
    bet = stay(beaten=3, dealer_hands=100, none_better=True)
    assert (bet.hands, bet.hit, bet.departed) == (97, True, False)
    assert [round(exp(x), 6) for x in round_logs(bet)] == [round(1 - f + f * 100 / 97, 6) for f in STAKES]


def test_nothing_is_staked_on_a_certain_or_impossible_event():
    assert round_logs(departure(0, 10, False)) == (0.0,) * len(STAKES)
    assert round_logs(stay(0, 10, True)) == (0.0,) * len(STAKES)


@pytest.mark.parametrize(
    ("hands", "dealer_hands", "hit"),
    [(0, 10, True), (10, 10, False), (11, 10, True), (-1, 10, False), (0, 0, False)],
)
def test_counts_that_cannot_be_these_cards_are_refused(hands, dealer_hands, hit):
    with pytest.raises(ValueError, match=r"hands out of|against its own odds"):
        RoundBet(hands, dealer_hands, hit, True)


def test_evidence_adds_a_round_and_joins_days():
    first = Evidence().after(departure(1, 100, True)).after(stay(2, 100, True))
    second = Evidence().after(departure(5, 100, False))
    joined = first.joined(second)
    assert (joined.rounds, joined.departures, joined.did_better) == (3, 2, 1)
    whole = first.after(departure(5, 100, False))
    assert joined.logs == pytest.approx(whole.logs)
    assert Evidence().value == 1.0
    assert first.value == pytest.approx(sum(exp(x) for x in first.logs) / len(STAKES))


def test_the_thresholds_share_one_in_ten_thousand_a_player_day():
    assert pytest.approx(1e-4) == 1 / SEAT_THRESHOLD
    assert pytest.approx(1e-4) == 1 / DAY_THRESHOLD + MONTH_DAYS / MONTH_THRESHOLD


def test_an_honest_player_s_evidence_reaches_t_at_most_one_time_in_t():
    """Ville's inequality where a simulation can see it: 3,000 honest
    player-days of 150 rounds at chances like the game's, each day's
    evidence followed round by round; the share that ever reached 20 is
    at most 1/20 (seen: 64, about 1 in 47)."""
    rng = random.Random(43)
    bets = {
        (hands, hit): round_logs(stay(100 - hands, 100, hit))
        for hands in (1, 3, 12, 60, 97, 99)
        for hit in (True, False)
    }
    reached = 0
    for _ in range(3_000):
        logs = [0.0] * len(STAKES)
        for _ in range(150):
            hands = rng.choice((1, 3, 12, 60, 97, 99))
            step = bets[hands, rng.random() < hands / 100]
            logs = [a + b for a, b in zip(logs, step, strict=True)]
            if Evidence(tuple(logs)).value >= 20:
                reached += 1
                break
    assert reached <= 3_000 / 20
    assert reached > 0  # the bound is near, not vacuous
