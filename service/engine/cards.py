"""Cards of the 53-card deck: parsing and canonical codes (rule book section 1).

Canonical codes are a rank ``2 3 4 5 6 7 8 9 T J Q K A`` and a suit
``s h d c``; the joker is ``JK``. Input may also use ``10`` for ``T`` and any
letter case; output is always canonical.

>>> parse_card("10h")
Card('Th')
>>> parse_card("jk").code
'JK'
>>> [card.code for card in sort_cards(parse_cards(["2c", "Ah", "JK", "As"]))]
['JK', 'As', 'Ah', '2c']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from operator import attrgetter

from service.engine.errors import ErrorCode, RulesError, show


class Rank(IntEnum):
    """Card ranks, ace high.

    ``JOKER`` is not a rank in play (the hand rules decide what the joker
    stands for); it orders the joker above the ace so it is listed first.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """``'T'`` for ten, ``'JK'`` for the joker.

        >>> Rank.TEN.symbol, Rank.JOKER.symbol
        ('T', 'JK')
        """
        return _RANK_SYMBOLS[self.value]


_RANK_SYMBOLS: dict[int, str] = dict(zip(range(2, 16), [*"23456789TJQKA", "JK"], strict=True))


class Suit(Enum):
    """Suits never rank (no flushes in this game); they only identify cards.

    The declaration order (the rule book's ``s h d c``) is the order in which
    equal-ranked cards are listed and chosen.
    """

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card; the joker has no suit."""

    rank: Rank
    suit: Suit | None
    #: Position in display order (joker 0, then As, Ah, Ad, Ac, Ks, ...).
    order: int = field(init=False, repr=False)
    #: The canonical code: ``'Ah'``, ``'Td'``, ``'JK'``.
    code: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if (self.suit is None) != (self.rank is Rank.JOKER):
            raise ValueError("only the joker has no suit")
        if self.suit is None:
            order, code = 0, "JK"
        else:
            order = 1 + 4 * (Rank.ACE - self.rank) + _SUIT_ORDER[self.suit]
            code = self.rank.symbol + self.suit.value
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    # Cards are compared and hashed by their position in the deck: cheap,
    # and the same for equal cards however they were made.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.order == self.order

    def __hash__(self) -> int:
        return self.order

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


JOKER = Card(Rank.JOKER, None)

#: The 53 cards in display order.
DECK: tuple[Card, ...] = (
    JOKER,
    *(Card(rank, suit) for rank in reversed(Rank) if rank is not Rank.JOKER for suit in Suit),
)

_RANK_ALIASES = {rank.symbol: rank for rank in Rank if rank is not Rank.JOKER}
_RANK_ALIASES["10"] = Rank.TEN


def _spellings() -> dict[str, Card]:
    table = {"JK": JOKER}
    for card in DECK[1:]:
        assert card.suit is not None
        for rank_text, rank in _RANK_ALIASES.items():
            if rank is card.rank:
                table[rank_text + card.suit.value.upper()] = card
    return table


# Keyed by the upper-cased spelling, so parsing is one dictionary lookup.
_BY_SPELLING = _spellings()
_CANONICAL = {card.code: card for card in DECK}


def parse_card(text: object) -> Card:
    """The card a code names; a clear error naming the code otherwise.

    >>> parse_card("Zx")
    Traceback (most recent call last):
    ...
    service.engine.errors.RulesError: 'Zx' is not a card: ranks are 2-9, T (or 10), J, Q, K, A; ...
    """
    card = _CANONICAL.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    # ASCII only: str.upper() would turn look-alike letters such as the
    # long s into card letters.
    if isinstance(text, str) and text.isascii():
        card = _BY_SPELLING.get(text.upper())
        if card is not None:
            return card
    raise RulesError(
        ErrorCode.INVALID_CARD,
        f"{show(text)} is not a card: ranks are 2-9, T (or 10), J, Q, K, A; "
        "suits s, h, d, c; the joker is JK",
    )


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in display order: joker first, then by rank, then by suit."""
    return tuple(sorted(cards, key=_ORDER))


def ordered_cards(cards: Iterable[Card]) -> list[Card]:
    """:func:`sort_cards` as a list, for hot paths that only index it."""
    return sorted(cards, key=_ORDER)


_ORDER = attrgetter("order")


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]
