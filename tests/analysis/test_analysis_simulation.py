"""The simulation deals rounds through settle_round and must agree with the
exact par sheet, and must notice when it does not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.analysis.simulate import Estimate, simulate, wilson
from service.engine.table_config import TableConfig
from tests.par_sheets import default_sheet

ROUNDS = 40_000


def z_score(estimate: Estimate) -> float:
    half = (estimate.high - estimate.low) / 2
    centre = (estimate.high + estimate.low) / 2
    return abs(estimate.exact - centre) / (half / 1.96)


@pytest.fixture(scope="module")
def estimates():
    return simulate(default_sheet(), ROUNDS, seed=20261129)


def test_simulation_agrees_with_the_exact_sheet(estimates):
    names = {e.name for e in estimates}
    assert {"main.house_edge", "main.win", "main.loss", "main.push", "lucky_break_probability"} <= names
    assert {"dealer_break_bonus.house_edge", "break_bonus.house_edge"} <= names
    assert "dealer_qualifies_probability" in names
    # A correct settlement misses a 95% interval 1 time in 20, and a 4-sigma
    # band about once in 16,000.
    assert all(z_score(e) < 4 for e in estimates), [e for e in estimates if z_score(e) >= 4]
    assert sum(e.inside for e in estimates) >= 0.8 * len(estimates)


def test_simulation_is_repeatable_by_seed(estimates):
    assert simulate(default_sheet(), 2_000, seed=5) == simulate(default_sheet(), 2_000, seed=5)
    assert simulate(default_sheet(), 2_000, seed=5) != simulate(default_sheet(), 2_000, seed=6)


def test_simulation_catches_a_settlement_that_disagrees():
    # Settle under an ace-high qualifier but compare with the K-3-2 sheet.
    wrong = replace(default_sheet(), config=TableConfig.from_json({"dealer_qualifier": "A-3-2"}))
    by_name = {e.name: e for e in simulate(wrong, ROUNDS, seed=1)}
    for name in ("dealer_qualifies_probability", "main.dealer_does_not_qualify"):
        assert not by_name[name].inside
        assert z_score(by_name[name]) > 4


def test_wilson_interval_holds_the_share():
    share, low, high = wilson(30, 100)
    assert low < share == 0.3 < high
    assert wilson(100, 100)[2] == 1.0


def test_simulation_needs_two_rounds():
    with pytest.raises(ValueError, match="at least 2"):
        simulate(default_sheet(), 1, seed=1)
