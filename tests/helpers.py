"""Building hands from the rule book's rank-only notation."""

from __future__ import annotations

from service.engine.cards import Card, parse_cards


def hand(ranks: str, suits: str = "shdc") -> tuple[Card, ...]:
    """Cards for ranks written as in the rule book (``"JK K Q 7 7 4 2"``); equal
    ranks get different suits, so the hand is real cards.

    >>> [card.code for card in hand("JK 9 9 5")]
    ['JK', '9s', '9h', '5s']
    """
    used: dict[str, int] = {}
    codes = []
    for rank in ranks.split():
        if rank == "JK":
            codes.append("JK")
            continue
        count = used.get(rank, 0)
        used[rank] = count + 1
        codes.append(rank + suits[count])
    return parse_cards(codes)


def codes(ranks: str, suits: str = "shdc") -> list[str]:
    return [card.code for card in hand(ranks, suits)]
