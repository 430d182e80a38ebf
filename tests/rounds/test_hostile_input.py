"""Findings of the adversarial review, each pinned: hostile input gives a
clean error line, never an exception, a crash of the batch or a wrong stake.
(Fuzzing with any JSON is in tests/engine/test_fuzzed_json.py.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from service.rounds.batch_settle import settle_line, settle_object
from tests.examples import EXAMPLE_ROUND


def example(**changes) -> dict:
    data = json.loads(json.dumps(EXAMPLE_ROUND))
    data.update(changes)
    return data


def error_of(data: object) -> dict:
    result = settle_object(data)
    assert "error" in result, result
    return result["error"]


def test_limits_and_pays_are_bounded_so_every_net_is_exact_in_json():
    huge = 18446744073709551615
    data = example(config={"limits": {"break_bonus": [1, huge]}})
    data["seats"][0]["bets"]["break_bonus"] = huge
    error = error_of(data)
    assert error["code"] == "invalid_config"
    assert (
        "config.limits.break_bonus[1] must be from 1 to 10000000000, not 18446744073709551615"
        in error["message"]
    )
    pays = {
        "five_aces": 10**6,
        "four_of_a_kind": 40,
        "two_trips": 40,
        "lucky_break_trips": 5,
        "lucky_break_straight": 1,
    }
    assert "break_bonus_pays.five_aces" in error_of(example(config={"break_bonus_pays": pays}))["message"]


def test_one_unwritable_result_never_loses_the_batch():
    good = json.dumps(EXAMPLE_ROUND).encode()
    bad = json.dumps(example(round_id=2**70)).encode()
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "settle"],
        input=b"\n".join([good, bad, good]),
        capture_output=True,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line.get("round_id") for line in lines] == ["r1", None, "r1"]
    assert lines[1]["error"]["code"] == "invalid_field"
    assert done.returncode == 1


@pytest.mark.parametrize("high", [["JK", "JK", "2d"], ["JK", "JK", "JK"], ["Ah", "Ah", "2d"]])
def test_a_card_twice_in_a_setting_is_refused(high):
    data = example()
    data["seats"][0]["setting"] = {"low": ["Ts", "Jh"], "high": high}
    error = error_of(data)
    assert error["code"] == "invalid_setting"
    assert f"seat 1's setting uses {high[1]} twice" in error["message"]


@pytest.mark.parametrize("where", ["bets.main", "cards", "setting", "round_id", "config.seats"])
def test_deep_nesting_is_refused_not_a_crash(where):
    deep: object = 0
    for _ in range(5000):
        deep = [deep]
    data = example()
    target, key = {
        "bets.main": (data["seats"][0]["bets"], "main"),
        "cards": (data["seats"][0]["cards"], 0),
        "setting": (data["seats"][0], "setting"),
        "round_id": (data, "round_id"),
        "config.seats": (data.setdefault("config", {}), "seats"),
    }[where]
    target[key] = deep
    assert "code" in error_of(data)


def test_card_spellings_outside_ascii_are_not_cards():
    data = example()
    data["seats"][0]["cards"][0] = "7\u017f"  # long s upper-cases to S
    assert error_of(data) == {
        "code": "invalid_card",
        "message": "seat 1: '7ſ' is not a card: ranks are 2-9, T (or 10), J, Q, K, A; "
        "suits s, h, d, c; the joker is JK",
        "field": "seats[0].cards",
    }


def test_repeated_keys_are_refused():
    line = json.dumps(EXAMPLE_ROUND).replace('"main": 1000', '"main": 100000, "main": 1000')
    result = settle_line(line, 4)
    assert result["error"]["code"] == "invalid_json"
    assert "line 4" in result["error"]["message"]
    assert "'main' appears twice" in result["error"]["message"]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_not_numbers(number):
    line = json.dumps(EXAMPLE_ROUND).replace('"main": 1000', f'"main": {number}')
    assert settle_line(line)["error"]["code"] == "invalid_json"


def test_long_values_are_not_echoed_whole():
    data = example(round_id="x" * 5000)
    message = error_of(data)["message"]
    assert len(message) < 200
    data = example()
    data["seats"][0]["cards"][0] = "Z" * 10_000_000
    assert len(error_of(data)["message"]) < 200


def test_messages_use_json_words_and_say_where_in_the_setting():
    data = example()
    data["seats"][0]["bets"]["main"] = None
    assert error_of(data)["message"].endswith("not null")
    data = example()
    data["seats"][0]["setting"]["high"][1] = "Zx"
    assert error_of(data)["message"].startswith("seat 1 setting high: 'Zx' is not a card")
    assert (
        error_of(example(config=None))["message"] == "config must be an object of table configuration fields"
    )
    assert error_of(example(config={"dealer_qualifier": "K"}))["message"].startswith(
        "config.dealer_qualifier 'K'"
    )


def test_python_objects_with_odd_keys_are_errors_too():
    assert error_of(example(config={1: 2, "a": 3}))["code"] == "invalid_config"
    pays = {1: 2, "five_aces": 3}
    assert error_of(example(config={"break_bonus_pays": pays}))["code"] == "invalid_config"
    data = example()
    data["seats"][0]["bets"] = {("main",): 5}
    assert error_of(data)["code"] == "unknown_field"


@pytest.mark.parametrize(("key", "shown"), [("", "''"), (" ", "' '"), ("a.b", "'a.b'")])
def test_a_key_that_is_no_name_is_quoted_in_the_error(key, shown):
    data = example()
    data["seats"][0]["bets"][key] = 100
    error = settle_object(data)["error"]
    assert error["code"] == "unknown_field"
    assert error["message"].startswith(f"seats[0].bets.{shown} is not a known field")
