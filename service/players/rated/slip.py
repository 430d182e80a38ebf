"""A rating slip's other figures (rule book section 14): time played,
pace, average bet, comps and the chips check, from integers and instants.

- **Time played** = seat-out − seat-in − paused time, in whole seconds:
  the exact duration, rounded down (a second is played when it is over).
  A pause not resumed by the seat-out lasts until the seat-out.
- **Pace** = rated rounds ÷ hours played: exact; shown as whole rounds per
  hour, halves to even (as every rounded figure of the section).
- **Average bet** = the handle of the three bets ÷ rated rounds, rounded
  to the minor unit, halves to even.
- **Comps** = the comp rate (a percentage) × the *exact* theoretical win,
  rounded down to the minor unit, once per rating (each rating earns; the
  player's comps are the sum of their ratings'). Never more than the rate
  of the theoretical win, and never negative: a rating whose theoretical
  win is negative (a side bet's pays above par) earns nothing.
- **Chips check** = chips taken away − (cash bought in + chips brought +
  Σ the player's nets); known once the chips taken away are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from service.players.rated.rounding import down, half_even

#: the rule book's default comp rate, a percentage of the theoretical win
DEFAULT_COMP_RATE = Fraction(20)
_HOUR = 3600


@dataclass(frozen=True, slots=True)
class Pause:
    """A pause and its resume (``None``: not resumed yet)."""

    paused: datetime
    resumed: datetime | None = None


def time_played(seat_in: datetime, seat_out: datetime, pauses: Sequence[Pause]) -> int:
    """Whole seconds played: seat-out − seat-in − paused time, rounded
    down. The pauses must be in order, inside the rating, not overlapping,
    and only the last one may be open (it ends at the seat-out); a live
    slip passes the present instant as ``seat_out``."""
    if seat_out < seat_in:
        raise ValueError("seat-out before seat-in")
    paused = timedelta(0)
    since = seat_in
    for number, pause in enumerate(pauses):
        end = pause.resumed
        if end is None and number != len(pauses) - 1:
            raise ValueError("a pause before the last is not resumed")
        end = seat_out if end is None else end
        if not since <= pause.paused <= end <= seat_out:
            raise ValueError("pauses must be in order, inside the rating, and resumed after they start")
        paused += end - pause.paused
        since = end
    played = seat_out - seat_in - paused
    return played // timedelta(seconds=1)


def pace(rounds: int, seconds: int) -> Fraction | None:
    """Rated rounds per hour played, exactly; ``None`` before a second is played."""
    return None if seconds <= 0 else Fraction(rounds * _HOUR, seconds)


def pace_shown(rounds: int, seconds: int) -> int | None:
    """:func:`pace` in whole rounds per hour, halves to even."""
    exact = pace(rounds, seconds)
    return None if exact is None else half_even(exact)


def average_bet(handle: int, rounds: int) -> int | None:
    """The three bets' handle per rated round, minor units, halves to
    even; ``None`` without a rated round."""
    return None if rounds <= 0 else half_even(Fraction(handle, rounds))


def comps_earned(theoretical: Fraction, rate: Fraction = DEFAULT_COMP_RATE) -> int:
    """A rating's comps: ``rate`` % of its exact theoretical win, rounded
    down to the minor unit; nothing on a negative theoretical win."""
    if not 0 <= rate <= 100:
        raise ValueError(f"comp rate {rate} % is not between 0 and 100")
    return max(down(theoretical * rate / 100), 0)


def chips_check(taken_away: int, cash_in: int, chips_brought: int, nets: int) -> int:
    """Chips taken away − (cash bought in + chips brought + Σ the nets):
    zero when every chip is accounted for."""
    return taken_away - (cash_in + chips_brought + nets)
