"""Rounds and settlements as JSON objects: the shape ``breakpoker settle`` reads
and writes, and the API accepts and returns.

Parsing is strict: an unknown key is an error (a misspelt bet name must never
silently become "no bet"), and every error names its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, TypedDict

from service.engine.cards import DECK, Card, codes, parse_card
from service.engine.errors import ErrorCode, RulesError, key_name, show
from service.engine.round import Bets, Round, SeatEntry
from service.engine.setting import Setting
from service.engine.settlement import RoundSettlement, SeatResult
from service.engine.table_config import BetType

HOUSE_WAY = "house_way"
ROUND_KEYS = frozenset({"round_id", "dealer", "seats"})
SEAT_KEYS = frozenset({"seat", "cards", "setting", "bets"})
SETTING_KEYS = frozenset({"low", "high"})
BET_KEYS = frozenset(bet.value for bet in BetType)
MAX_ROUND_ID_LENGTH = 100
_CANONICAL_CARDS = {card.code: card for card in DECK}


def round_from_json(
    data: object, extra_keys: frozenset[str] = frozenset(), *, legacy_number_id: bool = False
) -> Round:
    """The round a JSON object describes (rule checks are :func:`validate_round`'s).

    ``extra_keys`` are top-level keys the caller handles itself (``config``).
    A round_id is a string: ``777`` and ``"777"`` would be two rounds that
    every report and export shows alike. ``legacy_number_id`` reads back a
    round stored before that rule, which may carry a whole number.
    """
    top = _object(data, "round")
    _no_unknown_keys(top, ROUND_KEYS | extra_keys, "")
    round_id = _round_id(top, legacy_number_id)
    dealer = _cards(_required(top, "dealer", ""), "dealer", "dealer")
    seats_data = _required(top, "seats", "")
    if type(seats_data) is not list:
        raise RulesError(ErrorCode.INVALID_FIELD, "seats must be a list of seats", "seats")
    seats = tuple(_seat(seat, index) for index, seat in enumerate(seats_data))
    return Round(round_id, dealer, seats)


def round_id_of(data: object) -> str | None:
    """The round id to echo in an error line, whatever else is wrong."""
    if isinstance(data, Mapping):
        round_id = data.get("round_id")
        if _valid_round_id(round_id):
            return round_id
    return None


def _valid_round_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ROUND_ID_LENGTH


def _legacy_number_id(value: object) -> bool:
    # Any JSON writer must be able to echo it; a bool is not a number here.
    return type(value) is int and -(2**63) <= value < 2**63


def _round_id(top: Mapping[str, Any], legacy_number_id: bool) -> str | int:
    round_id = _required(top, "round_id", "")
    if _valid_round_id(round_id) or (legacy_number_id and _legacy_number_id(round_id)):
        return round_id  # type: ignore[return-value]
    hint = f' (send it as "{round_id}")' if _legacy_number_id(round_id) else ""
    raise RulesError(
        ErrorCode.INVALID_FIELD,
        f"round_id must be a string of 1 to {MAX_ROUND_ID_LENGTH} characters, not {show(round_id)}{hint}",
        "round_id",
    )


def _seat(data: object, index: int) -> SeatEntry:
    # This runs for every seat, so error texts are built only on an error.
    path = f"seats[{index}]"
    seat_data = _object(data, path)
    _no_unknown_keys(seat_data, SEAT_KEYS, path + ".")
    number = _required(seat_data, "seat", path + ".")
    if type(number) is not int:  # bool is not a seat number either
        raise RulesError(
            ErrorCode.INVALID_FIELD, f"{path}.seat must be a seat number, not {show(number)}", f"{path}.seat"
        )
    cards = _cards(_required(seat_data, "cards", path + "."), f"{path}.cards", f"seat {number}")
    setting = _setting(_required(seat_data, "setting", path + "."), f"{path}.setting", number)
    bets = _bets(_required(seat_data, "bets", path + "."), f"{path}.bets", number)
    return SeatEntry(number, cards, setting, bets)


def _setting(data: object, path: str, seat: int) -> Setting | None:
    if data == HOUSE_WAY:
        return None
    if not isinstance(data, Mapping):
        raise RulesError(
            ErrorCode.INVALID_SETTING,
            f'seat {seat}: setting must be "house_way" or {{"low": [...], "high": [...]}}',
            path,
        )
    _no_unknown_keys(data, SETTING_KEYS, path + ".")
    low = _cards(_required(data, "low", path + "."), f"{path}.low", f"seat {seat} setting low")
    high = _cards(_required(data, "high", path + "."), f"{path}.high", f"seat {seat} setting high")
    if len(low) != 2 or len(high) != 3:
        raise RulesError(
            ErrorCode.INVALID_SETTING,
            f"seat {seat}: a setting is 2 cards low and 3 cards high, not {len(low)} and {len(high)}",
            path,
        )
    chosen = low + high
    if len(set(chosen)) != len(chosen):
        repeated = next(card for card in chosen if chosen.count(card) > 1)
        raise RulesError(
            ErrorCode.INVALID_SETTING,
            f"seat {seat}'s setting uses {repeated} twice; the low and high take 5 different cards",
            path,
        )
    return Setting(low, high)


def _bets(data: object, path: str, seat: int) -> Bets:
    bets = _object(data, path)
    _no_unknown_keys(bets, BET_KEYS, path + ".")
    if "main" not in bets:
        raise RulesError(
            ErrorCode.MISSING_FIELD,
            f"seat {seat}: bets.main is required (every seat places a Main Bet)",
            path + ".main",
        )
    main = bets["main"]
    dealer_break_bonus = bets.get("dealer_break_bonus", 0)
    break_bonus = bets.get("break_bonus", 0)
    for key, value in (
        ("main", main),
        ("dealer_break_bonus", dealer_break_bonus),
        ("break_bonus", break_bonus),
    ):
        if type(value) is not int or value < 0:  # bool and float are not stakes
            raise RulesError(
                ErrorCode.INVALID_BET,
                f"seat {seat}: bets.{key} must be a whole, non-negative number of minor units (cents), "
                f"not {show(value)}",
                f"{path}.{key}",
            )
    return Bets(main, dealer_break_bonus, break_bonus)


def _cards(data: object, path: str, owner: str) -> tuple[Card, ...]:
    if type(data) is not list:
        raise RulesError(ErrorCode.INVALID_FIELD, f"{path} must be a list of card codes", path)
    try:
        return tuple(map(_CANONICAL_CARDS.__getitem__, data))
    except (KeyError, TypeError):
        pass  # not all canonical: parse one by one for the other spellings and the error
    try:
        return tuple([parse_card(code) for code in data])
    except RulesError as error:
        raise RulesError(error.code, f"{owner}: {error.message}", path) from None


def _object(data: object, path: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RulesError(ErrorCode.INVALID_FIELD, f"{path} must be a JSON object", path)
    return data


def _required(data: Mapping[str, Any], key: str, prefix: str) -> object:
    if key not in data:
        raise RulesError(ErrorCode.MISSING_FIELD, f"{prefix}{key} is required", prefix + key)
    return data[key]


def _no_unknown_keys(data: Mapping[str, Any], allowed: frozenset[str], prefix: str) -> None:
    if data.keys() <= allowed:
        return
    key = next(key for key in data if key not in allowed)
    name = key_name(key)
    raise RulesError(
        ErrorCode.UNKNOWN_FIELD,
        f"{prefix}{name} is not a known field (expected {', '.join(sorted(allowed))})",
        f"{prefix}{name}",
    )


class DealerJson(TypedDict):
    """The dealer's house-way setting and what it means for the round."""

    low: list[str]
    high: list[str]
    rule: int  # the house-way rule that fired (a Rule's number)
    qualifies: Annotated[bool, "false: every Main Bet pushes (rule book section 6)"]
    lucky_break: Annotated[bool, "the dealer's cards make one"]


class BetJson(TypedDict):
    outcome: str  # an Outcome's value
    net: Annotated[int, "the player's net in minor units: +stake x odds won, 0 a push or no bet, -stake lost"]


class BreakBonusJson(TypedDict):
    outcome: str
    category: str | None  # a BreakBonusCategory's value: what the cards make, even when not bet
    net: Annotated[int, "the player's net in minor units: +stake x odds won, 0 a push or no bet, -stake lost"]


class SeatJson(TypedDict):
    """A seat as settled: the setting settled with, and each bet's result."""

    seat: int
    low: list[str]
    high: list[str]
    fouled: bool
    lucky_break: bool
    main: BetJson
    dealer_break_bonus: BetJson
    break_bonus: BreakBonusJson


class SettlementJson(TypedDict):
    """What ``breakpoker settle`` writes for a round."""

    round_id: str | int
    dealer: DealerJson
    seats: list[SeatJson]


def settlement_to_json(settlement: RoundSettlement) -> SettlementJson:
    dealer = settlement.dealer
    way = dealer.house_way
    return {
        "round_id": settlement.round_id,
        "dealer": {
            "low": codes(way.setting.low),
            "high": codes(way.setting.high),
            "rule": way.rule.value,
            "qualifies": dealer.qualifies,
            "lucky_break": dealer.lucky_break,
        },
        "seats": [_seat_json(seat) for seat in settlement.seats],
    }


def _seat_json(seat: SeatResult) -> SeatJson:
    category = seat.break_bonus.category
    return {
        "seat": seat.seat,
        "low": codes(seat.setting.low),
        "high": codes(seat.setting.high),
        "fouled": seat.fouled,
        "lucky_break": seat.lucky_break,
        # The enums are strings, so they serialise as their values.
        "main": {"outcome": seat.main.outcome, "net": seat.main.net},
        "dealer_break_bonus": {
            "outcome": seat.dealer_break_bonus.outcome,
            "net": seat.dealer_break_bonus.net,
        },
        "break_bonus": {
            "outcome": seat.break_bonus.outcome,
            "category": category,
            "net": seat.break_bonus.net,
        },
    }
