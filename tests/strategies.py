"""Hypothesis strategies for cards, hands and rounds."""

from __future__ import annotations

from hypothesis import strategies as st

from service.engine.cards import DECK, JOKER, Card, Rank
from tests import reference_rules as reference

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


CONFIGS = st.fixed_dictionaries(
    {},
    optional={
        "foul_policy": st.sampled_from(["house_way", "forfeit"]),
        "dealer_qualifier": st.sampled_from(["K-3-2", "A-3-2", "Q-J-9", "A-K-2", "5-3-2"]),
        "break_bonus_pays": st.fixed_dictionaries(
            {name: st.integers(1, 2000) for name in reference.DEFAULT_BREAK_BONUS_PAYS}
        ),
    },
)
STAKES = st.sampled_from([0, 100, 250, 10_000])


@st.composite
def rounds(draw: st.DrawFn) -> dict:
    """Valid rounds in the ``settle`` input shape: 1 to 6 seats from one
    deck, house way or a player's own setting, stakes within the limits,
    and sometimes a table configuration."""
    deck = draw(st.permutations(DECK))
    seats = draw(st.integers(1, 6))
    numbers = draw(st.lists(st.integers(1, 6), min_size=seats, max_size=seats, unique=True))
    data = {
        "round_id": draw(st.text(min_size=1, max_size=8)),
        "dealer": [c.code for c in deck[:7]],
        "seats": [],
    }
    for index, number in enumerate(numbers, start=1):
        cards = [c.code for c in deck[7 * index : 7 * index + 7]]
        setting: object = "house_way"
        if draw(st.booleans()):
            chosen = draw(st.permutations(cards))
            setting = {"low": chosen[:2], "high": chosen[2:5]}
        bets = {
            "main": draw(st.sampled_from([500, 1234, 100_000])),
            "dealer_break_bonus": draw(STAKES),
            "break_bonus": draw(STAKES),
        }
        data["seats"].append({"seat": number, "cards": cards, "setting": setting, "bets": bets})
    config = draw(CONFIGS)
    if config:
        data["config"] = config
    return data
