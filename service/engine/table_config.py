"""A table's configuration (rule book, "Table configuration"): a versioned,
immutable value with the rule book's defaults.

Field names are the rule book's, and so are the JSON names
(``breakpoker settle``'s ``config`` and ``breakpoker analyze --config``).

>>> config = TableConfig.from_json({"dealer_qualifier": "A-3-2", "foul_policy": "forfeit"})
>>> config.dealer_qualifier.text, config.foul_policy, config.seats
('A-3-2', <FoulPolicy.FORFEIT: 'forfeit'>, 6)
>>> config.to_json()["limits"]["main"]
[500, 100000]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from service.engine.break_bonus import BreakBonusCategory
from service.engine.errors import ErrorCode, RulesError, key_name, show
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier

MAX_SEATS = 6  # seven hands of seven need 49 of the 53 cards; a seventh player would need 56
# Bounds that keep every net within 2**53, exact as a number in any JSON
# client (JavaScript included): 10**10 minor units times 10**5 is 10**15.
MAX_LIMIT = 10_000_000_000
MAX_ODDS = 100_000


class FoulPolicy(StrEnum):
    """What happens to a fouled player setting (section 8)."""

    HOUSE_WAY = "house_way"  # reset by the house way and settled
    FORFEIT = "forfeit"  # the Main Bet is lost; side bets still settle


class BetType(StrEnum):
    """The game's bets, in the order every page, report and export lists
    them: the one list of bets, which the API also sends to the pages."""

    MAIN = "main"
    DEALER_BREAK_BONUS = "dealer_break_bonus"
    BREAK_BONUS = "break_bonus"

    @property
    def label(self) -> BetLabel:
        return BET_LABELS[self]

    @property
    def required(self) -> bool:
        """Whether every playing seat must place it (section 7: the Main Bet)."""
        return BET_LABELS[self].required

    def to_json(self) -> dict[str, object]:
        """
        >>> BetType.DEALER_BREAK_BONUS.to_json()
        {'key': 'dealer_break_bonus', 'name': 'Dealer Break Bonus', 'short': 'DBB', 'required': False}
        """
        label = self.label
        return {"key": self.value, "name": label.name, "short": label.short, "required": label.required}


@dataclass(frozen=True, slots=True)
class BetLabel:
    """How people read a bet: its name in full, its short label (a column
    of a payout table, a seat's field), and whether it must be placed."""

    name: str
    short: str
    required: bool = False


BET_LABELS: Mapping[BetType, BetLabel] = MappingProxyType(
    {
        BetType.MAIN: BetLabel("Main", "Main", required=True),
        BetType.DEALER_BREAK_BONUS: BetLabel("Dealer Break Bonus", "DBB"),
        BetType.BREAK_BONUS: BetLabel("Break Bonus", "BB"),
    }
)


@dataclass(frozen=True, slots=True)
class BetLimit:
    """Table minimum and maximum of one bet type, in minor units."""

    minimum: int
    maximum: int

    def to_json(self) -> list[int]:
        return [self.minimum, self.maximum]


DEFAULT_LIMITS: Mapping[BetType, BetLimit] = {
    BetType.MAIN: BetLimit(500, 100_000),
    BetType.DEALER_BREAK_BONUS: BetLimit(100, 10_000),
    BetType.BREAK_BONUS: BetLimit(100, 10_000),
}

DEFAULT_BREAK_BONUS_PAYS: Mapping[BreakBonusCategory, int] = {
    BreakBonusCategory.FIVE_ACES: 1000,
    BreakBonusCategory.FOUR_OF_A_KIND: 40,
    BreakBonusCategory.TWO_TRIPS: 40,
    BreakBonusCategory.LUCKY_BREAK_TRIPS: 5,
    BreakBonusCategory.LUCKY_BREAK_STRAIGHT: 1,
}

_BET_NAMES = [bet.value for bet in BetType]
FIELDS = ("version", "seats", "limits", "foul_policy", "break_bonus_pays", "dealer_qualifier")


@dataclass(frozen=True, slots=True)
class TableConfig:
    """One version of a table's rules. Every change makes a new version."""

    version: int = 1
    seats: int = MAX_SEATS
    limits: Mapping[BetType, BetLimit] = field(default_factory=lambda: dict(DEFAULT_LIMITS))
    foul_policy: FoulPolicy = FoulPolicy.HOUSE_WAY
    break_bonus_pays: Mapping[BreakBonusCategory, int] = field(
        default_factory=lambda: dict(DEFAULT_BREAK_BONUS_PAYS)
    )
    dealer_qualifier: Qualifier = DEFAULT_QUALIFIER

    def __post_init__(self) -> None:
        # Read-only views, so a configuration cannot change under a settlement.
        object.__setattr__(self, "limits", MappingProxyType(dict(self.limits)))
        object.__setattr__(self, "break_bonus_pays", MappingProxyType(dict(self.break_bonus_pays)))

    def __hash__(self) -> int:
        return hash(self.digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableConfig) and self.to_json() == other.to_json()

    @property
    def seat_numbers(self) -> tuple[int, ...]:
        """
        >>> TableConfig(seats=3).seat_numbers
        (1, 2, 3)
        """
        return tuple(range(1, self.seats + 1))

    def limit(self, bet: BetType) -> BetLimit:
        return self.limits[bet]

    def pays(self, category: BreakBonusCategory) -> int:
        return self.break_bonus_pays[category]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "seats": self.seats,
            "limits": {bet.value: self.limits[bet].to_json() for bet in BetType},
            "foul_policy": self.foul_policy.value,
            "break_bonus_pays": {c.value: self.break_bonus_pays[c] for c in BreakBonusCategory},
            "dealer_qualifier": self.dealer_qualifier.text,
        }

    @property
    def digest(self) -> str:
        """SHA-256 of the rules (every field but the version number): two
        versions with the same rules play the same game."""
        rules = self.to_json()
        del rules["version"]
        canonical = json.dumps(rules, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def next_version(self, changes: Mapping[str, object]) -> TableConfig:
        """A new version with some fields replaced (JSON names and values)."""
        changed = TableConfig.from_json(changes, base=self)
        return replace(changed, version=self.version + 1)

    @classmethod
    def from_json(cls, data: object, base: TableConfig | None = None) -> TableConfig:
        """Fields named as in the rule book replace those of ``base`` (the
        defaults); ``limits`` may name only some bet types, a pay table must
        name all five categories."""
        base = base or DEFAULT_CONFIG
        if not isinstance(data, Mapping):
            raise RulesError(
                ErrorCode.INVALID_CONFIG, "config must be an object of table configuration fields", "config"
            )
        unknown = [name for name in data if name not in FIELDS]
        if unknown:
            raise _error(
                key_name(unknown[0]), f"is not a table configuration field (fields: {', '.join(FIELDS)})"
            )
        changes: dict[str, Any] = {}
        if "version" in data:
            changes["version"] = _int(data["version"], "version", minimum=1)
        if "seats" in data:
            changes["seats"] = _int(data["seats"], "seats", minimum=1, maximum=MAX_SEATS)
        if "limits" in data:
            changes["limits"] = _limits(data["limits"], base.limits)
        if "foul_policy" in data:
            changes["foul_policy"] = _enum(FoulPolicy, data["foul_policy"], "foul_policy")
        if "break_bonus_pays" in data:
            changes["break_bonus_pays"] = _pays(data["break_bonus_pays"])
        if "dealer_qualifier" in data:
            try:
                changes["dealer_qualifier"] = parse_qualifier(data["dealer_qualifier"])
            except RulesError as error:
                raise _error("dealer_qualifier", error.message.removeprefix("dealer_qualifier ")) from None
        return replace(base, **changes)


def _error(name: str, problem: str) -> RulesError:
    return RulesError(ErrorCode.INVALID_CONFIG, f"config.{name} {problem}", field=f"config.{name}")


def _int(value: object, name: str, minimum: int, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _error(name, f"must be a whole number, not {show(value)}")
    if value < minimum or (maximum is not None and value > maximum):
        bound = f"at least {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise _error(name, f"must be {bound}, not {show(value)}")
    return value


def _enum(kind: type[FoulPolicy], value: object, name: str) -> FoulPolicy:
    allowed = [member.value for member in kind]
    if value not in allowed:
        raise _error(name, f"must be one of {', '.join(allowed)}, not {show(value)}")
    return kind(value)


def _limits(value: object, base: Mapping[BetType, BetLimit]) -> dict[BetType, BetLimit]:
    if not isinstance(value, Mapping):
        raise _error("limits", "must be an object of bet type to [minimum, maximum]")
    limits = dict(base)
    for name, pair in value.items():
        if name not in _BET_NAMES:
            raise _error(f"limits.{key_name(name)}", f"is not a bet type ({', '.join(_BET_NAMES)})")
        bet = BetType(name)
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise _error(f"limits.{name}", f"must be [minimum, maximum], not {show(pair)}")
        minimum = _int(pair[0], f"limits.{name}[0]", minimum=1, maximum=MAX_LIMIT)
        maximum = _int(pair[1], f"limits.{name}[1]", minimum=minimum, maximum=MAX_LIMIT)
        limits[bet] = BetLimit(minimum, maximum)
    return limits


def _pays(value: object) -> dict[BreakBonusCategory, int]:
    if not isinstance(value, Mapping):
        raise _error("break_bonus_pays", "must be an object of category to odds")
    names = [category.value for category in BreakBonusCategory]
    unknown = [name for name in value if name not in names]
    if unknown:
        raise _error(f"break_bonus_pays.{key_name(unknown[0])}", f"is not a category ({', '.join(names)})")
    missing = [name for name in names if name not in value]
    if missing:
        raise _error("break_bonus_pays", f"must name all five categories; missing {', '.join(missing)}")
    return {
        category: _int(
            value[category.value], f"break_bonus_pays.{category.value}", minimum=1, maximum=MAX_ODDS
        )
        for category in BreakBonusCategory
    }


DEFAULT_CONFIG = TableConfig()
