"""The password policy: length, the user's name, the common passwords."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.accounts.password_policy import MIN_PASSWORD, check_password, common_passwords, generate_password
from service.errors import Invalid

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
# Letters whose case round-trips (a dotless i upper-cases to I, which
# folds to a dotted i): the names of the floor's staff sheets.
NAMES = st.text(st.sampled_from(string.ascii_letters + string.digits + "éöüßøå-."), min_size=3, max_size=12)


def refusal(password: str, name: str, field: str = "password") -> str | None:
    """The code of the refusal (its field and message checked), or None."""
    found: Invalid | None = None
    try:
        check_password(password, name, field)
    except Invalid as error:
        found = error
    if found is None:
        return None
    assert (found.field, found.status) == (field, 422)
    assert field in found.message
    return found.code


@given(TEXT)
def test_anything_shorter_than_twelve_is_refused(password):
    if len(password) < MIN_PASSWORD:
        assert refusal(password, "ana") == "password_too_short"


@given(NAMES, TEXT, TEXT)
def test_a_password_holding_the_name_is_refused_in_any_case(name, before, after):
    password = before + name.swapcase() + after + "x" * MIN_PASSWORD
    assert refusal(password, name, "new_password") == "password_has_name"


@given(st.sampled_from(sorted(p for p in common_passwords() if len(p) >= MIN_PASSWORD)))
def test_the_common_ones_are_refused_upper_case_and_spaced_too(common):
    assert refusal(common.upper(), "somebody") == "password_too_common"
    if " " not in common:  # a space typed between its letters
        spaced = " ".join(common[i : i + 4] for i in range(0, len(common), 4))
        assert refusal(spaced, "somebody") == "password_too_common"


def test_the_list_is_the_shipped_one():
    found = common_passwords()
    assert len(found) > 19000
    assert {"123456", "password", "qwerty123456"} <= found


@pytest.mark.parametrize("name", ["al", "x"])
def test_a_name_of_one_or_two_letters_is_not_looked_for(name):
    assert refusal(f"{name} wrote this one down", name) is None


def test_a_lone_surrogate_is_refused():
    assert refusal("long enough \ud800", "ana") == "invalid_field"


@given(st.sampled_from(["admin", "a", "dealer-7", "Q"]))
def test_a_generated_password_passes_the_policy(name):
    password = generate_password(name)
    assert refusal(password, name) is None
    assert len(password) >= 22
