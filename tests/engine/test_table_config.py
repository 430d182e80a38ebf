"""The table configuration value: rule book defaults, JSON, versions, errors."""

from __future__ import annotations

import dataclasses

import pytest

from service.engine.break_bonus import BreakBonusCategory
from service.engine.errors import RulesError
from service.engine.table_config import DEFAULT_CONFIG, BetLimit, BetType, FoulPolicy, TableConfig

RULE_BOOK_DEFAULTS = {
    "version": 1,
    "seats": 6,
    "limits": {"main": [500, 100000], "dealer_break_bonus": [100, 10000], "break_bonus": [100, 10000]},
    "foul_policy": "house_way",
    "break_bonus_pays": {
        "five_aces": 1000,
        "four_of_a_kind": 40,
        "two_trips": 40,
        "lucky_break_trips": 5,
        "lucky_break_straight": 1,
    },
    "dealer_qualifier": "K-3-2",
}


def test_defaults_are_the_rule_book_s():
    assert DEFAULT_CONFIG.to_json() == RULE_BOOK_DEFAULTS
    assert TableConfig.from_json({}) == DEFAULT_CONFIG


def test_json_round_trip():
    config = TableConfig.from_json(
        {"seats": 4, "foul_policy": "forfeit", "dealer_qualifier": "A-3-2", "limits": {"main": [1000, 50000]}}
    )
    assert config.seats == 4
    assert config.foul_policy is FoulPolicy.FORFEIT
    assert config.limit(BetType.MAIN) == BetLimit(1000, 50000)
    assert config.limit(BetType.BREAK_BONUS) == BetLimit(100, 10000)  # unnamed bet types keep theirs
    assert TableConfig.from_json(config.to_json()) == config


def test_a_change_is_a_new_version_and_the_old_one_is_untouched():
    pays = dict(RULE_BOOK_DEFAULTS["break_bonus_pays"], two_trips=30)
    changed = DEFAULT_CONFIG.next_version({"break_bonus_pays": pays})
    assert changed.version == 2
    assert changed.pays(BreakBonusCategory.TWO_TRIPS) == 30
    assert DEFAULT_CONFIG.pays(BreakBonusCategory.TWO_TRIPS) == 40


def test_digest_identifies_the_rules_not_the_version_number():
    same_rules = dataclasses.replace(DEFAULT_CONFIG, version=7)
    assert same_rules.digest == DEFAULT_CONFIG.digest
    assert same_rules != DEFAULT_CONFIG
    assert TableConfig.from_json({"foul_policy": "forfeit"}).digest != DEFAULT_CONFIG.digest
    assert len(DEFAULT_CONFIG.digest) == 64


def test_configuration_is_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_CONFIG.seats = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        DEFAULT_CONFIG.limits[BetType.MAIN] = BetLimit(1, 2)  # type: ignore[index]
    with pytest.raises(TypeError):
        DEFAULT_CONFIG.break_bonus_pays[BreakBonusCategory.FIVE_ACES] = 1  # type: ignore[index]


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ([], "config"),
        ({"seat": 6}, "config.seat"),
        ({"seats": 7}, "config.seats"),
        ({"seats": 0}, "config.seats"),
        ({"seats": "6"}, "config.seats"),
        ({"seats": True}, "config.seats"),
        ({"version": 0}, "config.version"),
        ({"foul_policy": "reset"}, "config.foul_policy"),
        ({"limits": {"main": [500]}}, "config.limits.main"),
        ({"limits": {"main": [600, 500]}}, "config.limits.main[1]"),
        ({"limits": {"main": [0, 500]}}, "config.limits.main[0]"),
        ({"limits": {"main": [1.5, 500]}}, "config.limits.main[0]"),
        ({"limits": {"side": [1, 5]}}, "config.limits.side"),
        ({"limits": [1, 2]}, "config.limits"),
        ({"break_bonus_pays": {"five_aces": 500}}, "missing four_of_a_kind, two_trips"),
        (
            {"break_bonus_pays": dict(RULE_BOOK_DEFAULTS["break_bonus_pays"], royal=5)},
            "config.break_bonus_pays.royal",
        ),
        ({"break_bonus_pays": dict(RULE_BOOK_DEFAULTS["break_bonus_pays"], two_trips=0)}, "two_trips"),
        ({"break_bonus_pays": dict(RULE_BOOK_DEFAULTS["break_bonus_pays"], two_trips=2.5)}, "two_trips"),
        ({"dealer_qualifier": "K-K-2"}, "dealer_qualifier"),
    ],
)
def test_bad_configuration_is_refused_naming_the_field(data, names):
    with pytest.raises(RulesError) as caught:
        TableConfig.from_json(data)
    assert caught.value.code == "invalid_config"
    assert names in caught.value.message


@pytest.mark.parametrize(
    ("pair", "shown"),
    [([500, 1000, 2000], "a list of 3 items"), ([500], "a list of 1 item"), ([], "an empty list")],
)
def test_a_limit_of_the_wrong_length_says_how_long_it_is(pair, shown):
    with pytest.raises(RulesError) as caught:
        TableConfig.from_json({"limits": {"main": pair}})
    assert caught.value.message == f"config.limits.main must be [minimum, maximum], not {shown}"
    assert caught.value.field == "config.limits.main"
