"""``breakpoker bench-protection`` on the reduced deck of the kernel's
brute-force check (fifteen cards: one seat beside the dealer, eight
dealer hands a seat), where the whole simulation takes seconds; the full
deck's figures are in docs/hidden-information.md."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from service.analysis.departure_bench import HONEST, arrays_of, deck_rows, play, run_bench
from service.analysis.departure_kernel import CHEAT, HOUSE_WAY
from service.analysis.departure_report import bench_text
from service.cli import main
from service.engine.qualifier import DEFAULT_QUALIFIER
from tests.analysis.test_strategy_reduced_deck import DECK_COUNTS


@pytest.fixture(scope="module")
def arrays():
    return arrays_of(deck_rows(DEFAULT_QUALIFIER, DECK_COUNTS), DEFAULT_QUALIFIER, DECK_COUNTS)


def test_the_deck_deals_every_card_once(arrays):
    assert len(arrays.deck) == 15
    assert arrays.dealer_hands == 8
    assert np.bincount(arrays.deck, minlength=14).tolist() == list(DECK_COUNTS)


def test_the_house_way_never_departs_and_a_cheater_departs_only_to_do_better(arrays):
    honest = play(arrays, HOUSE_WAY, 30, 200, 20_000, seed=1)
    assert honest.departures.sum() == 0
    cheater = play(arrays, CHEAT, 30, 200, 20_000, seed=1)
    assert cheater.departures.sum() > 0
    # Every round of a cheater bets on what happened (a stay where no
    # setting did better, a departure that did better): its evidence only
    # grows, and every day ends above where it began.
    assert (cheater.highest > 0).all()
    assert (honest.highest < cheater.highest).mean() > 0.9


def test_the_bench_meets_the_aims_on_the_small_deck(arrays):
    bench = run_bench(arrays, honest_days=120, cheater_days=60, rounds=300, seed=5)
    assert [line.strategy for line in bench.honest] == list(HONEST)
    assert all(line.alarms == 0 for line in bench.honest)
    every_hand = bench.cheaters[0]
    assert every_hand.strategy == "every hand"
    assert every_hand.flagged_within == 60
    assert bench.met
    text = bench_text(bench)
    assert "1 to a table" in text
    assert "flagged within 600 rounds: 60 (100.0%)" in text


def test_the_command_prints_the_figures_and_says_when_an_aim_is_missed(arrays, monkeypatch):
    monkeypatch.setattr("service.cli.protection_bench.load_arrays", lambda qualifier: arrays)
    runner = CliRunner()
    done = runner.invoke(
        main, ["bench-protection", "--honest-days", "60", "--cheater-days", "12", "--rounds", "200"]
    )
    assert done.exit_code == 0, done.output
    assert "false alarms 0" in done.output
    assert ": met" in done.output
    # A threshold an honest day reaches: the aim is missed and the exit says so.
    missed = runner.invoke(
        main, ["bench-protection", "--honest-days", "60", "--cheater-days", "12", "--threshold", "2"]
    )
    assert missed.exit_code == 1
    assert "NOT MET" in missed.output
    wrong = runner.invoke(main, ["bench-protection", "--qualifier", "Z-9"])
    assert wrong.exit_code == 2
    assert "--qualifier" in wrong.output
