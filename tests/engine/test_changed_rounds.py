"""Valid rounds with one part changed: cards, bets at and over the limits,
settings, seats, the configuration; the part changed is known, and so is
the answer: a settlement that adds up or a RulesError with a documented
code and the field at fault."""

from __future__ import annotations

import json

from hypothesis import assume, given
from hypothesis import strategies as st

from service.engine.cards import parse_card
from service.engine.errors import RulesError
from service.engine.round_json import settlement_to_json
from service.engine.table_config import MAX_LIMIT, TableConfig
from tests.engine.fuzzing import CARD_CODES, SCALARS, settled_or_refused
from tests.settlement_checks import BETS, assert_nets_follow_stakes
from tests.strategies import rounds

# Structured: the one part changed is known, and so is the answer.


def limits_of(data: dict) -> dict[str, tuple[int, int]]:
    config = TableConfig.from_json(data.get("config", {}))
    return {bet: (config.limit(bet).minimum, config.limit(bet).maximum) for bet in BETS}


def stakes(low: int, high: int) -> list[object]:
    return [low - 1, low, low + 1, high - 1, high, high + 1, 0, -1, -low, 2**63, 10**30]


@given(rounds(), st.sampled_from(BETS), st.data())
def test_a_bet_at_or_over_a_limit(data, bet, draw):
    low, high = limits_of(data)[bet]
    stake = draw.draw(st.sampled_from([*stakes(low, high), True, 1.0 * low, str(low), None, [low]]))
    seat = draw.draw(st.sampled_from(data["seats"]))
    seat["bets"][bet] = stake
    result = settled_or_refused(data)
    index = data["seats"].index(seat)
    expected = expected_code(bet, stake, low, high)
    if expected is None:
        assert not isinstance(result, RulesError), result
        assert_nets_follow_stakes(settlement_to_json(result), data)
    else:
        assert isinstance(result, RulesError)
        assert (result.code, result.field) == (expected, f"seats[{index}].bets.{bet}")


def expected_code(bet: str, stake: object, low: int, high: int) -> str | None:
    if type(stake) is not int or stake < 0:
        return "invalid_bet"
    if stake == 0:
        return "main_bet_required" if bet == "main" else None
    if stake < low:
        return "bet_below_minimum"
    if stake > high:
        return "bet_above_maximum"
    return None


@given(rounds(), st.data())
def test_a_card_changed(data, draw):
    hands = [data["dealer"], *(seat["cards"] for seat in data["seats"])]
    hand = draw.draw(st.sampled_from(hands))
    index = draw.draw(st.integers(0, 6))
    original = hand[index]
    used = {code for cards in hands for code in cards}
    change = draw.draw(
        st.sampled_from(["alias", "duplicate", "unused", "junk", "missing", "extra"]).filter(
            lambda kind: kind != "unused" or len(used) < len(CARD_CODES)
        )
    )
    before = settlement_to_json(settled_or_refused(json.loads(json.dumps(data))))
    if change == "alias":
        hand[index] = ("10" + original[1] if original[0] == "T" else original).swapcase()
    elif change == "duplicate":
        hand[index] = draw.draw(st.sampled_from(sorted(used - {original})))
    elif change == "unused":
        hand[index] = draw.draw(st.sampled_from(sorted(set(CARD_CODES) - used)))
    elif change == "junk":
        junk = draw.draw(SCALARS)
        assume(not is_card(junk))
        hand[index] = junk
    elif change == "missing":
        del hand[index]
    else:
        hand.append(draw.draw(st.sampled_from(sorted(set(CARD_CODES) - used))))
    result = settled_or_refused(data)
    if change == "alias":
        assert settlement_to_json(result) == before  # 10h, th, TH: the same card
    elif change == "duplicate":
        assert result.code == "duplicate_card"
    elif change == "unused":
        # Another real card: a settlement, unless a setting named the old one.
        assert not isinstance(result, RulesError) or result.code == "card_not_in_hand"
    elif change == "junk":
        assert result.code == "invalid_card"
    else:
        assert result.code == "wrong_card_count"


def is_card(value: object) -> bool:
    try:
        parse_card(value)
    except RulesError:
        return False
    return True


