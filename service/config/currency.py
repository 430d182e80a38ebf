"""The currencies a table may be kept in: ISO 4217 codes and their minor
units (the digits after the point: USD 2, JPY 0, KWD 3).

Every amount the service stores is an integer count of its table's minor
unit; the currency says how to read it (1500 is 15.00 USD, 1,500 JPY,
1.500 KWD). The list is the standard's, for the codes a casino may keep a
table in; a code missing here is added here. Neither the standard library
nor ``pycountry`` has the minor units, and ``babel``'s come from CLDR,
whose digits differ from ISO 4217's for some codes (IDR, HUF): so a table
of our own, checked against the standard (tests/config/test_currency.py).

Configuration, below the tables: the default (``BREAKPOKER_CURRENCY``) is
checked at start with everything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, TypedDict

#: The largest minor unit in ISO 4217 (the dinars of Kuwait, Bahrain, ...).
MAX_MINOR_UNIT = 3


class CurrencyJson(TypedDict):
    code: Annotated[str, "ISO 4217 code, e.g. USD, JPY, KWD"]
    minor_unit: Annotated[
        int,
        "digits after the point (ISO 4217): an amount of 1500 is 15.00 with 2, 1,500 with 0 and 1.500 with 3",
    ]


class CurrencyChoiceJson(TypedDict):
    """A currency a table may be created in."""

    code: Annotated[str, "ISO 4217 code, e.g. USD, JPY, KWD"]
    minor_unit: Annotated[int, "digits after the point (ISO 4217): 2 for USD, 0 for JPY"]
    name: Annotated[str, "the currency's name, e.g. US Dollar"]
    default: Annotated[bool, "the floor's default (BREAKPOKER_CURRENCY): a new table's"]


@dataclass(frozen=True)
class Currency:
    code: str
    minor_unit: int

    @property
    def name(self) -> str:
        return CURRENCIES[self.code][1] if self.code in CURRENCIES else self.code

    def json(self) -> CurrencyJson:
        return {"code": self.code, "minor_unit": self.minor_unit}

    def amount(self, minor: int) -> str:
        """An amount of minor units as people read it (dealer_ui/static/shared/money.js
        writes it the same way).

        >>> usd, yen, dinar = Currency("USD", 2), Currency("JPY", 0), Currency("KWD", 3)
        >>> usd.amount(123456), yen.amount(1000), dinar.amount(-1500)
        ('1,234.56', '1,000', '-1.500')
        """
        sign = "-" if minor < 0 else ""
        whole, part = divmod(abs(minor), 10**self.minor_unit)
        fraction = f".{part:0{self.minor_unit}d}" if self.minor_unit else ""
        return f"{sign}{whole:,}{fraction}"

    def text(self, minor: int) -> str:
        """The amount with its code: ``1,000 JPY``."""
        return f"{self.amount(minor)} {self.code}"


# code: (minor unit, name), as ISO 4217 (the SIX list) gives them.
CURRENCIES: dict[str, tuple[int, str]] = {
    "AED": (2, "UAE Dirham"),
    "AMD": (2, "Armenian Dram"),
    "ARS": (2, "Argentine Peso"),
    "AUD": (2, "Australian Dollar"),
    "AZN": (2, "Azerbaijan Manat"),
    "BGN": (2, "Bulgarian Lev"),
    "BHD": (3, "Bahraini Dinar"),
    "BRL": (2, "Brazilian Real"),
    "BSD": (2, "Bahamian Dollar"),
    "BWP": (2, "Pula"),
    "CAD": (2, "Canadian Dollar"),
    "CHF": (2, "Swiss Franc"),
    "CLP": (0, "Chilean Peso"),
    "CNY": (2, "Yuan Renminbi"),
    "COP": (2, "Colombian Peso"),
    "CRC": (2, "Costa Rican Colon"),
    "CZK": (2, "Czech Koruna"),
    "DKK": (2, "Danish Krone"),
    "DOP": (2, "Dominican Peso"),
    "EGP": (2, "Egyptian Pound"),
    "EUR": (2, "Euro"),
    "FJD": (2, "Fiji Dollar"),
    "GBP": (2, "Pound Sterling"),
    "GEL": (2, "Lari"),
    "GHS": (2, "Ghana Cedi"),
    "HKD": (2, "Hong Kong Dollar"),
    "HUF": (2, "Forint"),
    "IDR": (2, "Rupiah"),
    "ILS": (2, "New Israeli Sheqel"),
    "INR": (2, "Indian Rupee"),
    "IQD": (3, "Iraqi Dinar"),
    "ISK": (0, "Iceland Krona"),
    "JOD": (3, "Jordanian Dinar"),
    "JPY": (0, "Yen"),
    "KES": (2, "Kenyan Shilling"),
    "KHR": (2, "Riel"),
    "KRW": (0, "Won"),
    "KWD": (3, "Kuwaiti Dinar"),
    "KZT": (2, "Tenge"),
    "LAK": (2, "Lao Kip"),
    "LBP": (2, "Lebanese Pound"),
    "LKR": (2, "Sri Lanka Rupee"),
    "LYD": (3, "Libyan Dinar"),
    "MAD": (2, "Moroccan Dirham"),
    "MKD": (2, "Denar"),
    "MNT": (2, "Tugrik"),
    "MOP": (2, "Pataca"),
    "MUR": (2, "Mauritius Rupee"),
    "MVR": (2, "Rufiyaa"),
    "MXN": (2, "Mexican Peso"),
    "MYR": (2, "Malaysian Ringgit"),
    "NAD": (2, "Namibia Dollar"),
    "NGN": (2, "Naira"),
    "NOK": (2, "Norwegian Krone"),
    "NPR": (2, "Nepalese Rupee"),
    "NZD": (2, "New Zealand Dollar"),
    "OMR": (3, "Rial Omani"),
    "PAB": (2, "Balboa"),
    "PEN": (2, "Sol"),
    "PHP": (2, "Philippine Peso"),
    "PLN": (2, "Zloty"),
    "PYG": (0, "Guarani"),
    "QAR": (2, "Qatari Rial"),
    "RON": (2, "Romanian Leu"),
    "RSD": (2, "Serbian Dinar"),
    "RUB": (2, "Russian Ruble"),
    "SAR": (2, "Saudi Riyal"),
    "SEK": (2, "Swedish Krona"),
    "SGD": (2, "Singapore Dollar"),
    "THB": (2, "Baht"),
    "TND": (3, "Tunisian Dinar"),
    "TRY": (2, "Turkish Lira"),
    "TWD": (2, "New Taiwan Dollar"),
    "TZS": (2, "Tanzanian Shilling"),
    "UAH": (2, "Hryvnia"),
    "UGX": (0, "Uganda Shilling"),
    "USD": (2, "US Dollar"),
    "UYU": (2, "Peso Uruguayo"),
    "VND": (0, "Dong"),
    "XAF": (0, "CFA Franc BEAC"),
    "XCD": (2, "East Caribbean Dollar"),
    "XOF": (0, "CFA Franc BCEAO"),
    "ZAR": (2, "Rand"),
    "ZMW": (2, "Zambian Kwacha"),
}

USD = Currency("USD", 2)


def currency_of(code: str) -> Currency | None:
    """The currency of an ISO 4217 code (capitals, as the standard writes
    it), or None for a code not in :data:`CURRENCIES`.

    >>> currency_of("JPY"), currency_of("usd"), currency_of("XYZ")
    (Currency(code='JPY', minor_unit=0), None, None)
    """
    found = CURRENCIES.get(code)
    return None if found is None else Currency(code, found[0])


def parse_currency(text: str) -> Currency:
    """The setting's text to its currency; ValueError naming the code."""
    found = currency_of(text.strip())
    if found is None:
        raise ValueError(f"{text!r} is not an ISO 4217 code this service knows")
    return found


def currency_choices(default: str) -> list[CurrencyChoiceJson]:
    """Every currency a table may be created in, by code; ``default`` marked."""
    return [
        {"code": code, "minor_unit": unit, "name": name, "default": code == default}
        for code, (unit, name) in sorted(CURRENCIES.items())
    ]
