"""Every seven-card rank pattern (suits ignored): 67,600 of them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb

from service.engine.cards import Card, Rank, Suit

NATURAL = sorted((rank for rank in Rank if rank is not Rank.JOKER), reverse=True)


def all_patterns() -> list[tuple[Rank, ...]]:
    """In display order (joker first, ranks high to low); a rank at most four times."""
    plain = [p for p in combinations_with_replacement(NATURAL, 7) if max(Counter(p).values()) <= 4]
    joker = [
        (Rank.JOKER, *p) for p in combinations_with_replacement(NATURAL, 6) if max(Counter(p).values()) <= 4
    ]
    return joker + plain


def pattern_cards(pattern: tuple[Rank, ...]) -> list[Card]:
    """One set of real cards with that pattern (suits s, h, d, c in turn)."""
    suits = list(Suit)
    seen: Counter[Rank] = Counter()
    cards = []
    for rank in pattern:
        if rank is Rank.JOKER:
            cards.append(Card(Rank.JOKER, None))
        else:
            cards.append(Card(rank, suits[seen[rank]]))
            seen[rank] += 1
    return cards


def weight(pattern: tuple[Rank, ...]) -> int:
    """How many sets of seven cards have this pattern."""
    total = 1
    for rank, count in Counter(pattern).items():
        total *= 1 if rank is Rank.JOKER else comb(4, count)
    return total
