"""``breakpoker advise``: every legal setting of seven cards with its
expected value, the best and the house way marked, the house way's cost
and the side bets; from the cached strategy table, computing a missing
block of it in-process."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from service.analysis.hand_advice import advise
from service.analysis.strategy_table import block_file, table_folder
from service.cli import main
from service.engine.cards import codes, parse_cards
from service.engine.qualifier import parse_qualifier
from service.engine.table_config import TableConfig
from tests.support.strategy import block_number, strategy_blocks

RULE_BOOK = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]  # 7-7 / Q-K-A by the house way: the best too
COSTLY = ["JK", "Ks", "Qd", "Jc", "5h", "4d", "3c"]  # the house way (A-K / 3-4-5) is not the best
A32 = parse_qualifier("A-3-2")


@pytest.fixture
def instance(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return tmp_path


@pytest.fixture
def built(instance):
    return strategy_blocks(instance, [RULE_BOOK, COSTLY])


def run(*args):
    return CliRunner().invoke(main, ["advise", *args])


def rows(output):
    """The settings' lines: marks, then low, high, plays as, EV, win, push, loss."""
    return [line for line in output.splitlines() if line[:2] in ("* ", " H", "*H", "  ") and "%" in line]


def test_the_settings_are_listed_best_first_with_the_best_and_the_house_way_marked(built):
    result = run(*COSTLY)
    assert result.exit_code == 0, result.output
    advice = advise(parse_cards(COSTLY), TableConfig(), built.parent.parent)
    listed = rows(result.output)
    assert len(listed) == len(advice.settings)
    values = [float(line.split()[-4]) for line in listed]
    assert values == sorted(values, reverse=True)
    assert listed[0].startswith("*  JK 5h   Ks Qd Jc   A-5 / J-Q-K (JK as A)")
    (house,) = [line for line in listed if line[1] == "H"]
    assert house.startswith(" H JK Ks   5h 4d 3c   A-K / 3-4-5 (JK as A)")
    assert f"{float(advice.house_way.expected_value):+.6f}" in house
    cost = advice.house_way_cost
    assert cost > 0
    assert f"House way cost      {float(cost):+.6f} ({cost})" in result.output
    assert (
        f"Best                JK 5h / Ks Qd Jc  EV {float(advice.best.expected_value):+.6f}" in result.output
    )
    assert f"Dealer Break Bonus  EV {float(advice.dealer_break_bonus):+.6f}" in result.output
    assert "Break Bonus         EV -1.000000 (-1; no category: the bet loses)" in result.output
    assert "computing" not in result.stderr


def test_the_house_way_s_order_and_the_rule_book_s_hand(built):
    result = run("--order", "house-way", *RULE_BOOK)
    assert result.exit_code == 0, result.output
    advice = advise(parse_cards(RULE_BOOK), TableConfig(), built.parent.parent)
    listed = rows(result.output)
    for line, entry in zip(listed, advice.settings, strict=True):
        assert line[3:].split()[:5] == [*codes(entry.setting.low), *codes(entry.setting.high)]
    (marked,) = [line for line in listed if line[0] == "*" or line[1] == "H"]
    assert marked.startswith("*H 7h 7c   JK Kd Qs   7-7 / Q-K-A (JK as A)")  # the best is the house way
    assert marked.endswith("Lucky Break")
    assert "House way cost      +0.000000 (0)" in result.output
    assert "(1; Lucky Break with Straight)" in result.output


def test_json_is_the_calculator_s_answer(built):
    result = run("--json", *COSTLY)
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    advice = advise(parse_cards(COSTLY), TableConfig(), built.parent.parent)
    assert (shown["config_version"], shown["foul_policy"], shown["qualifier"]) == (1, "house_way", "K-3-2")
    assert [Fraction(entry["expected_value_exact"]) for entry in shown["settings"]] == [
        entry.expected_value for entry in advice.settings
    ]
    assert (shown["best"]["low"], shown["best"]["high"]) == (["JK", "5h"], ["Ks", "Qd", "Jc"])
    assert Fraction(shown["house_way_cost"]["expected_value_exact"]) == advice.house_way_cost
    assert Fraction(shown["dealer_break_bonus"]["expected_value_exact"]) == advice.dealer_break_bonus
    assert shown["break_bonus"] == {
        "expected_value": -1.0,
        "expected_value_exact": "-1",
        "category": None,
        "category_name": None,
    }


def test_a_missing_block_is_computed_and_kept(instance, tmp_path):
    config = tmp_path / "rules.json"
    config.write_text(json.dumps({"dealer_qualifier": "A-3-2"}))
    kept = block_file(table_folder(A32, instance), block_number(RULE_BOOK))
    assert not kept.exists()
    result = run("--config", str(config), "--json", *RULE_BOOK)
    assert result.exit_code == 0, result.output
    assert "qualifier A-3-2 has no block" in result.stderr
    assert "computing it" in result.stderr
    assert kept.exists()
    shown = json.loads(result.stdout)
    advice = advise(parse_cards(RULE_BOOK), TableConfig(dealer_qualifier=A32), instance)
    assert shown["qualifier"] == "A-3-2"
    assert Fraction(shown["best"]["expected_value_exact"]) == advice.best.expected_value
    again = run("--config", str(config), *RULE_BOOK)
    assert again.exit_code == 0, again.output
    assert "computing" not in again.stderr  # kept: read from the table now


def test_a_table_s_rules_are_read_from_the_database(instance, built, tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    assert runner.invoke(main, ["users", "ensure-admin"]).exit_code == 0
    assert runner.invoke(main, ["tables", "create", "BP-1"]).exit_code == 0
    result = run("--table", "1", "--json", *RULE_BOOK)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["qualifier"] == "K-3-2"
    missing = run("--table", "7", *RULE_BOOK)
    assert missing.exit_code == 2
    assert "no table with id 7" in missing.output


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["JK", "Kd", "Qs", "Zz", "7h", "4d", "2c"], "card 4: 'Zz' is not a card"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d"], "a hand has 7 cards, not 6"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d", "KD"], "Kd appears twice in the hand"),
    ],
)
def test_bad_cards_are_a_usage_error_naming_the_card(instance, cards, message):
    result = run(*cards)
    assert result.exit_code == 2
    assert "Invalid value for CARDS" in result.output
    assert message in result.output
    assert "Traceback" not in result.output
