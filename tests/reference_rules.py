"""Independent reference implementation of the Break Poker rules.

Written only from /work/shared/docs/rules.md, for tests to cross-check the
production engine. Brute force on purpose: the joker is resolved by trying
every substitution the rule text allows, the house way enumerates all
21 x 10 settings. Interpretation choices are marked "CHOICE:".
"""

from functools import cache
from itertools import combinations

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


# --------------------------------------------------------------- section 10
def break_bonus_category(seven: list[str]) -> str | None:
    """'highest that applies', in the table's order (not by configured pay)."""
    cards = [normalise(c) for c in seven]
    joker = JOKER in cards
    count = dict.fromkeys(range(2, 15), 0)
    for c in cards:
        if c != JOKER:
            count[_rank(c)] += 1
    # "Five Aces: the four aces and the joker"
    if count[14] == 4 and joker:
        return "five_aces"
    # "Four of a Kind: four cards of one rank, or three aces and the joker"
    if any(n == 4 for n in count.values()) or (count[14] >= 3 and joker):
        return "four_of_a_kind"
    # "Two Trips: two ranks with three cards each, or one rank with three and
    #  a pair of another completed by the joker"
    trips = [v for v, n in count.items() if n >= 3]
    if len(trips) >= 2:
        return "two_trips"
    if joker and trips and any(n >= 2 and v != trips[0] for v, n in count.items()):
        return "two_trips"
    # "the hand has a Lucky Break whose high hand is three of a kind"
    lucky = [(lo, hi) for lo, hi in all_settings(cards) if is_lucky_break_setting(lo, hi)]
    if any(high_key(hi)[0] == TRIPS for _, hi in lucky):
        return "lucky_break_trips"
    if lucky:  # "the hand has a Lucky Break (whose high hand is a straight)"
        return "lucky_break_straight"
    return None


# ------------------------------------------------------------ sections 7-11
def _result(outcome: str, stake: int, odds: int = 1) -> dict:
    """'+stake x odds for a win, 0 for a push, -stake for a loss'."""
    if stake == 0:
        return {"outcome": "none", "net": 0}
    net = {"win": stake * odds, "push": 0, "lose": -stake}[outcome]
    return {"outcome": outcome, "net": net}


def main_bet_outcome(p_low, p_high, d_low, d_high) -> str:
    """Section 7, rules 1-5 (dealer assumed to qualify)."""
    p_lb = is_lucky_break_setting(p_low, p_high)
    d_lb = is_lucky_break_setting(d_low, d_high)
    if d_lb and not p_lb:  # rule 1
        return "lose"
    if p_lb and not d_lb:  # rule 2
        return "win"
    pl, ph, dl, dh = low_key(p_low), high_key(p_high), low_key(d_low), high_key(d_high)
    if pl > dl and ph > dh:  # rule 3
        return "win"
    if dl >= pl and dh >= ph:  # rule 4 (copy = equal)
        return "lose"
    return "push"  # rule 5


def settle(round: dict) -> dict:
    config = round.get("config") or {}
    foul_policy = config.get("foul_policy", "house_way")
    pays = dict(DEFAULT_BREAK_BONUS_PAYS)
    pays.update(config.get("break_bonus_pays") or {})
    qualifier = parse_qualifier(config.get("dealer_qualifier", "K-3-2"))

    dealer_seven = [normalise(c) for c in round["dealer"]]
    d_rule, d_low, d_high = house_way(dealer_seven)  # "The dealer always sets by the house way"
    d_qual = qualifies(d_high, qualifier)
    d_lb_setting = is_lucky_break_setting(d_low, d_high)
    d_lb_seven = has_lucky_break(dealer_seven)  # section 9: judged on seven cards

    seats_out = []
    for seat in round["seats"]:
        seven = [normalise(c) for c in seat["cards"]]
        bets = seat.get("bets") or {}
        main_stake = int(bets.get("main", 0))
        dbb_stake = int(bets.get("dealer_break_bonus", 0))
        bb_stake = int(bets.get("break_bonus", 0))

        setting = seat.get("setting", "house_way")
        fouled = False
        if setting == "house_way":
            _, low, high = house_way(seven)
        else:
            low = [normalise(c) for c in setting["low"]]
            high = [normalise(c) for c in setting["high"]]
            if not is_legal(low, high):  # "low outranks its high is a foul"
                fouled = True
                if foul_policy == "house_way":  # "reset by the house way and settled"
                    _, low, high = house_way(seven)

        # Main Bet
        if fouled and foul_policy == "forfeit" and (d_qual or FORFEIT_LOSES_EVEN_IF_DEALER_NOT_QUALIFIED):
            main = _result("lose", main_stake)  # "a foul forfeits the Main Bet"
        elif not d_qual:
            main = _result("push", main_stake)  # "every Main Bet pushes"
        else:
            main = _result(main_bet_outcome(low, high, d_low, d_high), main_stake)

        # Dealer Break Bonus: "1 to 1 when the dealer has a Lucky Break, 4 to 1
        # when the dealer and the player both do; otherwise it loses."
        if not d_lb_seven:
            dbb = _result("lose", dbb_stake)
        elif has_lucky_break(seven):
            dbb = _result("win", dbb_stake, 4)
        else:
            dbb = _result("win", dbb_stake, 1)

        # Break Bonus: "on the player's seven cards alone, whatever the Main Bet does"
        cat = break_bonus_category(seven)
        bb = _result("win", bb_stake, pays[cat]) if cat else _result("lose", bb_stake)
        bb["category"] = cat  # CHOICE: reported even when the bet is not placed

        seats_out.append(
            {
                "seat": seat["seat"],
                "low": low,
                "high": high,
                "fouled": fouled,
                "lucky_break": is_lucky_break_setting(low, high),
                "main": main,
                "dealer_break_bonus": dbb,
                "break_bonus": bb,
            }
        )
    return {
        "round_id": round.get("round_id"),
        "dealer": {
            "low": d_low,
            "high": d_high,
            "rule": d_rule,
            "qualifies": d_qual,
            "lucky_break": d_lb_setting,
        },
        "seats": seats_out,
    }


