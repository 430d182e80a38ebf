"""The hold statistics: the interval around the theoretical win."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.reports.hold import (
    Interval,
    Stakes,
    Theory,
    VersionTheory,
    check_confidence,
    hold,
    round_half_away,
    z_value,
)
from tests.par_sheets import default_sheet

edges = st.fractions(min_value=Fraction(-1, 2), max_value=Fraction(1, 2), max_denominator=10**6)
variances = st.fractions(min_value=Fraction(1, 100), max_value=Fraction(50), max_denominator=10**6)
stake_lists = st.lists(st.integers(min_value=1, max_value=100_000), min_size=1, max_size=30)
confidences = st.floats(min_value=0.5, max_value=0.9999, exclude_min=True)


@st.composite
def parts(draw):
    """One to three configuration versions, each with its bets' stakes."""
    found = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        stakes = draw(stake_lists)
        version = VersionTheory(draw(edges), draw(variances))
        found.append((version, Stakes(sum(stakes), float(sum(s * s for s in stakes)))))
    return found


@given(parts(), confidences)
def test_the_interval_contains_the_theoretical_win(found, confidence):
    theory = Theory.of(found)
    interval = theory.win_interval(confidence)
    assert interval.contains(float(theory.expected_win))
    assert (
        not theory.is_variance(round(float(theory.expected_win)), confidence) or theory.standard_deviation < 1
    )
    low, high = interval.whole_units()
    assert low - 1 < interval.low <= low <= high + 1
    assert high <= interval.high < high + 1


@given(parts(), confidences, confidences)
def test_the_interval_widens_with_confidence(found, first, second):
    lower, higher = sorted((first, second))
    theory = Theory.of(found)
    narrow, wide = theory.win_interval(lower), theory.win_interval(higher)
    assert wide.low <= narrow.low <= narrow.high <= wide.high
    if higher > lower:
        assert wide.high - wide.low > narrow.high - narrow.low


@given(parts(), confidences, st.integers(min_value=2, max_value=1000))
def test_the_interval_scales_with_the_stakes(found, confidence, factor):
    theory = Theory.of(found)
    scaled = Theory.of(
        (version, Stakes(stakes.handle * factor, stakes.stake_squares * factor**2))
        for version, stakes in found
    )
    assert scaled.expected_win == theory.expected_win * factor
    assert scaled.standard_deviation == pytest.approx(theory.standard_deviation * factor, rel=1e-12)
    one, many = theory.win_interval(confidence), scaled.win_interval(confidence)
    assert many.low == pytest.approx(one.low * factor, rel=1e-9, abs=1e-6)
    assert many.high == pytest.approx(one.high * factor, rel=1e-9, abs=1e-6)
    handle = sum(stakes.handle for _, stakes in found)
    # As a hold, the same interval: the stake size does not move it.
    assert many.per(handle * factor).low == pytest.approx(one.per(handle).low, rel=1e-9, abs=1e-12)


@given(st.integers(min_value=1, max_value=10_000), st.integers(min_value=1, max_value=100_000))
def test_more_bets_of_one_size_narrow_the_hold_interval(count, stake):
    version = VersionTheory(Fraction(1, 50), Fraction(1))
    few = Theory.of([(version, Stakes(stake, float(stake) ** 2))]).win_interval(0.95).per(stake)
    many = Theory.of([(version, Stakes(count * stake, float(count * stake * stake)))])
    width = many.win_interval(0.95).per(count * stake)
    # The hold's spread falls with the square root of the number of bets.
    assert width.high - width.low == pytest.approx((few.high - few.low) / math.sqrt(count), rel=1e-9)


def test_the_theory_of_the_default_main_bet():
    main = default_sheet().main
    theory = Theory.of(
        [(VersionTheory(main.house_edge, main.variance), Stakes(2_000_000, 20 * 100_000.0**2))]
    )
    assert theory.rounded_win == 31_458  # 0.015729119946836... × 2,000,000
    assert theory.standard_deviation == pytest.approx(main.standard_deviation * math.sqrt(20) * 100_000)
    assert theory.win_interval(0.95).whole_units() == (-695_462, 758_378)
    assert theory.is_variance(-2_000_000, 0.95)
    assert not theory.is_variance(0, 0.95)


def test_an_empty_handle_has_no_hold_and_no_spread():
    theory = Theory.of([])
    assert (theory.expected_win, theory.standard_deviation) == (0, 0.0)
    assert theory.win_interval(0.95) == Interval(0.0, 0.0)
    assert not theory.is_variance(0, 0.95)
    assert hold(0, 0) is None
    assert hold(-1100, 700) == -1100 / 700


@pytest.mark.parametrize("confidence", [0.5, 0.49, 1.0, 0.99995, math.nan])
def test_confidence_outside_the_range_is_refused(confidence):
    with pytest.raises(ValueError, match="confidence"):
        check_confidence(confidence)
    with pytest.raises(ValueError, match="confidence"):
        z_value(confidence)


def test_z_values():
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.9999) == pytest.approx(3.890592, abs=1e-6)
    assert z_value(0.6) == pytest.approx(0.841621, abs=1e-6)


@given(st.fractions(max_denominator=1000))
def test_rounding_is_to_the_nearest_unit_halves_away_from_zero(value):
    rounded = round_half_away(value)
    assert abs(value - rounded) <= Fraction(1, 2)
    if abs(value - rounded) == Fraction(1, 2):
        assert abs(rounded) > abs(value)
    assert round_half_away(-value) == -rounded
