"""The chi-square test of card positions, pure: the survival function
against the tables, the position groups and their degrees of freedom,
the test's size on a fair shuffler over 200 simulated days (and why the
permutation's factor 52/53 is needed), and a fixed joker flagged."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from service.protection.chi_square import (
    LEAST_EXPECTED,
    POSITIONS,
    position_groups,
    positions_test,
    survival,
)

JOKER = POSITIONS - 1  # the joker's row in a table of our own cards 0..52


@pytest.mark.parametrize(
    ("df", "x", "p"),
    [
        (1, 3.841, 0.05),
        (1, 6.635, 0.01),
        (2, 5.991, 0.05),
        (10, 18.307, 0.05),
        (10, 23.209, 0.01),
        (30, 43.773, 0.05),
        (100, 124.342, 0.05),
        (100, 135.807, 0.01),
        (1000, 1074.679, 0.05),
        (1000, 1106.969, 0.01),
    ],
)
def test_the_survival_function_gives_the_tables_values(df, x, p):
    assert survival(x, df) == pytest.approx(p, abs=2e-4)


def wilson_hilferty(x: float, df: int) -> float:
    """The cube-root normal approximation: within 1e-4 at hundreds of df."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize("df", [520, 1352, 2704])
@pytest.mark.parametrize("sds", [-2.0, 0.0, 1.645, 3.0, 5.0])
def test_the_survival_function_at_large_degrees_of_freedom(df, sds):
    x = df + sds * math.sqrt(2 * df)
    assert survival(x, df) == pytest.approx(wilson_hilferty(x, df), abs=1e-4)


def test_the_survival_function_at_its_edges():
    assert survival(0, 5) == 1.0
    assert survival(7.0, 2) == pytest.approx(math.exp(-3.5), rel=1e-12)  # two degrees: e^(-x/2)
    assert 0 < survival(5000, 2704) < 1e-100
    assert survival(1e-9, 2704) == 1.0
    with pytest.raises(ValueError, match="degrees of freedom"):
        survival(1.0, 0)


@pytest.mark.parametrize("decks", range(1, 400))
def test_the_groups_are_as_many_as_keep_every_expected_count_at_least_five(decks):
    groups = position_groups(decks)
    assert sum(groups) == POSITIONS
    assert max(groups) - min(groups) <= 1
    if decks < 11:
        assert groups == (POSITIONS,)  # not even two groups: no test
        assert positions_test([[0] * POSITIONS] * POSITIONS, decks) is None
        return
    assert all(Fraction(decks * size, POSITIONS) >= LEAST_EXPECTED for size in groups)
    if len(groups) < POSITIONS:  # one group more would expect fewer than five somewhere
        assert Fraction(decks * (POSITIONS // (len(groups) + 1)), POSITIONS) < LEAST_EXPECTED


def counts_of(decks: list[list[int]]) -> list[list[int]]:
    table = [[0] * POSITIONS for _ in range(POSITIONS)]
    for deck in decks:
        for position, card in enumerate(deck):
            table[card][position] += 1
    return table


def fair_decks(rng: random.Random, count: int) -> list[list[int]]:
    decks = []
    for _ in range(count):
        deck = list(range(POSITIONS))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def test_the_degrees_of_freedom_are_52_per_group_but_one():
    for decks, groups in ((11, 2), (100, 17), (265, 53)):
        found = positions_test(counts_of(fair_decks(random.Random(decks), decks)), decks)
        assert found is not None
        assert (len(found.groups), found.df) == (groups, 52 * (groups - 1))
        assert found.statistic == found.pearson * Fraction(52, 53)


def test_a_fair_shuffler_is_flagged_on_about_one_day_in_twenty():
    # 200 gaming days of a fair shuffler, 40 to 400 decks a day (2 to 53
    # groups): the share flagged is the test's size, 5 %, within the
    # binomial's spread (sd 1.5 %); and the p-values spread evenly.
    rng = random.Random(20261207)
    tests = [positions_test(counts_of(fair_decks(rng, n)), n) for n in rng.choices(range(40, 401), k=200)]
    ps = [found.p for found in tests if found is not None]
    assert len(ps) == 200
    flagged = sum(p < 0.05 for p in ps)
    assert 3 <= flagged <= 18, flagged
    assert 70 <= sum(p < 0.5 for p in ps) <= 130
    assert 20 <= sum(p < 0.2 for p in ps) <= 60


def test_without_the_permutations_factor_a_fair_shuffler_fails_too_often():
    # Pearson's X² read as it is: its mean is 53/52 of the degrees of
    # freedom, and at 53 groups a fair shuffler fails about one day in six.
    rng = random.Random(7)
    tests = [positions_test(counts_of(fair_decks(rng, 300)), 300) for _ in range(100)]
    plain = sum(survival(float(found.pearson), found.df) < 0.05 for found in tests if found is not None)
    scaled = sum(found.flagged for found in tests if found is not None)
    assert plain >= 9, plain
    assert scaled < plain, (plain, scaled)
    mean = sum(float(found.pearson) for found in tests if found is not None) / len(tests)
    assert mean == pytest.approx(53 * 52, rel=0.01)  # 53(G − 1), not 52(G − 1)


def test_a_shuffler_that_leaves_the_joker_in_one_place_is_flagged():
    rng = random.Random(11)
    decks = []
    for deck in fair_decks(rng, 60):
        deck.remove(JOKER)
        decks.append([JOKER, *deck])  # the joker always comes first
    found = positions_test(counts_of(decks), 60)
    assert found is not None
    assert found.flagged
    assert found.p < 1e-6
