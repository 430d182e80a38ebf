"""A rating slip's figures besides the parts: time played with pauses,
pace, average bet and the chips check, by the rule book's definitions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.players.rated.inputs import DEALER_HANDS, Edges, HandValues, PerBet, RatedRound
from service.players.rated.parts import Parts, round_parts
from service.players.rated.rating_slip import BuyIns, rating_slip
from service.players.rated.slip import Pause, average_bet, chips_check, pace, pace_shown, time_played
from service.players.rated.spread import CardSpread

START = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
N = DEALER_HANDS
TENTH = N // 10


def at(minutes: float) -> datetime:
    return START + timedelta(minutes=minutes)


def test_time_played_takes_the_pauses_out():
    pauses = [Pause(at(30), at(45)), Pause(at(70), at(80))]
    assert time_played(START, at(120), pauses) == (120 - 15 - 10) * 60
    assert time_played(START, at(120), []) == 7200


def test_a_pause_open_at_seat_out_lasts_until_it():
    assert time_played(START, at(60), [Pause(at(20), at(25)), Pause(at(50))]) == 45 * 60


def test_whole_seconds_rounded_down():
    assert time_played(START, START + timedelta(seconds=59, microseconds=999_999), []) == 59
    pause = Pause(START + timedelta(seconds=1, microseconds=500_000), START + timedelta(seconds=3))
    assert time_played(START, START + timedelta(seconds=10), [pause]) == 8  # 8.5 s played


@pytest.mark.parametrize(
    ("seat_out", "pauses", "message"),
    [
        (at(-1), [], "seat-out before seat-in"),
        (at(60), [Pause(at(10)), Pause(at(20), at(30))], "not resumed"),
        (at(60), [Pause(at(20), at(30)), Pause(at(25), at(35))], "in order"),
        (at(60), [Pause(at(-5), at(5))], "in order"),
        (at(60), [Pause(at(50), at(70))], "in order"),
        (at(60), [Pause(at(30), at(20))], "in order"),
    ],
)
def test_pauses_that_cannot_be_are_refused(seat_out, pauses, message):
    with pytest.raises(ValueError, match=message):
        time_played(START, seat_out, pauses)


@given(st.lists(st.integers(0, 10_000), max_size=8).map(sorted), st.integers(0, 10_000))
def test_played_and_paused_make_the_whole(instants, extra):
    # Pairs of instants (seconds after seat-in) are the pauses.
    pairs = list(zip(instants[::2], instants[1::2], strict=False))
    seat_out = (instants[-1] if instants else 0) + extra
    pauses = [Pause(START + timedelta(seconds=a), START + timedelta(seconds=b)) for a, b in pairs]
    paused = sum(b - a for a, b in pairs)
    assert time_played(START, START + timedelta(seconds=seat_out), pauses) == seat_out - paused


def test_pace_and_average_bet():
    assert pace(90, 5400) == 60
    assert pace(10, 0) is None
    assert pace(7, 3600 * 2) == Fraction(7, 2)
    assert pace_shown(7, 7200) == 4
    assert pace_shown(5, 7200) == 2
    assert average_bet(2500, 2) == 1250
    assert average_bet(2501, 2) == 1250
    assert average_bet(2503, 2) == 1252
    assert average_bet(1000, 3) == 333
    assert average_bet(1000, 0) is None


def test_the_chips_check():
    # Bought 500.00 cash and brought 200.00; won 150.00 over the rating.
    assert chips_check(85_000, 50_000, 20_000, 15_000) == 0
    assert chips_check(80_000, 50_000, 20_000, 15_000) == -5_000  # a walk mis-estimated
    assert chips_check(95_000, 50_000, 20_000, 15_000) == 10_000  # an unrecorded buy-in


def test_a_rating_slip_by_hand():
    values = HandValues(
        main_played=-TENTH,
        main_house_way=-TENTH,
        main_played_square=5 * TENTH,
        dealer_break_bonus=-8 * TENTH,
        dealer_break_bonus_square=10 * TENTH,
        break_bonus=-N,
        main_dealer_break_bonus=-TENTH,
    )
    edges = Edges(Fraction(3, 100), Fraction(1, 20), Fraction(7, 100))
    spread = CardSpread(*(Fraction(0),) * 6)
    rounds = [
        RatedRound(PerBet(1000), PerBet(1000), values, edges, spread),
        RatedRound(PerBet(1000, 100), PerBet(-1000, -100), values, edges, spread),
        RatedRound(PerBet(2000, 0, 100), PerBet(0, 0, -100), values, edges, spread),
    ]
    parts = sum((round_parts(each) for each in rounds), Parts())
    seconds = time_played(START, at(10), [Pause(at(4), at(5))])
    slip = rating_slip(parts, seconds, BuyIns(cash=5000, chips_brought=1000, taken_away=5800))
    assert slip.seconds_played == 540
    assert slip.rated_rounds == 3
    assert slip.pace == 20  # 3 rounds in 9 minutes
    assert slip.handle == PerBet(4000, 100, 100)
    assert slip.average_bet == 1400  # 4200 / 3
    # Theoretical: 4000 × 3 % + 100 × 5 % + 100 × 7 % = 120 + 5 + 7.
    assert slip.figures.theoretical == 132
    assert slip.figures.actual == 200  # nets +1000, −1100, −100: the house won 200
    shown = slip.figures
    assert shown.theoretical + shown.decisions + shown.player_cards + shown.dealer_cards == 200
    assert slip.comps == 26  # 20 % of 132 is 26.4
    assert slip.chips_check == 5800 - (5000 + 1000 - 200)
    open_slip = rating_slip(parts, seconds, BuyIns(cash=5000))
    assert open_slip.chips_check is None
