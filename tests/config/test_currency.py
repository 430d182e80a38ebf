"""The currencies a table may be kept in (service/config/currency.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.config.currency import CURRENCIES, MAX_MINOR_UNIT, Currency, currency_of

# From the ISO 4217 list (SIX), the ones whose minor unit is not 2.
NOT_TWO = {"JPY": 0, "KRW": 0, "CLP": 0, "ISK": 0, "VND": 0, "XAF": 0, "XOF": 0, "PYG": 0, "UGX": 0}
NOT_TWO |= {"KWD": 3, "BHD": 3, "OMR": 3, "JOD": 3, "TND": 3, "LYD": 3, "IQD": 3}


def test_the_codes_and_minor_units_are_the_standards():
    for code, (unit, name) in CURRENCIES.items():
        assert len(code) == 3
        assert code.isascii()
        assert code.isupper()
        assert name
        assert unit == NOT_TWO.get(code, 2), code
    for code in ("USD", "EUR", "MOP", "HKD", "SGD", "GBP", "CAD", "AUD"):
        assert currency_of(code) == Currency(code, 2)
    assert set(NOT_TWO) <= set(CURRENCIES)
    assert currency_of("jpy") is None
    assert currency_of("XXX") is None
    assert currency_of("") is None


@given(st.sampled_from(sorted(CURRENCIES)), st.integers(-(10**15), 10**15))
def test_an_amount_reads_back_as_the_same_minor_units(code, minor):
    money = currency_of(code)
    assert money is not None
    assert 0 <= money.minor_unit <= MAX_MINOR_UNIT
    shown = money.amount(minor)
    digits = shown.replace(",", "").replace(".", "")
    assert int(digits) == minor
    assert ("." in shown) == (money.minor_unit > 0)
    if money.minor_unit:
        assert len(shown.split(".")[1]) == money.minor_unit
