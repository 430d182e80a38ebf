"""A seat's luck in integers (the luck job's fast path, issue 43) is the
same, exactly, as from its four parts as fractions: on random rated
rounds, with a par sheet's and a strategy table's kind of constants
(multiples of their units), and with others (the fractions' path)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from service.players.rated.inputs import RatedRound
from service.players.rated.spread import CardSpread
from service.protection import luck
from service.protection.luck import VARIANCE_UNIT, Luck, seat_luck, seat_luck_of_parts
from tests.players.rated_inputs import rated_rounds

covariance = st.integers(-(10**12), 10**12).map(lambda n: Fraction(n, VARIANCE_UNIT))
unit_spreads = st.builds(CardSpread, *([covariance] * 6))


@given(unit_spreads.flatmap(lambda spread: rated_rounds(spread=spread)))
def test_a_seats_luck_in_integers_is_its_parts_luck(played: RatedRound):
    assert luck._units(played.edges, played.spread) is not None  # the integers' path
    assert seat_luck(played) == seat_luck_of_parts(played)


def _outcome(figure: Callable[[RatedRound], Luck], played: RatedRound) -> Luck | type[Exception]:
    try:
        return figure(played)
    except ArithmeticError as error:  # a constant off its unit: no exact numerators
        return type(error)


@given(rated_rounds())
def test_constants_off_their_units_take_the_fractions_path(played: RatedRound):
    units = luck._units(played.edges, played.spread)
    assert _outcome(seat_luck, played) == _outcome(seat_luck_of_parts, played)
    spread = played.spread
    on_units = all(
        (value * VARIANCE_UNIT).denominator == 1
        for value in (
            spread.main,
            spread.dealer_break_bonus,
            spread.break_bonus,
            spread.main_dealer_break_bonus,
            spread.main_break_bonus,
            spread.dealer_break_bonus_break_bonus,
        )
    )
    assert (units is not None) == on_units  # the edges are always on theirs (rated_inputs.edges)


@given(rated_rounds())
def test_the_units_are_kept_by_the_constants_identity(played: RatedRound):
    first = luck._units(played.edges, played.spread)
    assert luck._KNOWN[(id(played.edges), id(played.spread))][2] is first
    assert luck._units(played.edges, played.spread) is first
