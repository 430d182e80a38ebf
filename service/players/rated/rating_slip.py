"""A rating slip (rule book section 14): every figure of one rating, live
while it is open (``taken_away`` unknown, the present as its seat-out)
and final at seat-out, from its rated rounds' exact sum and its times and
buy-ins. A player's or a table's figures are a sum of :class:`Parts`
rounded once, with the comps summed rating by rating (each rating earns
its own, rounded down)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from service.players.rated.inputs import PerBet
from service.players.rated.parts import Parts, RoundedParts
from service.players.rated.slip import DEFAULT_COMP_RATE, average_bet, chips_check, comps_earned, pace_shown


@dataclass(frozen=True, slots=True)
class BuyIns:
    """What the player brought to the rating and took away, minor units."""

    cash: int = 0  # bought in with notes (to the drop box)
    chips_brought: int = 0  # from elsewhere
    taken_away: int | None = None  # at seat-out; ``None`` while open


@dataclass(frozen=True, slots=True)
class RatingSlip:
    seconds_played: int
    rated_rounds: int
    pace: int | None  # rounds per hour, halves to even
    handle: PerBet
    average_bet: int | None
    figures: RoundedParts  # theoretical win, actual win, its four parts, their sds
    comps: int
    buy_ins: BuyIns
    chips_check: int | None  # once the chips taken away are known


def rating_slip(
    parts: Parts, seconds_played: int, buy_ins: BuyIns, comp_rate: Fraction = DEFAULT_COMP_RATE
) -> RatingSlip:
    """The slip of one rating: ``parts`` the sum of its rated rounds,
    ``seconds_played`` from :func:`~service.players.rated.slip.time_played`."""
    nets = -parts.actual
    return RatingSlip(
        seconds_played=seconds_played,
        rated_rounds=parts.rounds,
        pace=pace_shown(parts.rounds, seconds_played),
        handle=parts.handle,
        average_bet=average_bet(parts.handle.total, parts.rounds),
        figures=parts.rounded(),
        comps=comps_earned(parts.theoretical, comp_rate),
        buy_ins=buy_ins,
        chips_check=None
        if buy_ins.taken_away is None
        else chips_check(buy_ins.taken_away, buy_ins.cash, buy_ins.chips_brought, nets),
    )
