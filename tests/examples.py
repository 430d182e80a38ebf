"""The round and settlement the issue documents for ``breakpoker settle``."""

from service.rounds.samples import EXAMPLE_ROUND

__all__ = ["EXAMPLE_ROUND", "EXAMPLE_SETTLEMENT"]

EXAMPLE_SETTLEMENT = {
    "round_id": "r1",
    "dealer": {
        "low": ["Kd", "Th"],
        "high": ["As", "8c", "6s"],
        "rule": 7,
        "qualifies": True,
        "lucky_break": False,
    },
    "seats": [
        {
            "seat": 1,
            "low": ["Ts", "7c"],
            "high": ["Ah", "Jh", "2d"],
            "fouled": False,
            "lucky_break": False,
            "main": {"outcome": "push", "net": 0},
            "dealer_break_bonus": {"outcome": "lose", "net": -500},
            "break_bonus": {"outcome": "lose", "category": None, "net": -100},
        }
    ],
}
