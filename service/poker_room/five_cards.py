"""The standard ranking of five cards, with straights and flushes counted
or broken (a played Breaker), and the value a hand compares by.

A value orders by category, then the defining values (the pair's rank,
both pairs, the trips, the quads, a straight's top card, a flush's highest
card, a full house's trips and pair), then whether the defining cards are
natural (Wild Joker Stud's "natural beats wild"; always true without wild
cards), then the kickers. Suits never rank.

>>> from service.poker_room.room_cards import room_cards
>>> five_card_value(room_cards("Ah Kh Qh Jh Th")).label
'straight flush'
>>> five_card_value(room_cards("5d 4c 3h 2s Ac")).defining
(5,)
>>> pair_and_breaker = five_card_value(room_cards("Qc JK Qs Js 8s"), breaks=True)
>>> pair_and_breaker.defining, pair_and_breaker.kickers
((12,), (15, 11, 8))
>>> pair_and_breaker > five_card_value(room_cards("Qd Qs Js 9c 8s"), breaks=True)
True
>>> best_five(room_cards("Qs Js 8s 5d 2c Ks 3s")).label
'flush'
>>> best_five(room_cards("Qs Js 8s 5d 2c Ks 3s"), breaks=True).label
'high card'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from service.poker_room.room_cards import JOKER_RANK, RoomCard

ACE, FIVE = 14, 5
WHEEL = frozenset({14, 5, 4, 3, 2})


class Category(IntEnum):
    """Hand categories, lowest first; five and six of a kind are Wild Joker
    Stud's (six of a kind is the only six-card hand)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    SIX_OF_A_KIND = 10

    @property
    def label(self) -> str:
        """``'full house'``.

        >>> Category.THREE_OF_A_KIND.label
        'three of a kind'
        """
        return self.name.lower().replace("_", " ")


#: Categories every card of which defines the hand (a joker anywhere in
#: one makes it wild).
WHOLE_HAND = frozenset(
    {
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.STRAIGHT_FLUSH,
        Category.FIVE_OF_A_KIND,
        Category.SIX_OF_A_KIND,
    }
)


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """What a hand compares by (greater is better)."""

    category: Category
    defining: tuple[int, ...]
    #: True when no joker is among the defining cards (natural beats wild).
    natural: bool
    kickers: tuple[int, ...]

    @property
    def label(self) -> str:
        return self.category.label


def rank_shape(
    ranks: Sequence[int], *, suited: bool, breaks: bool
) -> tuple[Category, tuple[int, ...], tuple[int, ...]]:
    """Category, defining values and kickers of five ranks. ``suited``: the
    five share a suit; ``breaks``: straights and flushes do not count. A
    rank above the ace (the Breaker) is a kicker that pairs nothing.

    >>> rank_shape([12, 12, 15, 11, 8], suited=False, breaks=True)
    (<Category.PAIR: 1>, (12,), (15, 11, 8))
    >>> rank_shape([14, 2, 3, 4, 5], suited=True, breaks=False)
    (<Category.STRAIGHT_FLUSH: 8>, (5,), ())
    """
    counts = Counter(ranks)
    # Largest group first, higher rank first within a size.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    by_group = tuple(rank for rank, _ in groups)
    descending = tuple(sorted(ranks, reverse=True))
    straight_top = 0 if breaks else _straight_top(counts)
    flush = suited and not breaks
    if shape[0] == 5:
        return Category.FIVE_OF_A_KIND, by_group, ()
    if straight_top and flush:
        return Category.STRAIGHT_FLUSH, (straight_top,), ()
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND, by_group[:1], by_group[1:]
    if shape[:2] == [3, 2]:
        return Category.FULL_HOUSE, by_group, ()
    if flush:
        return Category.FLUSH, descending[:1], descending[1:]
    if straight_top:
        return Category.STRAIGHT, (straight_top,), ()
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND, by_group[:1], by_group[1:]
    if shape[:2] == [2, 2]:
        return Category.TWO_PAIR, by_group[:2], by_group[2:]
    if shape[0] == 2:
        return Category.PAIR, by_group[:1], by_group[1:]
    return Category.HIGH_CARD, descending[:1], descending[1:]


def _straight_top(counts: Counter[int]) -> int:
    """The top card of five ranks in a row (5 for 5-4-3-2-A), else 0."""
    if len(counts) != 5 or max(counts) > ACE:
        return 0
    if set(counts) == WHEEL:
        return FIVE
    return max(counts) if max(counts) - min(counts) == 4 else 0


def five_card_value(cards: Sequence[RoomCard], *, breaks: bool = False) -> HandValue:
    """The value of five natural cards; a joker among them is the Breaker (a
    kicker above an ace that pairs nothing and has no suit)."""
    if len(cards) != 5:
        raise ValueError(f"five cards are valued, not {len(cards)}")
    suits = {card.suit for card in cards}
    suited = len(suits) == 1 and None not in suits
    ranks = [JOKER_RANK if card.is_joker else card.rank for card in cards]
    category, defining, kickers = rank_shape(ranks, suited=suited, breaks=breaks)
    return HandValue(category, defining, True, kickers)


@dataclass(frozen=True, slots=True)
class BestFive:
    """A player's best five cards and their value."""

    value: HandValue
    cards: tuple[RoomCard, ...]

    @property
    def label(self) -> str:
        return self.value.label


def _high_first(card: RoomCard) -> int:
    return -(JOKER_RANK if card.is_joker else card.rank)


def best_five(cards: Sequence[RoomCard], *, breaks: bool = False) -> BestFive:
    """The best five of five to seven cards (the first found of equal ones)."""
    if len(cards) < 5:
        raise ValueError(f"a hand needs five cards, not {len(cards)}")
    return _best_of(combinations(cards, 5), breaks)


def best_five_with(kept: RoomCard, others: Sequence[RoomCard], *, breaks: bool = False) -> BestFive:
    """The best five that hold ``kept``: it and the best four of ``others``
    (a played Breaker's hand, which keeps nothing made of five others).

    >>> from service.poker_room.room_cards import room_cards
    >>> joker, *others = room_cards("JK 8c Qs Qd 8s 8d 2c")
    >>> best_five(others).label, best_five_with(joker, others, breaks=True).label
    ('full house', 'three of a kind')
    """
    if len(others) < 4:
        raise ValueError(f"a hand needs four cards beside the kept one, not {len(others)}")
    return _best_of(((kept, *four) for four in combinations(others, 4)), breaks)


def _best_of(fives: Iterable[Sequence[RoomCard]], breaks: bool) -> BestFive:
    best: BestFive | None = None
    for five in fives:
        value = five_card_value(five, breaks=breaks)
        if best is None or value > best.value:
            best = BestFive(value, tuple(sorted(five, key=_high_first)))
    assert best is not None
    return best