SETTINGS = st.sampled_from(
    [
        "HOUSE_WAY",
        "",
        {},
        {"low": [], "high": []},
        {"low": ["As", "Ks"], "high": ["Qs", "Js"]},
        {"high": ["Qs", "Js", "Ts"]},
        {"low": ["As", "Ks"], "high": ["Qs", "Js", "Ts"], "middle": []},
    ]
)


@given(rounds(), st.data())
def test_a_setting_changed(data, draw):
    seat = draw.draw(st.sampled_from(data["seats"]))
    cards = seat["cards"]
    kind = draw.draw(st.sampled_from(["swapped", "repeated", "stranger", "shape"]))
    chosen = draw.draw(st.permutations(cards))
    if kind == "swapped":  # five of its own cards, three low and two high: the wrong shape
        seat["setting"] = {"low": chosen[:3], "high": chosen[3:5]}
    elif kind == "repeated":
        seat["setting"] = {"low": [chosen[0], chosen[1]], "high": [chosen[0], chosen[2], chosen[3]]}
    elif kind == "stranger":
        others = sorted(set(CARD_CODES) - set(cards))
        seat["setting"] = {"low": chosen[:2], "high": [*chosen[2:4], draw.draw(st.sampled_from(others))]}
    else:
        seat["setting"] = draw.draw(SETTINGS)
    result = settled_or_refused(data)
    assert isinstance(result, RulesError)
    expected = {
        "swapped": {"invalid_setting"},
        "repeated": {"invalid_setting"},
        "stranger": {"card_not_in_hand"},
        "shape": {"invalid_setting", "missing_field", "unknown_field", "invalid_card"},
    }[kind]
    assert result.code in expected, result.code


@given(rounds(), st.sampled_from([0, 7, -1, True, "1", 1.0, None]))
def test_a_seat_number_changed(data, number):
    data["seats"][0]["seat"] = number
    result = settled_or_refused(data)
    assert isinstance(result, RulesError)
    assert result.code in {"invalid_seat", "invalid_field"}
    assert result.field == "seats[0].seat"


@given(
    rounds(),
    st.sampled_from(
        [
            {"seats": 0},
            {"seats": 7},
            {"seats": True},
            {"limits": {"main": [500]}},
            {"limits": {"main": [1000, 500]}},
            {"limits": {"main": [1, MAX_LIMIT + 1]}},
            {"limits": {"side": [1, 2]}},
            {"foul_policy": "ignore"},
            {"dealer_qualifier": "K"},
            {"break_bonus_pays": {"five_aces": 10}},
            {"version": 0},
            {"house_edge": 0.05},
        ]
    ),
)
def test_a_configuration_the_rules_do_not_allow(data, change):
    data["config"] = {**data.get("config", {}), **change}
    result = settled_or_refused(data)
    assert isinstance(result, RulesError)
    assert result.code == "invalid_config"
    assert result.field.startswith("config")


@given(rounds(), st.integers(1, 6))
def test_fewer_seats_at_the_table_than_in_the_round(data, seats):
    data["config"] = {**data.get("config", {}), "seats": seats}
    result = settled_or_refused(data)
    numbers = [seat["seat"] for seat in data["seats"]]
    if len(numbers) > seats:
        assert result.code == "too_many_seats"
    elif max(numbers) > seats:
        assert result.code == "invalid_seat"
    else:
        assert not isinstance(result, RulesError)


@given(rounds(), st.sampled_from(BETS), st.integers(1, MAX_LIMIT), st.data())
def test_a_table_limit_changed_moves_what_is_refused(data, bet, low, draw):
    high = draw.draw(st.integers(low, MAX_LIMIT))
    data["config"] = {**data.get("config", {}), "limits": {bet: [low, high]}}
    result = settled_or_refused(data)
    # Seats are checked in order; only the changed bet type can be refused.
    refused = [
        (expected_code(bet, seat["bets"].get(bet, 0), low, high), f"seats[{index}].bets.{bet}")
        for index, seat in enumerate(data["seats"])
    ]
    first = next(((code, field) for code, field in refused if code), None)
    if first is None:
        assert not isinstance(result, RulesError), result
    else:
        assert isinstance(result, RulesError)
        assert (result.code, result.field) == first
