"""The ``settle`` input path fuzzed: any JSON in (values of every JSON type,
huge numbers, deep nesting, any text, repeated keys in raw JSON, a config
of anything), and out comes either a settlement that adds up or a
RulesError with a documented code and the field at fault. Never any other
exception. Then valid rounds with one part changed: cards, bets at and over
the limits, settings, seats, the configuration."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from service.engine.cards import DECK, parse_card
from service.engine.errors import RulesError
from service.engine.round_json import settlement_to_json
from service.engine.settlement import RoundSettlement
from service.engine.table_config import MAX_LIMIT, TableConfig
from service.rounds.batch_settle import parse_json, settle_data
from tests.settlement_checks import BETS, assert_nets_follow_stakes
from tests.strategies import rounds

# The list of docs/cli.md's `settle` (invalid_json is the parse step's, below).
CODES = frozenset(
    {
        "invalid_field",
        "missing_field",
        "unknown_field",
        "invalid_card",
        "wrong_card_count",
        "duplicate_card",
        "no_seats",
        "too_many_seats",
        "invalid_seat",
        "duplicate_seat",
        "invalid_setting",
        "card_not_in_hand",
        "invalid_bet",
        "main_bet_required",
        "bet_below_minimum",
        "bet_above_maximum",
        "invalid_config",
    }
)
EXACT = 2**53  # every net must be exact as a JSON number in any client

CARD_CODES = [card.code for card in DECK]
# The words of the input shape, so random objects reach deep into parsing.
KEYS = st.sampled_from(
    [
        "round_id",
        "dealer",
        "seats",
        "config",
        "seat",
        "cards",
        "setting",
        "bets",
        *BETS,
        "low",
        "high",
        "version",
        "limits",
        "foul_policy",
        "break_bonus_pays",
        "dealer_qualifier",
        "five_aces",
    ]
) | st.text(max_size=6)
NUMBERS = (
    st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.sampled_from([0, -1, 2**31, 2**53 + 1, 2**63, -(2**63) - 1, MAX_LIMIT + 1, 10**4000])
    | st.floats()  # NaN and the infinities too: the JSON text says NaN, which is refused
)
TEXT = st.text() | st.sampled_from(
    [*CARD_CODES, "10h", "th", "jk", "JOKER", "house_way", "\ud800", "7\u017f"]
)
SCALARS = st.none() | st.booleans() | NUMBERS | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=40,
)


def settled_or_refused(data: object) -> RoundSettlement | RulesError:
    """Settle ``data``; a RulesError is returned once checked, anything else raises."""
    try:
        settlement = settle_data(data)
    except RulesError as error:
        return checked(error)
    assert isinstance(data, dict)
    shown = settlement_to_json(settlement)
    assert_nets_follow_stakes(shown, data)
    nets = [seat[bet]["net"] for seat in shown["seats"] for bet in BETS]
    assert settlement.house_net == -sum(nets)
    assert all(abs(net) < EXACT for net in nets)
    json.dumps(shown)  # the result can always be written out
    return settlement


def checked(error: RulesError) -> RulesError:
    assert error.code in CODES, error.code
    assert isinstance(error.field, str), error
    assert error.field, error
    assert len(error.message) < 400  # hostile values are not echoed whole
    return error


def from_text(text: str | bytes) -> object:
    """The text settled as ``breakpoker settle`` and the API read it; None
    when it is not strict JSON (the invalid_json answer)."""
    try:
        data = parse_json(text)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, a repeated key, absurd nesting
        return None
    return settled_or_refused(data)


@given(JSON)
def test_any_json_value_settles_or_is_a_clean_error(value):
    settled_or_refused(value)
    from_text(json.dumps(value))


@given(st.text() | st.binary())
def test_any_text_settles_or_is_a_clean_error(text):
    from_text(text)


@given(rounds(), st.sampled_from(["round_id", "dealer", "seats", "config"]), JSON)
def test_any_json_in_a_top_level_field(data, key, value):
    data[key] = value
    settled_or_refused(data)


@given(rounds(), st.data())
def test_any_json_anywhere_in_a_round(data, draw):
    """One value anywhere in a valid round (a seat, its bets, its setting,
    a card, a config field) replaced by any JSON."""
    target, key = draw.draw(places(data))
    target[key] = draw.draw(JSON)
    result = settled_or_refused(data)
    from_text(json.dumps(data))
    if isinstance(result, RulesError):
        assert result.field  # names where


@st.composite
def places(draw, data):
    """A container in ``data`` and a key (or index) in it."""
    target = data
    while True:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        inner = target[key]
        if not isinstance(inner, dict | list) or not inner or draw(st.booleans()):
            return target, key
        target = inner
    return data, "round_id"


@given(rounds(), st.integers(1, 500), st.sampled_from(["list", "object"]), st.data())
def test_deep_nesting_is_a_clean_error(data, depth, kind, draw):
    deep: object = 1000
    for _ in range(depth):
        deep = [deep] if kind == "list" else {"main": deep}
    target, key = draw.draw(places(data))
    target[key] = deep
    settled_or_refused(data)
    from_text(json.dumps(data))


def repeated_key_text(value: object, where: list[int]) -> str:
    """JSON text of ``value`` with one object's first key written twice (the
    ``where``-th object met), as a careless or hostile client may send."""
    seen = [0]

    def write(item: object) -> str:
        if isinstance(item, dict):
            pairs = [f"{json.dumps(k)}: {write(v)}" for k, v in item.items()]
            if seen[0] == where[0] and pairs:
                pairs.append(f"{json.dumps(next(iter(item)))}: 0")
            seen[0] += 1
            return "{" + ", ".join(pairs) + "}"
        if isinstance(item, list):
            return "[" + ", ".join(write(v) for v in item) + "]"
        return json.dumps(item)

    return write(value)


@given(rounds(), st.integers(0, 30))
def test_a_key_given_twice_anywhere_is_refused(data, which):
    objects = count_objects(data)
    text = repeated_key_text(data, [which % objects])
    with pytest.raises(ValueError, match="appears twice"):
        parse_json(text)
    assert from_text(text) is None


def count_objects(value: object) -> int:
    if isinstance(value, dict):
        return 1 + sum(count_objects(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_objects(v) for v in value)
    return 0


def test_digits_beyond_the_parser_limit_are_invalid_json():
    assert from_text('{"round_id": ' + "9" * 5000 + "}") is None


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
