"""The JSON shapes of Wild Joker Stud's bring-in, first button and
betting-action check, built from their values.

>>> from service.poker_room.bring_in import bring_in
>>> from service.poker_room.room_cards import room_cards
>>> bring_in_json(bring_in({1: room_cards("Kd JK"), 2: room_cards("2s 3h")}))["pairs"]
[{'seat': 1, 'pair': 'K'}, {'seat': 2, 'pair': None}]
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from service.poker_room.betting import Verdict
from service.poker_room.bring_in import OPENING_WAGER, BringIn, Button
from service.poker_room.wild_stud import SYMBOL


class ExposedPairJson(TypedDict):
    seat: Annotated[int, "a seat"]
    pair: Annotated[
        str | None,
        "the rank its face-up cards pair (a joker pairs the other; two jokers are aces); null: none",
    ]


class BringInJson(TypedDict):
    forced: Annotated[int | None, "the seat that must complete the opening wager and acts last; null: nobody"]
    completes_to: Annotated[int, "the opening wager, chips"]
    pairs: Annotated[list[ExposedPairJson], "each seat's pair"]
    why: Annotated[str, "why that seat, or nobody"]


class FirstButtonJson(TypedDict):
    seat: Annotated[int, "the seat that takes the first button"]
    why: Annotated[str, "the card or coin flip that decided"]


class ActionCheckJson(TypedDict):
    allowed: Annotated[bool, "whether the action may be taken"]
    reason: Annotated[str, "why (the rule it breaks)"]
    bets: Annotated[int, "bets and raises already made this round"]
    cap: Annotated[int | None, "bets a round may hold now; null: no cap (heads-up)"]


def bring_in_json(found: BringIn) -> BringInJson:
    return BringInJson(
        forced=found.forced,
        completes_to=OPENING_WAGER,
        pairs=[
            ExposedPairJson(seat=seat, pair=None if rank is None else SYMBOL[rank])
            for seat, rank in found.pairs
        ],
        why=found.why,
    )


def first_button_json(found: Button) -> FirstButtonJson:
    return FirstButtonJson(seat=found.seat, why=found.why)


def action_check_json(verdict: Verdict) -> ActionCheckJson:
    return ActionCheckJson(allowed=verdict.allowed, reason=verdict.reason, bets=verdict.bets, cap=verdict.cap)
