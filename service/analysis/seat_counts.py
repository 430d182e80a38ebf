"""One seat's Main Bet counts read straight from the strategy table: the
dealer hands of C(46,7) that the setting played, the best setting and the
house way's beat and lose to, and what the side bets need.

The expected-values job values every seat of every round stored. Building
:class:`~service.analysis.hand_advice.HandAdvice` for it (a ``Setting``
with its hand values for each of the dozens of legal settings) was most of
that job's time, on the cores the API needs; here only the table's rows
are read, and the setting played is found by its ranks, as
:meth:`HandAdvice.value_of` finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from service.analysis.hand_advice import LUCKY_BREAK_GROUP, NOT_QUALIFYING_GROUP, located
from service.analysis.legal_settings import HIGHS, LOWS
from service.engine.break_bonus import BreakBonusCategory, pattern_category
from service.engine.cards import Card, Rank
from service.engine.table_config import TableConfig

RankKey = tuple[tuple[Rank, ...], tuple[Rank, ...]]  # low and high ranks, display order


@dataclass(frozen=True, slots=True)
class Counts:
    """Dealer hands of C(46,7) a setting beats and loses to (the rest push)."""

    won: int
    lost: int


@dataclass(frozen=True, slots=True)
class SeatCounts:
    played: Counts | None  # ``None``: the setting played is a foul
    best: Counts
    house_way: Counts
    house_way_is_lucky_break: bool
    dealer_lucky_breaks: int  # dealer hands holding a Lucky Break
    break_bonus: BreakBonusCategory | None  # the seven cards' category
    played_is_lucky_break: bool  # the setting played is one (a foul is not)
    dealer_not_qualifying: int  # dealer hands that do not qualify


def seat_counts(
    cards: Sequence[Card], played: RankKey | None, config: TableConfig, instance: Path | None = None
) -> SeatCounts:
    """The counts of seven distinct cards; ``played`` ``None`` is the house
    way. Raises as :func:`~service.analysis.hand_advice.advise` does."""
    ordered, index, block = located(cards, config, instance)
    ranks = tuple(card.rank for card in ordered)
    span = block.span(index)
    local = index - block.first
    won, lost = block.won[span].tolist(), block.lost[span].tolist()
    house = int(block.house[local])
    house_way = Counts(won[house], lost[house])
    lucky = block.lucky[span].tolist()
    if played is None:
        played_counts: Counts | None = house_way
        played_lucky = bool(lucky[house])
    else:
        found = _position(
            ranks,
            played,
            block.low_position[span].tolist(),
            block.high_position[span].tolist(),
        )
        played_counts = None if found is None else Counts(won[found], lost[found])
        played_lucky = found is not None and bool(lucky[found])
    best = int(block.best[local])
    return SeatCounts(
        played=played_counts,
        best=Counts(won[best], lost[best]),
        house_way=house_way,
        house_way_is_lucky_break=bool(lucky[house]),
        dealer_lucky_breaks=int(block.groups[local, LUCKY_BREAK_GROUP]),
        break_bonus=pattern_category(ranks),
        played_is_lucky_break=played_lucky,
        dealer_not_qualifying=int(block.groups[local, NOT_QUALIFYING_GROUP]),
    )


def _position(ranks: tuple[Rank, ...], wanted: RankKey, lows: list[int], highs: list[int]) -> int | None:
    """The first legal setting whose ranks are the ones wanted."""
    low_wanted, high_wanted = wanted
    for position, (low, high) in enumerate(zip(lows, highs, strict=True)):
        first, second = LOWS[low]
        if (ranks[first], ranks[second]) != low_wanted:
            continue
        one, two, three = HIGHS[high]
        if (ranks[one], ranks[two], ranks[three]) == high_wanted:
            return position
    return None
