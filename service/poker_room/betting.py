"""The betting-action check of Wild Joker Stud: every bet and raise is a
multiple of 5 chips; at most four bets a round (the bet and three raises)
while three or more players are in the hand, no cap heads-up.

Players in the hand are those who started the round less those who folded
in it before the action. A bring-in's completion is entered as a bet of 5.

>>> check_action(3, [Action(ActionKind.BET, 5), Action(ActionKind.RAISE, 5)], Action(ActionKind.RAISE, 7))
Verdict(allowed=False, reason='a raise is a multiple of 5 chips, not 7', bets=2, cap=4)
>>> full = [Action(ActionKind.BET, 5)] + [Action(ActionKind.RAISE, 5)] * 3
>>> check_action(3, full, Action(ActionKind.RAISE, 5)).allowed
False
>>> check_action(3, [*full, Action(ActionKind.FOLD)], Action(ActionKind.RAISE, 5)).reason
'allowed: heads-up, no cap'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

BET_UNIT = 5
MAX_BETS = 4
#: With fewer players in the hand there is no cap.
CAPPED_FROM = 3


class ActionKind(StrEnum):
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"


#: The actions that carry an amount and count against the cap.
WAGERS = frozenset({ActionKind.BET, ActionKind.RAISE})


@dataclass(frozen=True, slots=True)
class Action:
    """An action; ``amount`` (chips: a bet's size, a raise's increase) for a
    bet or raise only."""

    kind: ActionKind
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    allowed: bool
    reason: str
    #: bets and raises already made this round
    bets: int
    #: the round's cap now, None heads-up
    cap: int | None


def check_action(players: int, history: Sequence[Action], action: Action) -> Verdict:
    """Whether ``action`` may follow ``history`` in a round ``players`` began."""
    bets = sum(1 for done in history if done.kind in WAGERS)
    in_hand = players - sum(1 for done in history if done.kind is ActionKind.FOLD)
    cap = MAX_BETS if in_hand >= CAPPED_FROM else None
    if in_hand < 2:
        return Verdict(False, "the round is over: one player is left in the hand", bets, cap)
    if action.kind not in WAGERS:
        return Verdict(True, "allowed", bets, cap)
    amount = action.amount or 0
    if amount <= 0 or amount % BET_UNIT:
        return Verdict(False, f"a {action.kind} is a multiple of {BET_UNIT} chips, not {amount}", bets, cap)
    if cap is not None and bets >= cap:
        return Verdict(
            False, f"the round is capped: {cap} bets already, with {in_hand} players in the hand", bets, cap
        )
    return Verdict(True, "allowed" if cap is not None else "allowed: heads-up, no cap", bets, cap)
