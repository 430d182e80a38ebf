"""The ``settle`` input path fuzzed: any JSON in (values of every JSON type,
huge numbers, deep nesting, any text, repeated keys in raw JSON, a config
of anything), and out comes either a settlement that adds up or a
RulesError with a documented code and the field at fault. Never any other
exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine.errors import RulesError
from service.rounds.batch_settle import parse_json
from tests.engine.fuzzing import JSON, from_text, settled_or_refused
from tests.strategies import rounds


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
