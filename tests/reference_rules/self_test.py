"""The reference's own terse self-test: every worked example of the rule book."""

from __future__ import annotations

from tests.reference_rules.hands import HIGH_CARD, JOKER, STRAIGHT, high_key, low_key
from tests.reference_rules.settings import has_lucky_break, house_way, is_legal, parse_qualifier, qualifies
from tests.reference_rules.settlement import break_bonus_category, settle


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
