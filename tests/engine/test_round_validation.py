"""Round validation: every malformed round is refused with a stable code and a
message naming the card, seat or field; nothing malformed is ever settled."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine.cards import DECK, codes
from service.engine.errors import RulesError
from service.engine.round import Bets, Round, SeatEntry, validate_round
from service.engine.round_json import round_from_json, round_id_of
from service.engine.table_config import DEFAULT_CONFIG
from service.rounds.batch_settle import settle_object
from service.rounds.samples import random_round


def valid_round(seats: int = 3, seed: int = 7) -> dict:
    return random_round(random.Random(seed), "r1", seats=seats)


def error_of(data: object) -> dict:
    result = settle_object(data)
    assert "error" in result, result
    return result["error"]


def unused_card(data: dict) -> str:
    used = set(data["dealer"]) | {c for seat in data["seats"] for c in seat["cards"]}
    return next(card.code for card in DECK if card.code not in used)


def test_a_valid_round_settles():
    assert "error" not in settle_object(valid_round())


# Each mutation breaks one rule of a valid round: (name, change, code, text in the message).
def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


MUTATIONS = [
    ("not an object", lambda d: d.clear() or d.update({"x": 1}), "unknown_field", "x is not a known field"),
    ("no seats", _set(["seats"], []), "no_seats", "at least one seat"),
    ("seats not a list", _set(["seats"], {"1": {}}), "invalid_field", "seats must be a list"),
    (
        "seven seats",
        lambda d: d["seats"].extend(copy.deepcopy(d["seats"][:1]) * 4),
        "too_many_seats",
        "table has 6",
    ),
    ("seat 0", _set(["seats", 1, "seat"], 0), "invalid_seat", "seat 0 does not exist"),
    ("seat 7", _set(["seats", 1, "seat"], 7), "invalid_seat", "seat 7 does not exist"),
    ("seat as text", _set(["seats", 1, "seat"], "2"), "invalid_field", "seats[1].seat"),
    ("seat twice", _set(["seats", 1, "seat"], 1), "duplicate_seat", "seat 1 appears twice"),
    ("dealer short", lambda d: d["dealer"].pop(), "wrong_card_count", "dealer has 6 cards"),
    (
        "seat long",
        lambda d: d["seats"][2]["cards"].append(unused_card(d)),
        "wrong_card_count",
        "seat 3 has 8 cards",
    ),
    (
        "card shared",
        lambda d: d["seats"][1]["cards"].__setitem__(0, d["dealer"][3]),
        "duplicate_card",
        "dealer and seat 2",
    ),
    (
        "card twice in a hand",
        lambda d: d["seats"][0]["cards"].__setitem__(1, d["seats"][0]["cards"][0]),
        "duplicate_card",
        "twice in seat 1",
    ),
    (
        "bad card",
        lambda d: d["seats"][2]["cards"].__setitem__(4, "Zz"),
        "invalid_card",
        "seat 3: 'Zz' is not a card",
    ),
    ("card not text", lambda d: d["dealer"].__setitem__(0, 12), "invalid_card", "dealer: 12 is not a card"),
    (
        "setting from another hand",
        lambda d: d["seats"][0].__setitem__(
            "setting", {"low": d["seats"][1]["cards"][:2], "high": d["seats"][0]["cards"][:3]}
        ),
        "card_not_in_hand",
        "not one of seat 1's cards",
    ),
    (
        "setting uses a card twice",
        lambda d: d["seats"][0].__setitem__(
            "setting", {"low": d["seats"][0]["cards"][:2], "high": d["seats"][0]["cards"][1:4]}
        ),
        "invalid_setting",
        "twice",
    ),
    (
        "setting of 3 + 2",
        lambda d: d["seats"][0].__setitem__(
            "setting", {"low": d["seats"][0]["cards"][:3], "high": d["seats"][0]["cards"][3:5]}
        ),
        "invalid_setting",
        "2 cards low and 3 cards high",
    ),
    (
        "setting unknown word",
        _set(["seats", 0, "setting"], "dealer_way"),
        "invalid_setting",
        "seat 1: setting must be",
    ),
    ("setting missing", _delete(["seats", 0, "setting"]), "missing_field", "seats[0].setting is required"),
    ("main missing", _delete(["seats", 0, "bets", "main"]), "missing_field", "bets.main is required"),
    (
        "main zero",
        _set(["seats", 0, "bets", "main"], 0),
        "main_bet_required",
        "seat 1: every seat must place a Main Bet",
    ),
    ("main negative", _set(["seats", 0, "bets", "main"], -500), "invalid_bet", "bets.main"),
    ("main fractional", _set(["seats", 0, "bets", "main"], 1000.5), "invalid_bet", "bets.main"),
    ("main float", _set(["seats", 0, "bets", "main"], 1000.0), "invalid_bet", "bets.main"),
    ("main as text", _set(["seats", 0, "bets", "main"], "1000"), "invalid_bet", "bets.main"),
    ("main boolean", _set(["seats", 0, "bets", "main"], True), "invalid_bet", "bets.main"),
    (
        "main over",
        _set(["seats", 1, "bets", "main"], 100_001),
        "bet_above_maximum",
        "seat 2: main of 100001 is above the table maximum of 100000",
    ),
    (
        "main under",
        _set(["seats", 1, "bets", "main"], 499),
        "bet_below_minimum",
        "seat 2: main of 499 is below the table minimum of 500",
    ),
    (
        "side under",
        _set(["seats", 2, "bets", "break_bonus"], 99),
        "bet_below_minimum",
        "seat 3: break_bonus of 99",
    ),
    (
        "side over",
        _set(["seats", 2, "bets", "dealer_break_bonus"], 10_001),
        "bet_above_maximum",
        "dealer_break_bonus of 10001",
    ),
    (
        "bet misspelt",
        _set(["seats", 2, "bets", "dealer_brake_bonus"], 500),
        "unknown_field",
        "dealer_brake_bonus",
    ),
    ("seat key unknown", _set(["seats", 2, "chips"], 5), "unknown_field", "seats[2].chips"),
    ("round key unknown", _set(["table"], 5), "unknown_field", "table is not a known field"),
    ("round id missing", _delete(["round_id"]), "missing_field", "round_id is required"),
    ("round id empty", _set(["round_id"], ""), "invalid_field", "round_id must be"),
    # 777 and "777" would be two rounds that every report shows alike.
    ("round id a number", _set(["round_id"], 777), "invalid_field", 'not 777 (send it as "777")'),
    ("round id a boolean", _set(["round_id"], True), "invalid_field", "round_id must be a string"),
    ("dealer missing", _delete(["dealer"]), "missing_field", "dealer is required"),
    ("dealer not a list", _set(["dealer"], "As Kd"), "invalid_field", "dealer must be a list"),
    ("config bad", _set(["config"], {"seats": 9}), "invalid_config", "config.seats"),
    ("config fewer seats", _set(["config"], {"seats": 2}), "too_many_seats", "table has 2"),
]


@pytest.mark.parametrize(("name", "change", "code", "text"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_each_broken_rule_is_refused_and_named(name, change, code, text):
    data = valid_round()
    change(data)
    error = error_of(data)
    assert error["code"] == code
    assert text in error["message"]


@given(st.sampled_from(MUTATIONS), st.integers(1, 6), st.integers(0, 10**6))
def test_any_round_with_a_broken_rule_is_refused(mutation, seats, seed):
    _name, change, code, _ = mutation
    data = valid_round(seats=max(seats, 3), seed=seed)
    change(data)
    assert error_of(data)["code"] == code


@pytest.mark.parametrize(
    "junk", [None, 5, "round", [], [1, 2], {"round_id": []}, {"round_id": "r", "dealer": {}, "seats": []}]
)
def test_junk_is_an_error_not_an_exception(junk):
    assert error_of(junk)["code"] in {"invalid_field", "missing_field"}


def test_error_lines_keep_the_field_the_engine_names():
    data = valid_round()
    data["seats"][1]["seat"] = 9
    assert error_of(data) == {
        "code": "invalid_seat",
        "message": "seat 9 does not exist at this table (seats 1-6)",
        "field": "seats[1].seat",
    }


def test_a_one_seat_table_says_it_has_only_seat_1():
    data = valid_round(seats=1)
    data["seats"][0]["seat"] = 2
    data["config"] = {"seats": 1}
    message = error_of(data)["message"]
    assert message == "seat 2 does not exist at this table (it has only seat 1)"


def test_error_lines_echo_a_valid_round_id_only():
    data = valid_round()
    data["seats"] = []
    assert settle_object(data)["round_id"] == "r1"
    assert settle_object({"round_id": ["x"]})["round_id"] is None


def test_a_number_round_id_is_refused_naming_the_field():
    data = valid_round()
    data["round_id"] = 777
    with pytest.raises(RulesError) as caught:
        round_from_json(data)
    assert (caught.value.code, caught.value.field) == ("invalid_field", "round_id")
    # A round stored before ids had to be strings is read back as it was.
    assert round_from_json(data, legacy_number_id=True).round_id == 777
    assert round_id_of(data) is None  # an error line echoes no invalid id


def test_validate_round_works_on_typed_rounds_too():
    cards = list(DECK)
    seat = SeatEntry(1, tuple(cards[7:14]), None, Bets(main=500, break_bonus=50))
    with pytest.raises(RulesError) as caught:
        validate_round(Round("r", tuple(cards[:7]), (seat,)), DEFAULT_CONFIG)
    assert caught.value.code == "bet_below_minimum"
    assert caught.value.field == "seats[0].bets.break_bonus"
    assert codes(cards[:2]) == ["JK", "As"]
