"""Dealer qualification (rule book section 6).

The dealer qualifies when the high hand of the house-way setting is at least
the table's qualifier: the lowest three-card high-card hand that qualifies,
written as ranks (``K-3-2`` by default). Any pair, straight or trips always
qualifies; in a high-card hand the joker counts as an ace.

>>> from service.engine.hands import high_value
>>> from service.engine.cards import Rank
>>> DEFAULT_QUALIFIER.qualifies(high_value((Rank.KING, Rank.THREE, Rank.TWO)))
True
>>> DEFAULT_QUALIFIER.qualifies(high_value((Rank.QUEEN, Rank.EIGHT, Rank.SIX)))
False
>>> parse_qualifier("a-3-2").text
'A-3-2'
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Rank
from service.engine.errors import ErrorCode, RulesError, show
from service.engine.hands import Category, HandValue, value_key

_RANKS = {rank.symbol: rank for rank in Rank if rank is not Rank.JOKER}
_RANKS["10"] = Rank.TEN


@dataclass(frozen=True, slots=True)
class Qualifier:
    """The lowest high-card hand with which the dealer qualifies, high to low."""

    ranks: tuple[Rank, Rank, Rank]

    @property
    def text(self) -> str:
        return "-".join(rank.symbol for rank in self.ranks)

    @property
    def key(self) -> int:
        return value_key(Category.HIGH_CARD, self.ranks)

    def qualifies(self, high: HandValue) -> bool:
        return high.key >= self.key


def parse_qualifier(text: object) -> Qualifier:
    """Three different ranks such as ``K-3-2`` (any order, any case)."""
    if not isinstance(text, str):
        raise RulesError(
            ErrorCode.INVALID_CONFIG, f"dealer_qualifier must be a string like 'K-3-2', not {show(text)}"
        )
    parts = [part.strip().upper() for part in text.split("-")]
    ranks = [_RANKS[part] for part in parts if part in _RANKS]
    if len(parts) != 3 or len(set(ranks)) != 3:
        raise RulesError(
            ErrorCode.INVALID_CONFIG,
            f"dealer_qualifier {show(text)} is not three different ranks like 'K-3-2'",
        )
    high, middle, low = sorted(ranks, reverse=True)
    return Qualifier((high, middle, low))


DEFAULT_QUALIFIER = Qualifier((Rank.KING, Rank.THREE, Rank.TWO))
