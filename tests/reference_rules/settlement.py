"""The reference's settlement (rule book sections 7 to 11): the Break Bonus
category, the Main Bet's outcome and a whole round settled."""

from __future__ import annotations

from tests.reference_rules.hands import (
    DEFAULT_BREAK_BONUS_PAYS,
    FORFEIT_LOSES_EVEN_IF_DEALER_NOT_QUALIFIED,
    JOKER,
    TRIPS,
    _rank,
    high_key,
    low_key,
    normalise,
)
from tests.reference_rules.settings import (
    all_settings,
    has_lucky_break,
    house_way,
    is_legal,
    is_lucky_break_setting,
    parse_qualifier,
    qualifies,
)


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
