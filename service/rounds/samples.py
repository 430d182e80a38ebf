"""The README's example round (the OpenAPI document shows it too), and
random but valid rounds, for benchmarks and simulations.

Every seat places all three bets and sets its hand either by the house way
or with a random 2 + 3 choice of its own cards (which may be a foul).
"""

from __future__ import annotations

import random
from typing import TypedDict

from service.engine.cards import DECK, codes
from service.rounds.storing import SettingEntered


class StakesInJson(TypedDict):
    """What a seat stakes on each bet, in minor units."""

    main: int
    dealer_break_bonus: int
    break_bonus: int


class SeatInJson(TypedDict):
    seat: int
    cards: list[str]
    setting: SettingEntered
    bets: StakesInJson


class RoundInJson(TypedDict):
    """A round as a client sends it (the shape the engine reads)."""

    round_id: str
    dealer: list[str]
    seats: list[SeatInJson]


EXAMPLE_ROUND: RoundInJson = {
    "round_id": "r1",
    "dealer": ["As", "Kd", "Th", "8c", "6s", "4d", "2h"],
    "seats": [
        {
            "seat": 1,
            "cards": ["7c", "Jh", "Ah", "Ts", "5h", "2d", "3h"],
            "setting": {"low": ["Ts", "7c"], "high": ["Jh", "2d", "Ah"]},
            "bets": {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100},
        }
    ],
}


def random_round(rng: random.Random, round_id: str, seats: int = 6) -> RoundInJson:
    cards = rng.sample(DECK, 7 * (seats + 1))
    round_seats: list[SeatInJson] = []
    for seat in range(1, seats + 1):
        hand = cards[7 * seat : 7 * seat + 7]
        setting: SettingEntered
        if rng.random() < 0.5:
            setting = "house_way"
        else:
            chosen = rng.sample(hand, 5)
            setting = {"low": codes(chosen[:2]), "high": codes(chosen[2:])}
        round_seats.append(
            {
                "seat": seat,
                "cards": codes(hand),
                "setting": setting,
                "bets": {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100},
            }
        )
    return {"round_id": round_id, "dealer": codes(cards[:7]), "seats": round_seats}
