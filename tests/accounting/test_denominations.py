"""A count's denominations are named one way only: the plain ASCII decimal
of a known denomination. Any other spelling of a number ("0500", "٥٠٠",
"５００", "+500", "5²") is refused naming its field, so no count can name a
denomination twice and store one line while its total adds both."""

from __future__ import annotations

import pytest

from service.accounting.denominations import CHIPS, CURRENCY, Lines, read_lines
from service.errors import Invalid

# The same number spelled otherwise: leading zeros, other scripts' digits
# (Arabic-Indic, Devanagari, full-width), a sign, spaces, superscripts.
SPELLINGS = [
    "0500",
    "00500",
    "٥٠٠",
    "५००",
    "５００",
    "+500",
    " 500",
    "500 ",
    "5_00",
    "5²",
    "²",
    "²⁵⁰⁰",
    "\ud800",
    "",
]


@pytest.mark.parametrize("key", SPELLINGS)
def test_only_the_plain_decimal_names_a_denomination(key):
    with pytest.raises(Invalid) as refused:
        read_lines({key: 500}, CHIPS, "lines")
    assert refused.value.code == "unknown_denomination"
    assert refused.value.field.startswith("lines.")


@pytest.mark.parametrize("key", ["0500", "٥٠٠", "５００"])
def test_a_denomination_cannot_be_named_twice(key):
    with pytest.raises(Invalid) as refused:
        read_lines({"500": 500, key: 500}, CHIPS, "lines")
    assert refused.value.field == f"lines.{key}"


def test_the_plain_decimal_is_read():
    lines = read_lines({"500": 500, "10000": 20000}, CURRENCY, "lines")
    assert lines.to_json() == {"500": 500, "10000": 20000}
    assert lines.total == sum(lines.to_json().values()) == 20500


@pytest.mark.parametrize(
    "amounts",
    [((500, 500), (500, 500)), ((2500, 2500), (500, 500)), ((500, 0),), ((0, 0),)],
    ids=["twice", "out of order", "nothing", "no denomination"],
)
def test_lines_hold_each_denomination_once_in_order(amounts):
    with pytest.raises(ValueError, match="denomination"):
        Lines(amounts)
