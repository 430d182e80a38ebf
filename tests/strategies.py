"""Hypothesis strategies for cards, hands and rounds."""

from __future__ import annotations

from hypothesis import strategies as st

from service.engine.cards import DECK, JOKER, Card, Rank

NATURAL_RANKS = [rank for rank in Rank if rank is not Rank.JOKER]


@st.composite
def seven_cards(draw: st.DrawFn) -> list[Card]:
    """Seven distinct cards, often from few ranks (pairs, trips, quads) and
    often with the joker, where the rules are most intricate."""
    if draw(st.booleans()):
        return draw(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
    ranks = draw(st.lists(st.sampled_from(NATURAL_RANKS), min_size=2, max_size=5, unique=True))
    pool = [card for card in DECK if card.rank in ranks]
    if draw(st.booleans()):
        pool.append(JOKER)
    others = [card for card in DECK if card not in pool]
    cards = draw(st.lists(st.sampled_from(pool), max_size=7, unique=True))
    cards += draw(
        st.lists(st.sampled_from(others), min_size=7 - len(cards), max_size=7 - len(cards), unique=True)
    )
    return draw(st.permutations(cards))


@st.composite
def deals(draw: st.DrawFn, hands: int) -> list[list[Card]]:
    """``hands`` disjoint seven-card hands from one deck."""
    cards = draw(st.permutations(DECK))
    return [list(cards[7 * i : 7 * i + 7]) for i in range(hands)]
