"""Rounding once: halves to even, comps down, and the apportionment that
keeps the rounded parts adding up to the actual win, which is each part's
own rounding whenever that adds up already."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.players.rated.rounding import apportion, down, half_even
from service.players.rated.slip import comps_earned

fractions = st.fractions(min_value=-(10**9), max_value=10**9, max_denominator=10**6)


def test_halves_go_to_the_even_neighbour():
    assert [half_even(Fraction(n, 2)) for n in range(-5, 6)] == [-2, -2, -2, -1, 0, 0, 0, 1, 2, 2, 2]
    assert half_even(Fraction(7, 3)) == 2
    assert half_even(Fraction(-8, 3)) == -3
    assert down(Fraction(-1, 3)) == -1
    assert down(Fraction(5, 3)) == 1


@given(fractions)
def test_half_even_is_the_nearest_and_breaks_ties_to_even(value):
    rounded = half_even(value)
    assert abs(rounded - value) <= Fraction(1, 2)
    if abs(rounded - value) == Fraction(1, 2):
        assert rounded % 2 == 0


def test_the_parts_by_hand():
    # 0.5 + 0.5 + 0: each rounds to 0, but the three must make 1: the
    # first half goes up (both floors even: the parts' order decides).
    assert apportion([Fraction(1, 2), Fraction(1, 2), Fraction(0)], 1) == (1, 0, 0)
    # 1.5 + 2.5 + 0: halves to even give 2 + 2 = 4, which adds up: kept.
    assert apportion([Fraction(3, 2), Fraction(5, 2), Fraction(0)], 4) == (2, 2, 0)
    # 0.5 + 1.5 + 0 to 1: one half down; the odd floor's goes up (to 2).
    assert apportion([Fraction(1, 2), Fraction(3, 2), Fraction(0)], 1) == (0, 1, 0)
    assert apportion([Fraction(1, 2), Fraction(3, 2), Fraction(0)], 2) == (0, 2, 0)
    # The largest remainder first: 0.4 + 0.3 + 0.3 to 1.
    assert apportion([Fraction(2, 5), Fraction(3, 10), Fraction(3, 10)], 1) == (1, 0, 0)
    assert apportion([Fraction(-7, 10), Fraction(-3, 10), Fraction(0)], -1) == (-1, 0, 0)


def test_a_total_out_of_reach_is_refused():
    with pytest.raises(ArithmeticError):
        apportion([Fraction(1, 2), Fraction(0), Fraction(0)], 2)
    with pytest.raises(ArithmeticError):
        apportion([Fraction(1, 2), Fraction(1, 2)], -1)


@st.composite
def parts_and_totals(draw: st.DrawFn) -> tuple[list[Fraction], int]:
    parts = draw(st.lists(fractions, min_size=1, max_size=4))
    floors, ceilings = sum(math.floor(p) for p in parts), sum(math.ceil(p) for p in parts)
    return parts, draw(st.integers(floors, ceilings))


@given(parts_and_totals())
def test_apportioned_parts_add_up_and_stay_next_to_their_value(drawn):
    parts, total = drawn
    shared = apportion(parts, total)
    assert sum(shared) == total
    assert all(math.floor(p) <= s <= math.ceil(p) for p, s in zip(parts, shared, strict=True))


@given(st.lists(fractions, min_size=1, max_size=4))
def test_when_rounding_each_part_adds_up_that_is_the_answer(parts):
    each = [half_even(p) for p in parts]
    assert apportion(parts, sum(each)) == tuple(each)


@given(parts_and_totals())
def test_one_more_in_the_total_never_takes_a_part_down(drawn):
    parts, total = drawn
    if total < sum(math.ceil(p) for p in parts):
        smaller, larger = apportion(parts, total), apportion(parts, total + 1)
        assert all(b >= a for a, b in zip(smaller, larger, strict=True))
        assert sum(b - a for a, b in zip(smaller, larger, strict=True)) == 1


@given(fractions, st.fractions(min_value=0, max_value=100, max_denominator=100))
def test_comps_are_the_rate_rounded_down_never_more_never_negative(theoretical, rate):
    comps = comps_earned(theoretical, rate)
    share = theoretical * rate / 100
    assert comps >= 0
    if share >= 0:
        assert comps <= share < comps + 1
    else:
        assert comps == 0


def test_comps_by_hand():
    assert comps_earned(Fraction(12_345, 2)) == 1234  # 20 % of 61.725 is 12.345: 12.34
    assert comps_earned(Fraction(100)) == 20
    assert comps_earned(Fraction(99)) == 19  # 19.8 rounds down
    assert comps_earned(Fraction(-50)) == 0
    assert comps_earned(Fraction(1000), Fraction(25, 2)) == 125
    with pytest.raises(ValueError, match="comp rate"):
        comps_earned(Fraction(1), Fraction(101))
