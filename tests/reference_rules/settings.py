"""The reference's settings (rule book sections 3 to 6): a legal setting, a
Lucky Break, the house way over all 21 x 10 settings, and the dealer's
qualifier."""

from __future__ import annotations

from itertools import combinations

from tests.reference_rules.hands import (
    HIGH_CARD,
    JOKER,
    PAIR,
    RANK_VALUE,
    STRAIGHT,
    TRIPS,
    _rank,
    high_key,
    low_key,
    normalise,
)


# ---------------------------------------------------------------- section 3
def is_legal(low: list[str], high: list[str]) -> bool:
    """'The setting is legal when the high hand ranks at or above the low.'"""
    return high_key(high) >= low_key(low)


# ---------------------------------------------------------------- section 4
def is_lucky_break_setting(low: list[str], high: list[str]) -> bool:
    """'a setting whose low hand is a pair and whose high hand is three of a
    kind or a straight.' (Such a setting is always legal.)"""
    return low_key(low)[0] == PAIR and high_key(high)[0] in (TRIPS, STRAIGHT) and is_legal(low, high)


def all_settings(seven: list[str]):
    """Every (low, high) split: 21 choices of low x 10 choices of high."""
    cards = [normalise(c) for c in seven]
    assert len(cards) == 7
    for lo in combinations(range(7), 2):
        rest = [i for i in range(7) if i not in lo]
        for hi in combinations(rest, 3):
            yield [cards[i] for i in lo], [cards[i] for i in hi]


def has_lucky_break(seven: list[str]) -> bool:
    """'"has a Lucky Break" when any legal setting of it is one'."""
    return any(is_legal(lo, hi) and is_lucky_break_setting(lo, hi) for lo, hi in all_settings(seven))


# ---------------------------------------------------------------- section 5
# "Sort each into a kind by (is the low a pair?, the high hand's category)"
KIND_TO_RULE = {
    (True, TRIPS): 1,  # Pair & Trips
    (True, STRAIGHT): 2,  # Pair & Straight
    (False, TRIPS): 3,  # No Pair & Trips
    (False, STRAIGHT): 4,  # No Pair & Straight
    (True, PAIR): 5,  # Pair & Pair
    (False, PAIR): 6,  # No Pair & Pair
    (False, HIGH_CARD): 7,  # No Pair & High Card
}  # (True, HIGH_CARD) is never legal: a low pair outranks any high card.


def house_way(seven: list[str]) -> tuple[int, list[str], list[str]]:
    """'Consider every legal setting ... take the first kind on this list that
    any setting has.' Decision: 'within a kind, the low hand's value is
    maximised first and the high hand's second.' Ties: first found in the
    enumeration of the cards sorted by (rank, suit)."""
    cards = sorted((normalise(c) for c in seven), key=lambda c: (99, "") if c == JOKER else (_rank(c), c[1]))
    best_score, best = None, None
    for low, high in all_settings(cards):
        if not is_legal(low, high):
            continue
        lk, hk = low_key(low), high_key(high)
        rule = KIND_TO_RULE[(lk[0] == PAIR, hk[0])]
        score = (-rule, lk, hk)  # first kind on the list, then low, then high
        if best_score is None or score > best_score:  # strict: first found wins ties
            best_score, best = score, (rule, low, high)
    return best


# ---------------------------------------------------------------- section 6
def parse_qualifier(text) -> tuple[int, int, int]:
    """'K-3-2' -> (13, 3, 2). CHOICE: the ranks are read as a high-card hand and
    sorted high to low, so 'A-2-3' means A-3-2 (not the A-2-3 straight)."""
    if isinstance(text, (tuple, list)):
        vals = [int(v) for v in text]
    else:
        vals = []
        for part in str(text).replace(" ", "").split("-"):
            p = part.upper()
            vals.append(RANK_VALUE["T" if p == "10" else p])
    return tuple(sorted(vals, reverse=True))


def qualifies(high: list[str], qualifier: tuple[int, int, int] = (13, 3, 2)) -> bool:
    """'any pair, straight or trips qualifies; a high-card hand needs [to be at
    least the qualifier], the joker counting as an ace' (high_key already
    makes a lone joker an ace in a high-card hand). Note (14, 3, 2) is not
    itself a high-card hand (A-3-2 is the A-2-3 straight), so under 'A-3-2'
    every ace-high hand qualifies and the lowest real one is A-4-2."""
    k = high_key(high)
    if k[0] != HIGH_CARD:
        return True
    return tuple(k[1:4]) >= tuple(qualifier)
