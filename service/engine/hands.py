"""Values of two-card low hands and three-card high hands (rule book section 2),
comparable across sizes by the incomplete-hands rule (section 3).

A value is computed from ranks alone (suits never rank). The joker is an ace
in the low hand; in the high hand it takes the best of: an ace, the card that
completes three of a kind with a pair, or the card that completes a straight.

>>> high_value((Rank.JOKER, Rank.KING, Rank.QUEEN))
HandValue('Q-K-A', straight, JK as A)
>>> high_value((Rank.JOKER, Rank.NINE, Rank.JACK)).joker_text
'JK as T'
>>> low_value((Rank.JOKER, Rank.KING))
HandValue('A-K', high card, JK as A)
>>> low_value((Rank.ACE, Rank.KING)) < high_value((Rank.ACE, Rank.KING, Rank.TWO))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

from service.engine.cards import Rank


class Category(IntEnum):
    """Hand categories, worst first. Two- and three-card pairs are one category,
    as are two- and three-card high-card hands."""

    HIGH_CARD = 0
    PAIR = 1
    STRAIGHT = 2
    THREE_OF_A_KIND = 3

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


#: Three consecutive ranks; A-2-3 is the lowest (its top card is the 3).
STRAIGHTS: tuple[frozenset[int], ...] = (
    frozenset({14, 2, 3}),
    *(frozenset({low, low + 1, low + 2}) for low in range(2, 13)),
)


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """What a low or high hand is worth.

    ``played`` lists the ranks as the hand plays (the joker replaced), in the
    order the rule book writes them: straights low to high, others high to
    low. ``key`` orders hands of both sizes: category, then the ranks that
    define the hand, then kickers, a missing kicker counting below any card.
    Equal keys mean a copy.
    """

    category: Category
    played: tuple[Rank, ...]
    joker_as: Rank | None
    key: int = field(repr=False)

    @property
    def text(self) -> str:
        """The hand as it plays, for display: ``'Q-K-A'``."""
        return "-".join(rank.symbol for rank in self.played)

    @property
    def joker_text(self) -> str | None:
        """What the joker stands for, for display: ``'JK as Q'``."""
        return None if self.joker_as is None else f"JK as {self.joker_as.symbol}"

    def __repr__(self) -> str:
        joker = "" if self.joker_text is None else f", {self.joker_text}"
        return f"HandValue({self.text!r}, {self.category.label}{joker})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key


#: A value key is four hexadecimal digits; the category is the top one.
KEY_CATEGORY_SHIFT = 12


def value_key(category: Category, ranks: Sequence[int]) -> int:
    """The key ordering hands of both sizes: the category, then up to three
    ranks (defining ranks, then kickers) with 0 for a missing card, so a
    present kicker always beats a missing one."""
    padded = (*ranks, 0, 0, 0)
    return category << KEY_CATEGORY_SHIFT | padded[0] << 8 | padded[1] << 4 | padded[2]


def _natural_three(ranks: Sequence[int], joker_as: Rank | None) -> HandValue:
    a, b, c = sorted(ranks, reverse=True)
    if a == c:
        return HandValue(
            Category.THREE_OF_A_KIND, (Rank(a),) * 3, joker_as, value_key(Category.THREE_OF_A_KIND, (a,))
        )
    if frozenset((a, b, c)) in STRAIGHTS:
        top = 3 if a == Rank.ACE and c == 2 else a
        ascending = (Rank.ACE, Rank.TWO, Rank.THREE) if top == 3 else (Rank(c), Rank(b), Rank(a))
        return HandValue(Category.STRAIGHT, ascending, joker_as, value_key(Category.STRAIGHT, (top,)))
    if a == b or b == c:
        pair, kicker = (a, c) if a == b else (b, a)
        played = (Rank(pair), Rank(pair), Rank(kicker))
        return HandValue(Category.PAIR, played, joker_as, value_key(Category.PAIR, (pair, kicker)))
    return HandValue(
        Category.HIGH_CARD, (Rank(a), Rank(b), Rank(c)), joker_as, value_key(Category.HIGH_CARD, (a, b, c))
    )


def _joker_candidates(x: int, y: int) -> set[Rank]:
    candidates = {Rank.ACE}
    if x == y:
        candidates.add(Rank(x))
    else:
        for straight in STRAIGHTS:
            if x in straight and y in straight:
                (missing,) = straight - {x, y}
                candidates.add(Rank(missing))
    return candidates


@cache
def high_value_of_sorted(ranks: tuple[Rank, Rank, Rank]) -> HandValue:
    """:func:`high_value` of ranks already sorted high to low (the joker
    first); a cached lookup for the house way's inner loop."""
    if Rank.JOKER not in ranks:
        return _natural_three(ranks, None)
    x, y = (rank for rank in ranks if rank is not Rank.JOKER)
    return max(
        _natural_three((x, y, stand_in), stand_in)
        for stand_in in sorted(_joker_candidates(x, y), reverse=True)
    )


@cache
def low_value_of_sorted(ranks: tuple[Rank, Rank]) -> HandValue:
    """:func:`low_value` of ranks already sorted high to low."""
    joker_as = Rank.ACE if Rank.JOKER in ranks else None
    a, b = sorted((Rank.ACE if rank is Rank.JOKER else rank for rank in ranks), reverse=True)
    if a == b:
        return HandValue(Category.PAIR, (a, b), joker_as, value_key(Category.PAIR, (a,)))
    return HandValue(Category.HIGH_CARD, (a, b), joker_as, value_key(Category.HIGH_CARD, (a, b)))


def high_value(ranks: Sequence[Rank]) -> HandValue:
    """The value of a three-card high hand.

    >>> high_value((Rank.JOKER, Rank.ACE, Rank.TWO)).text
    'A-2-3'
    >>> high_value((Rank.JOKER, Rank.NINE, Rank.FOUR)).text
    'A-9-4'
    """
    if len(ranks) != 3:
        raise ValueError(f"a high hand has 3 cards, not {len(ranks)}")
    a, b, c = sorted(ranks, reverse=True)
    return high_value_of_sorted((a, b, c))


def low_value(ranks: Sequence[Rank]) -> HandValue:
    """The value of a two-card low hand (the joker is an ace here).

    >>> low_value((Rank.JOKER, Rank.ACE)).text
    'A-A'
    """
    if len(ranks) != 2:
        raise ValueError(f"a low hand has 2 cards, not {len(ranks)}")
    a, b = sorted(ranks, reverse=True)
    return low_value_of_sorted((a, b))
