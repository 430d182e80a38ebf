"""What every settlement must satisfy, whatever the cards."""

from __future__ import annotations

from tests import reference_rules as reference

BETS = ("main", "dealer_break_bonus", "break_bonus")


def assert_nets_follow_stakes(result: dict, data: dict) -> None:
    """Each net follows from its stake and outcome (a bet not placed is
    none and 0, a loss loses the stake, a win pays the stake times the
    bet's odds); ``data`` is the round as sent, its config included."""
    pays = {**reference.DEFAULT_BREAK_BONUS_PAYS, **data.get("config", {}).get("break_bonus_pays", {})}
    for seat, entered in zip(result["seats"], data["seats"], strict=True):
        assert seat["seat"] == entered["seat"]
        for bet in BETS:
            stake, outcome, net = entered["bets"].get(bet, 0), seat[bet]["outcome"], seat[bet]["net"]
            assert type(net) is int
            if stake == 0:
                assert (outcome, net) == ("none", 0)
            elif outcome == "lose":
                assert net == -stake
            elif outcome == "push":
                assert bet == "main"
                assert net == 0
            else:
                assert outcome == "win"
                odds = {
                    "main": {1},
                    "dealer_break_bonus": {1, 4},
                    "break_bonus": {pays[seat["break_bonus"]["category"] or "five_aces"]},
                }[bet]
                assert net in {stake * o for o in odds}
