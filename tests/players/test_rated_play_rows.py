"""A stored seat's values as the figures' inputs: the product moment as
stored, derived for an older row whose cards hold no Lucky Break, and
refused for one that does."""

from __future__ import annotations

import pytest

from service.players.rated.inputs import DEALER_HANDS
from service.players.rated_rows import StaleSeatValues, hand_values_of
from service.store.models import SeatExpectedValue

N = DEALER_HANDS
TENTH = N // 10


def row(moment: int | None, dealer: int, dealer_square: int) -> SeatExpectedValue:
    return SeatExpectedValue(
        seat_id=7,
        main_played=-TENTH,
        main_best=0,
        main_house_way=-TENTH,
        main_played_square=5 * TENTH,
        dealer_break_bonus=dealer,
        dealer_break_bonus_square=dealer_square,
        break_bonus=-N,
        main_dealer_break_bonus=moment,
    )


def test_the_stored_moment_is_taken():
    values = hand_values_of(row(12345, -8 * TENTH, N))
    assert values.main_dealer_break_bonus == 12345
    assert (values.main_played, values.main_house_way, values.break_bonus) == (-TENTH, -TENTH, -N)


def test_an_older_row_without_a_lucky_break_gets_it_derived():
    # Pays 1 on the dealer's 10 % of Lucky Breaks: E[X_d] = −0.8, E[X_d²] = 1.
    values = hand_values_of(row(None, -8 * TENTH, N))
    # Each dealer's Lucky Break beats the setting: −(−0.8 + 1) − (−0.1) = −0.1.
    assert values.main_dealer_break_bonus == -TENTH


def test_an_older_row_with_a_lucky_break_must_be_valued_again():
    # Pays 4 on 10 %: E[X_d] = 0.4 − 0.9 = −0.5, E[X_d²] = 1.6 + 0.9 = 2.5.
    with pytest.raises(StaleSeatValues, match="seat 7"):
        hand_values_of(row(None, -5 * TENTH, 25 * TENTH))
