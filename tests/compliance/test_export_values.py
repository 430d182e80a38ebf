"""The export's fast paths give what the standard library gives: a JSON
column's text loaded by orjson (or the standard library for what orjson
refuses), and a round's ref read without the JSON decoder when it is a
plain quoted string."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from service.compliance.export_values import loaded, round_id

BIG = st.integers(min_value=2**63 - 10, max_value=2**80) | st.integers(
    min_value=-(2**80), max_value=-(2**63) + 10
)
SCALARS = st.none() | st.booleans() | st.integers() | BIG | st.text() | st.floats(allow_nan=False)
DOCUMENTS = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4)
)


def slow_round_id(ref: str, revision: int) -> object:
    """round_id as it was before the fast path: json.loads for every ref."""
    for text in (ref, ref.rsplit("#", 1)[0] if revision else None):
        if text is not None and text.lstrip(" \t\n\r")[:1] in '"-0123456789tfn[{':
            try:
                return json.loads(text)
            except ValueError:
                continue
    return ref


@given(DOCUMENTS, st.booleans())
def test_a_column_loads_as_the_standard_library_loads_it(document, ascii_only):
    text = json.dumps(document, ensure_ascii=ascii_only)
    assert exactly(loaded(text)) == exactly(json.loads(text))


def exactly(document: object) -> str:
    """The document with its types: 2**70 and 2.0**70 are equal, not the same."""
    return json.dumps(document)


def test_an_integer_past_64_bits_stays_an_integer():
    # orjson reads these as floats, without an error: -2**63 - 1 became -2**63.
    for text in (
        "-9223372036854775809",
        "18446744073709551616",
        str(2**70 + 1),
        '{"a":[-1,' + "9" * 30 + "]}",
    ):
        assert exactly(loaded(text)) == exactly(json.loads(text)), text


def test_what_orjson_refuses_is_loaded_by_the_standard_library():
    for text in ("[Infinity]", str(2**70), '"\\ud800"', '{"a": 1, "a": 2}'):
        assert exactly(loaded(text)) == exactly(json.loads(text))
    assert math.isnan(loaded("NaN"))
    assert loaded(None) is None


@given(st.text() | st.integers().map(str), st.integers(min_value=0, max_value=3), st.booleans())
def test_a_ref_reads_as_the_json_decoder_reads_it(text, revision, as_json):
    ref = json.dumps(text) if as_json else text
    if revision:
        ref = f"{ref}#{revision}"
    assert round_id(ref, revision) == slow_round_id(ref, revision)


def test_a_ref_with_an_escape_or_a_control_character_goes_to_the_decoder():
    for ref in ('"a\\"b"', '"tab\\there"', '"raw\ttab"', '"caf\\u00e9"', '"é"', '""'):
        assert round_id(ref, 0) == slow_round_id(ref, 0)
