"""What a report must say, worked out from the hand-made rounds' figures."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from statistics import NormalDist

from service.rounds.aggregates import BETS
from tests.reports.hand_made_rounds import Floor

# --- what the report must say, from the figures ------------------------------


def expected(floor: Floor, names: Iterable[str], confidence: float = 0.95) -> dict:
    figs = [floor.figs[name] for name in names]
    bets = {}
    for bet in BETS:
        handle = sum(sum(fig.stakes[bet]) for fig in figs)
        win = sum(fig.wins[bet] for fig in figs)
        # The theory by hand: edge × handle and variance × Σ stake², per version.
        theory = sum(
            (floor.sheets[fig.sheet].bets[bet].house_edge * sum(fig.stakes[bet]) for fig in figs), Fraction(0)
        )
        variance = sum(
            float(floor.sheets[fig.sheet].bets[bet].variance) * sum(s * s for s in fig.stakes[bet])
            for fig in figs
        )
        spread = NormalDist().inv_cdf(0.5 + confidence / 2) * math.sqrt(variance)
        low, high = float(theory) - spread, float(theory) + spread
        bets[bet] = {
            "bets": sum(len(fig.stakes[bet]) for fig in figs),
            "handle": handle,
            "win": win,
            "hold": None if handle == 0 else win / handle,
            "theoretical_win": math.floor(theory + Fraction(1, 2)),  # every theory here is positive
            "theoretical_hold": None if handle == 0 else float(theory / handle),
            "win_interval": {"low": math.ceil(low), "high": math.floor(high)},
            "variance_flag": handle > 0 and not low <= win <= high,
        }
    handle = sum(line["handle"] for line in bets.values())
    win = sum(line["win"] for line in bets.values())
    return {
        "rounds": len(figs),
        "seats": sum(fig.seats for fig in figs),
        "fouls": sum(fig.fouls for fig in figs),
        "player_lucky_breaks": sum(fig.player_lucky_breaks for fig in figs),
        "dealer_lucky_breaks": sum(fig.dealer_lucky_breaks for fig in figs),
        "dealer_non_qualifications": sum(fig.dealer_non_qualifications for fig in figs),
        "bets": bets,
        "totals": {"handle": handle, "win": win, "hold": None if handle == 0 else win / handle},
    }


def figures(got: dict) -> dict:
    """The parts of a report that ``expected`` works out."""
    keys = (
        "bets",
        "handle",
        "win",
        "hold",
        "theoretical_win",
        "theoretical_hold",
        "win_interval",
        "variance_flag",
    )
    return {
        **{name: got[name] for name in ("rounds", "seats", "fouls", "player_lucky_breaks")},
        **{name: got[name] for name in ("dealer_lucky_breaks", "dealer_non_qualifications")},
        "bets": {bet: {key: got["bets"][bet][key] for key in keys} for bet in BETS},
        "totals": {key: got["totals"][key] for key in ("handle", "win", "hold")},
    }


def dealer_figures(floor: Floor, names: Iterable[str], **exceptions: int) -> dict:
    figs = [floor.figs[name] for name in names]
    return {
        "rounds": len(figs),
        "seats": sum(fig.seats for fig in figs),
        "fouls": sum(fig.fouls for fig in figs),
        "bets": {
            bet: {
                "bets": sum(len(fig.stakes[bet]) for fig in figs),
                "handle": sum(sum(fig.stakes[bet]) for fig in figs),
                "win": sum(fig.wins[bet] for fig in figs),
                "hold": (
                    None
                    if not sum(sum(fig.stakes[bet]) for fig in figs)
                    else sum(fig.wins[bet] for fig in figs) / sum(sum(fig.stakes[bet]) for fig in figs)
                ),
            }
            for bet in BETS
        },
        "handle": sum(sum(sum(fig.stakes[bet]) for fig in figs) for bet in BETS),
        "win": sum(sum(fig.wins[bet] for fig in figs) for bet in BETS),
        **{
            name: exceptions.get(name, 0)
            for name in ("voids", "corrections", "pending_voids", "pending_corrections")
        },
    }


def dealers_of(got: dict) -> dict:
    """The dealers by name, without their ids."""
    return {
        dealer["name"]: {key: value for key, value in dealer.items() if key not in ("name", "dealer_id")}
        for dealer in got["dealers"]
    }


def get(client, headers, url, status=200):
    response = client.get(f"/api/v1{url}", headers=headers)
    assert response.status_code == status, response.json
    return response.json
