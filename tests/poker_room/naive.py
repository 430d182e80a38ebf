"""An independent, slow reading of the poker-room rule book for the tests:
a naive five-card ranking, Wild Joker Stud's jokers tried as every real
card, and Breaker Hold'em's Breakers judged per pot. Shares no code with
``service/poker_room`` but the card codes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

RANK_OF = {symbol: value for value, symbol in enumerate("23456789TJQKA", start=2)}
DECK52 = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
#: categories, as numbers: high card 0 ... straight flush 8, five 9, six 10
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SFLUSH, FIVE, SIX = range(11)
#: how many of the grouped ranks define each category (the rest are kickers)
DEFINING = {
    HIGH: 1,
    PAIR: 1,
    TWO_PAIR: 2,
    TRIPS: 1,
    STRAIGHT: 1,
    FLUSH: 1,
    FULL: 2,
    QUADS: 1,
    SFLUSH: 1,
    FIVE: 1,
}
WHOLE = {STRAIGHT, FLUSH, FULL, SFLUSH, FIVE, SIX}


def is_joker(code: str) -> bool:
    return code.upper().startswith("JK")


def naive_key(five, *, breaks=False):
    """five: (rank, suit, wild) triples; rank 15 is the Breaker (no suit).
    The key: (category, defining ranks, natural, kickers)."""
    ranks = [rank for rank, _, _ in five]
    counts = Counter(ranks)
    grouped = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    distinct = sorted(set(ranks), reverse=True)
    flush = not breaks and len({suit for _, suit, _ in five}) == 1 and five[0][1] is not None
    straight_top = 0
    if not breaks and len(distinct) == 5 and max(distinct) <= 14:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    pattern = sorted(counts.values(), reverse=True)
    if pattern == [5]:
        category = FIVE
    elif straight_top and flush:
        category = SFLUSH
    elif pattern == [4, 1]:
        category = QUADS
    elif pattern == [3, 2]:
        category = FULL
    elif flush:
        category = FLUSH
    elif straight_top:
        category = STRAIGHT
    elif pattern == [3, 1, 1]:
        category = TRIPS
    elif pattern == [2, 2, 1]:
        category = TWO_PAIR
    elif pattern == [2, 1, 1, 1]:
        category = PAIR
    else:
        category = HIGH
    if category in (STRAIGHT, SFLUSH):
        defining, kickers = (straight_top,), ()
    else:
        unique = tuple(dict.fromkeys(grouped))
        if category in (FLUSH, HIGH):
            unique = tuple(sorted(ranks, reverse=True))
        cut = DEFINING[category]
        defining, kickers = unique[:cut], unique[cut:]
    if category in WHOLE:
        wild = any(w for _, _, w in five)
    else:
        wild = any(w and rank in defining for rank, _, w in five)
    return (category, defining, not wild, kickers)


def card(code: str, wild: bool = False):
    return (RANK_OF[code[0]], code[1], wild)


def brute_wild_best(codes):
    """Wild Joker Stud: the best key of seven cards, every joker tried as
    every real card the hand does not hold (five and six of a kind, the
    exception, tried from the counts)."""
    naturals = [code for code in codes if not is_joker(code)]
    jokers = len(codes) - len(naturals)
    candidates = []
    counts = Counter(RANK_OF[code[0]] for code in naturals)
    for rank, count in counts.items():
        if count == 4 and jokers == 2:
            candidates.append((SIX, (rank,), False, ()))
        if count + jokers >= 5:
            candidates.append((FIVE, (rank,), False, ()))
    unheld = [code for code in DECK52 if code not in naturals]
    for stand_ins in combinations(unheld, jokers):
        seven = [card(code) for code in naturals] + [card(code, True) for code in stand_ins]
        candidates.extend(naive_key(five) for five in combinations(seven, 5))
    return max(candidates)


def breaker_card(code: str):
    return (15, None, False) if is_joker(code) else card(code)


def naive_best(codes, *, breaks):
    return max(naive_key(five, breaks=breaks) for five in combinations([breaker_card(c) for c in codes], 5))


def naive_played(codes):
    """A played Breaker's hand: the Breaker with every four of the holder's
    other six cards tried, straights and flushes not counting (so nothing
    made of five of the other six, a full house too, is kept)."""
    others = [breaker_card(code) for code in codes if not is_joker(code)]
    return max(naive_key((*four, (15, None, False)), breaks=True) for four in combinations(others, 4))


def brute_breaker_pot(board, holes, contenders):
    """Breaker Hold'em, one pot: {seat: played?} and the winners, by the
    rule book's Decision (start with every contending holder's Breaker
    played, make the losers' dead, judge again)."""
    played = {seat for seat in contenders if any(is_joker(code) for code in holes[seat])}
    while True:
        keys = {}
        for seat in contenders:
            if seat in played:
                keys[seat] = naive_played(board + holes[seat])
            else:
                others = [code for code in holes[seat] if not is_joker(code)]
                keys[seat] = naive_best(board + others, breaks=bool(played))
        top = max(keys.values())
        winners = [seat for seat in contenders if keys[seat] == top]
        losers = played - set(winners)
        if not losers:
            return played, winners, keys
        played -= losers


def naive_pots(contributions, folded):
    """[amount, contenders] per pot: one layer per contribution level of
    any player (folded or not), each contested by the players still in
    who reached it; layers with the same contenders merged, and chips no
    one still in reached put in the pot below them."""
    pots = []
    below = 0
    for level in sorted({amount for amount in contributions.values() if amount > 0}):
        chips = sum(max(0, min(amount, level) - below) for amount in contributions.values())
        contenders = sorted(s for s, amount in contributions.items() if s not in folded and amount >= level)
        if pots and (not contenders or pots[-1][1] == contenders):
            pots[-1][0] += chips
        else:
            pots.append([chips, contenders])
        below = level
    if not pots or not pots[0][1]:
        # Nobody still in put a chip in: one pot among them.
        return [[sum(contributions.values()), sorted(s for s in contributions if s not in folded)]]
    return pots


def naive_shares(amount, winners, button):
    """Deal the pot out a chip at a time, going round the winners
    clockwise from the seat after the button."""
    order = sorted(winners, key=lambda seat: (seat - button - 1) % 1000)
    shares = dict.fromkeys(order, 0)
    for chip in range(amount):
        shares[order[chip % len(order)]] += 1
    return shares
