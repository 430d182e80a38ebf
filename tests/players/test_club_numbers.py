"""A club number is 1 to 20 capital letters and digits, stored as given;
a name is trimmed, composed, 1 to 120 printable characters. Anything
else is refused naming its field."""

from __future__ import annotations

import string
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.errors import ErrorCode, Invalid
from service.players.club_numbers import check_club_number, check_name

ALLOWED = string.ascii_uppercase + string.digits


@given(st.text(alphabet=ALLOWED, min_size=1, max_size=20))
def test_capitals_and_digits_up_to_twenty_are_kept_as_given(number):
    assert check_club_number(number) == number


@given(st.text(max_size=30))
def test_anything_else_is_refused_naming_the_field(text):
    fits = 1 <= len(text) <= 20 and all(char in ALLOWED for char in text)
    if fits:
        assert check_club_number(text) == text
        return
    with pytest.raises(Invalid) as refused:
        check_club_number(text, "rows.3.club_number")
    assert (refused.value.code, refused.value.field, refused.value.status) == (
        ErrorCode.INVALID_FIELD,
        "rows.3.club_number",
        422,
    )
    assert "capital letters A-Z and digits 0-9" in refused.value.message


@pytest.mark.parametrize(
    "number", ["", "A" * 21, "ab12", "AB 12", "AB-12", " AB12", "AB12\n", "ÄB12", "１２３", "AB\x0012"]
)
def test_the_near_misses_are_refused(number):
    with pytest.raises(Invalid, match="club_number must be 1 to 20 capital letters"):
        check_club_number(number)


def test_leading_zeros_are_part_of_the_number():
    assert (check_club_number("007"), check_club_number("7")) == ("007", "7")


@given(st.text(min_size=1, max_size=130))
def test_a_name_is_trimmed_composed_and_printable(name):
    cleaned = unicodedata.normalize("NFC", name.strip())
    if 1 <= len(cleaned) <= 120 and cleaned.isprintable():
        assert check_name(name) == cleaned
    else:
        with pytest.raises(Invalid) as refused:
            check_name(name)
        assert refused.value.field == "name"


@pytest.mark.parametrize("name", ["", "   ", "x" * 121, "Ann\tLee", "Ann\nLee", "Ann\x07"])
def test_an_empty_long_or_controlled_name_is_refused(name):
    with pytest.raises(Invalid, match="name must be 1 to 120 printable characters"):
        check_name(name)


def test_one_name_in_two_forms_is_one_name():
    assert check_name("  Jose\u0301 Li ") == check_name("Jos\u00e9 Li") == "Jos\u00e9 Li"