# ---------------------------------------------------------------- self-test
def _hand(text: str, suits: str = "shdc") -> list[str]:
    """'K K 5 JK' -> ['Ks', 'Kh', '5s', 'JK']: suits assigned in turn per rank."""
    used, out = {}, []
    for r in text.replace("-", " ").split():
        if r == JOKER:
            out.append(JOKER)
        else:
            out.append(r + suits[used.get(r, 0)])
            used[r] = used.get(r, 0) + 1
    return out


def _self_test() -> None:
    import time

    H = lambda t: high_key(_hand(t))
    L = lambda t: low_key(_hand(t))
    # Section 2 ranking and joker examples.
    assert H("A A A") > H("2 2 2") > H("Q K A") > H("A 2 3") > H("A A 2") > H("K K Q")
    assert H("K A 2")[0] == HIGH_CARD and H("A 2 3") == (STRAIGHT, 3, 0, 0)
    assert H("A K J") > H("5 3 2") and L("A A") > L("2 2") > L("A K") > L("3 2")
    assert L("3 A") > L("K Q")
    for joker, plain in [
        ("JK K K", "K K K"),
        ("JK Q K", "Q K A"),
        ("JK 9 J", "9 T J"),
        ("JK A 2", "A 2 3"),
        ("JK 2 3", "2 3 4"),
        ("JK A A", "A A A"),
        ("JK A 7", "A A 7"),
        ("JK 9 4", "A 9 4"),
        ("JK A K", "Q K A"),
        ("JK K 7", "A K 7"),
        ("JK K 2", "A K 2"),
    ]:
        assert H(joker) == H(plain), (joker, H(joker), plain, H(plain))
    assert L("JK A") == L("A A") and L("JK K") == L("A K")
    # Section 3 legality examples.
    assert is_legal(_hand("A K"), _hand("A K 2"))
    assert not is_legal(_hand("A K"), _hand("A Q J"))
    assert is_legal(_hand("8 8"), _hand("8 8 3"))
    assert not is_legal(_hand("9 9"), _hand("8 8 A"))
    assert is_legal(_hand("A A"), _hand("2 3 4")) and is_legal(_hand("K Q"), _hand("2 2 3"))
    # Section 5 house-way table: (seven, low, high, rule).
    table = [
        ("K K 5 5 5 9 2", "K K", "5 5 5", 1),
        ("9 9 9 4 4 4 K", "9 9", "4 4 4", 1),
        ("JK A A A A 7 2", "A A", "A A A", 1),
        ("JK 9 9 5 5 K 2", "9 9", "5 5 5", 1),
        ("8 8 9 T J 3 2", "8 8", "9 T J", 2),
        ("JK K Q 7 7 4 2", "7 7", "Q K A", 2),
        ("JK T 7 5 4 2 2", "2 2", "5 6 7", 2),
        ("7 7 7 A K 5 3", "A K", "7 7 7", 3),
        ("9 9 9 9 A K 5", "A K", "9 9 9", 3),
        ("A K Q 8 6 4 2", "8 6", "Q K A", 4),
        ("A A 9 9 6 4 2", "9 9", "A A 6", 5),
        ("K K 8 8 3 3 A", "8 8", "K K A", 5),
        ("Q Q A 9 7 4 2", "A 9", "Q Q 7", 6),
        ("A K T 8 6 4 2", "K T", "A 8 6", 7),
        ("Q J 9 8 6 5 3", "J 9", "Q 8 6", 7),
    ]
    for seven, lo, hi, rule in table:
        got = house_way(_hand(seven))
        assert (got[0], low_key(got[1]), high_key(got[2])) == (rule, L(lo), H(hi)), (seven, got)
        assert set(got[1] + got[2]) <= set(_hand(seven)) and len(set(got[1] + got[2])) == 5
    # Section 4 / 6.
    assert has_lucky_break(_hand("K K 5 5 5 9 2")) and not has_lucky_break(_hand("Q Q A 9 7 4 2"))
    assert not qualifies(_hand("Q 8 6")) and qualifies(_hand("Q Q 7")) and qualifies(_hand("K 3 2"))
    assert qualifies(_hand("JK 9 4")) and qualifies(_hand("2 2 3")) and qualifies(_hand("A 2 3"))
    assert not qualifies(_hand("K Q 9"), (14, 3, 2)) and qualifies(_hand("A 4 2"), parse_qualifier("A-3-2"))
    assert not qualifies(_hand("K Q 9"), parse_qualifier("a-2-3")) and qualifies(_hand("K Q 9"))
    # Section 7 main bet examples against dealer Q Q A 9 7 4 2.
    dealer = _hand("Q Q A 9 7 4 2", "sh")
    for player, outcome in [
        ("A K T 8 6 4 2", "lose"),
        ("K K 8 8 3 3 A", "win"),
        ("A K Q 8 6 4 2", "push"),
        ("Q Q A 9 7 5 3", "lose"),
    ]:
        r = settle(
            {
                "round_id": "x",
                "dealer": dealer,
                "seats": [
                    {"seat": 1, "cards": _hand(player, "dc"), "setting": "house_way", "bets": {"main": 1000}}
                ],
            }
        )
        assert r["dealer"]["rule"] == 6 and r["dealer"]["qualifies"], r["dealer"]
        m = r["seats"][0]["main"]
        assert m["outcome"] == outcome and m["net"] == {"win": 1000, "lose": -1000, "push": 0}[outcome], (
            player,
            m,
        )
    # Section 8-10 smoke checks.
    r = settle(
        {
            "round_id": "f",
            "dealer": _hand("K K 5 5 5 9 2", "shd"),
            "seats": [
                {
                    "seat": 3,
                    "cards": _hand("8 8 9 T J 3 2", "ch"),
                    "setting": {"low": _hand("8 8", "ch"), "high": _hand("J 3 2", "ch")},
                    "bets": {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100},
                }
            ],
        }
    )
    s = r["seats"][0]
    assert s["fouled"] and s["lucky_break"] and s["main"]["net"] == -1000  # both LB, dealer both
    assert s["dealer_break_bonus"]["net"] == 2000 and s["break_bonus"]["category"] == "lucky_break_straight"
    assert s["break_bonus"]["net"] == 100 and r["dealer"]["lucky_break"]
    for policy, fouled_net in [("forfeit", -1000), ("house_way", 0)]:
        r = settle(
            {
                "round_id": "q",
                "dealer": _hand("Q J 9 8 6 5 3", "sh"),
                "config": {"foul_policy": policy},
                "seats": [
                    {
                        "seat": 1,
                        "cards": _hand("A A K 7 4 3 2", "dc"),
                        "setting": {"low": _hand("A A", "dc"), "high": _hand("K 7 4", "dc")},
                        "bets": {"main": 1000},
                    }
                ],
            }
        )
        s = r["seats"][0]
        assert not r["dealer"]["qualifies"] and s["fouled"] and s["main"]["net"] == fouled_net
        assert s["dealer_break_bonus"]["outcome"] == "none" and s["break_bonus"]["net"] == 0
    for seven, cat in [
        ("JK A A A A 7 2", "five_aces"),
        ("9 9 9 9 A K 5", "four_of_a_kind"),
        ("JK A A A K 7 2", "four_of_a_kind"),
        ("K K K 5 5 5 2", "two_trips"),
        ("JK K K K 5 5 2", "two_trips"),
        ("K K 5 5 5 9 2", "lucky_break_trips"),
        ("8 8 9 T J 3 2", "lucky_break_straight"),
        ("Q Q A 9 7 4 2", None),
        ("JK K K K Q 5 2", "lucky_break_straight"),
        ("JK K K K 8 5 2", None),
        ("JK A A A 7 7 2", "four_of_a_kind"),
        ("JK A A 7 7 7 2", "two_trips"),
    ]:
        assert break_bonus_category(_hand(seven)) == cat, (seven, break_bonus_category(_hand(seven)))
    t = time.perf_counter()
    for seven, *_ in table * 10:
        house_way(_hand(seven))
    print(f"house_way: {(time.perf_counter() - t) / (len(table) * 10) * 1000:.2f} ms/hand")
    print("reference_rules self-test passed")


if __name__ == "__main__":
    _self_test()
