"""The shapes a table's values take as JSON: a configuration as
``TableConfig.to_json()`` writes it (and a configuration version stores
it), and a bet as ``BetType.to_json()`` lists it."""

from __future__ import annotations

from typing import Annotated, TypedDict, cast

from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import BetType, FoulPolicy


class ConfigJson(TypedDict):
    """One version of a table's rules; money in minor units. Read back
    from the database, the enums are their values (equal to them)."""

    version: Annotated[int, "the configuration's version: 1, then one more a change"]
    seats: Annotated[int, "seats at the table, 1 to 6"]
    limits: dict[BetType, list[int]]  # each bet's [minimum, maximum]
    foul_policy: FoulPolicy
    break_bonus_pays: dict[BreakBonusCategory, int]  # odds to 1
    dealer_qualifier: str  # the qualifier as the rule book writes it, e.g. "K-3-2"


class BetJson(TypedDict):
    key: BetType
    name: Annotated[str, "the bet's name in full, as people read it"]
    short: Annotated[str, "a short label for a column or a seat's field (DBB)"]
    required: Annotated[bool, "whether every playing seat must place it"]


def bet_json(bet: BetType) -> BetJson:
    """The engine's own JSON of a bet, typed: one builder of it, the engine's.

    >>> bet_json(BetType.MAIN)
    {'key': 'main', 'name': 'Main', 'short': 'Main', 'required': True}
    """
    return cast(BetJson, bet.to_json())
