"""The reference's cards and hands (rule book sections 1 and 2): ranks, the
joker resolved by trying every substitution the rule text allows, and the
high and low hands' keys."""

from __future__ import annotations

from functools import cache

JOKER = "JK"
RANKS = "23456789TJQKA"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}  # 2..14, A = 14
VALUE_RANK = {v: r for r, v in RANK_VALUE.items()}

# Hand categories. "a two-card pair and a three-card pair are the same
# category; so are two- and three-card high-card hands".
HIGH_CARD, PAIR, STRAIGHT, TRIPS = 0, 1, 2, 3
MISSING = 0  # "a kicker that is present beats a missing one": 0 < every rank

DEFAULT_BREAK_BONUS_PAYS = {
    "five_aces": 1000,
    "four_of_a_kind": 40,
    "two_trips": 40,
    "lucky_break_trips": 5,
    "lucky_break_straight": 1,
}
# CHOICE (rule book silent): under foul_policy "forfeit", a fouled Main Bet
# loses even when the dealer does not qualify. Flip to let the push win.
FORFEIT_LOSES_EVEN_IF_DEALER_NOT_QUALIFIED = True


def normalise(code: str) -> str:
    """'Input may also use 10 for T and lower case; output is always canonical.'"""
    c = code.strip()
    if c.upper() == JOKER:
        return JOKER
    rank, suit = c[:-1].upper(), c[-1].lower()
    return ("T" if rank == "10" else rank) + suit


def _rank(code: str) -> int:
    return RANK_VALUE[normalise(code)[0]]


# ---------------------------------------------------------------- section 2
def _natural_three(ranks) -> tuple:
    """Key of a 3-card hand of plain ranks (no joker)."""
    a, b, c = sorted(ranks, reverse=True)
    if a == b == c:  # "Three of a kind ... compared by rank"
        return (TRIPS, a, MISSING, MISSING)
    if a - 1 == b and b - 1 == c:  # "three consecutive ranks"
        return (STRAIGHT, a, MISSING, MISSING)
    if (a, b, c) == (14, 3, 2):  # "the ace plays low only in A-2-3,
        return (STRAIGHT, 3, MISSING, MISSING)  # whose top card is the 3"
    # "K-A-2 is not a straight": falls through to high card.
    if a == b:  # "compared by the pair's rank, then
        return (PAIR, a, c, MISSING)  #  the odd card"
    if b == c:
        return (PAIR, b, a, MISSING)
    return (HIGH_CARD, a, b, c)  # "card by card from the highest"


@cache
def _three_key_from_ranks(ranks: tuple) -> tuple:
    """ranks: sorted tuple of 3 ints, 0 = the joker."""
    if 0 not in ranks:
        return _natural_three(ranks)
    x, y = [r for r in ranks if r != 0]
    # "the joker takes whichever of these gives the best three-card hand:
    #  an ace; the card that completes three of a kind with a pair; or the
    #  card that completes a straight with the other two cards."
    candidates = [14]  # an ace
    if x == y:
        candidates.append(x)  # completes trips
    for r in range(2, 15):
        if _natural_three((x, y, r))[0] == STRAIGHT:
            candidates.append(r)  # completes straight
    # Nothing else: e.g. JK-9-4 is A-9-4, never 9-9-4 (joker can't pair a non-ace).
    return max(_natural_three((x, y, r)) for r in candidates)


def high_key(cards: list[str]) -> tuple:
    """Comparison key of a 3-card high hand (joker resolved)."""
    assert len(cards) == 3
    ranks = tuple(sorted(0 if normalise(c) == JOKER else _rank(c) for c in cards))
    return _three_key_from_ranks(ranks)


def low_key(cards: list[str]) -> tuple:
    """Comparison key of a 2-card low hand.
    'In the low hand the joker is an ace and nothing else: JK-A = A-A'."""
    assert len(cards) == 2
    a, b = sorted((14 if normalise(c) == JOKER else _rank(c) for c in cards), reverse=True)
    if a == b:
        return (PAIR, a, MISSING, MISSING)  # vs 3-card pair (PAIR, p, kicker, 0)
    return (HIGH_CARD, a, b, MISSING)  # vs 3-card (HIGH_CARD, a, b, c)
