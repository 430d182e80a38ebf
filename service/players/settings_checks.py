"""A change of the casino's settings as sent (a request's body, a JSON
boundary), checked field by field before anything is written: each
refusal a 422 naming the field (:mod:`service.players.casino_settings`
keeps the settings and writes the change)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.config.currency import currency_of
from service.errors import ErrorCode, Invalid
from service.players.casino_settings import (
    BASIS_POINTS,
    LUCK_THRESHOLD_RANGE,
    MAX_THRESHOLD,
    SettingsChange,
    Thresholds,
)


def check_change(
    comp_rate: Any, thresholds: Sequence[Mapping[str, Any]] | None, luck_threshold: Any = None
) -> SettingsChange:
    """A change as sent (a request's body, a JSON boundary), checked: a 422
    naming the field for a comp rate outside 0 to 100 %, an unknown
    currency, a threshold below 0, a log threshold above the report
    threshold, or a luck threshold outside 1 to 100 standard deviations."""
    rate = None if comp_rate is None else _whole(comp_rate, 0, BASIS_POINTS, "comp_rate_basis_points")
    luck = (
        None
        if luck_threshold is None
        else _whole(luck_threshold, *LUCK_THRESHOLD_RANGE, "luck_threshold_hundredths")
    )
    named: list[Thresholds] = []
    for index, given in enumerate(thresholds or ()):
        named.append(_thresholds(given, f"thresholds.{index}", {item.currency.code for item in named}))
    return SettingsChange(rate, tuple(named), luck)


def _thresholds(given: Mapping[str, Any], at: str, seen: set[str]) -> Thresholds:
    code = given.get("currency")
    currency = currency_of(code) if isinstance(code, str) else None
    if currency is None:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"{at}.currency must be an ISO 4217 code this service knows (three capitals, e.g. USD)",
            f"{at}.currency",
        )
    if currency.code in seen:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"{at}.currency {currency.code} is named twice", f"{at}.currency"
        )
    log = _whole(given.get("log_threshold"), 0, MAX_THRESHOLD, f"{at}.log_threshold")
    report = _whole(given.get("report_threshold"), 0, MAX_THRESHOLD, f"{at}.report_threshold")
    if log > report:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"{at}.log_threshold ({currency.text(log)}) is above the report threshold "
            f"({currency.text(report)}): a buy-in reported must be logged too",
            f"{at}.log_threshold",
        )
    return Thresholds(currency, log, report)


def _whole(value: Any, least: int, most: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"{field} must be a whole number from {least:,} to {most:,}", field
        )
    whole: int = value
    return whole
