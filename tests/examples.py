"""The round and settlement the issue documents for ``breakpoker settle``."""

EXAMPLE_ROUND = {
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
