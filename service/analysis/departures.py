"""The hidden-information test (rule book section 15, "Decisions that know
the dealer's hand"): do a player's settings do better against the
dealers' actual hands than the players' own seven cards allow?

A player who cannot see the dealer's cards chooses a setting from their
own cards alone, and every dealer hand the other 46 cards can make is then
as likely as any other, whatever the strategy: house way, optimal, random
or anything else. So each round names an event whose chance is known
exactly, from the strategy table, before the dealer's hand is seen:

- a **departure** from the house way: the setting played does better than
  the house way of the same cards (chance ``better / dealer_hands``, the
  setting's ``better`` count);
- a **stay** with the house way: no setting would have done better than
  the house way (chance ``1 - beaten / dealer_hands``, the cards'
  ``beaten`` count).

Each round is a bet of a fraction ``f`` of the evidence on its event,
which pays ``1/p`` for a chance ``p``:

    e = 1 - f + f / p    when the event happened,
    e = 1 - f            when it did not.

For an honest player ``E[e] = (1 - f) + f = 1`` exactly and
``Var[e] = f**2 * (1 - p) / p`` exactly, in every round. So the product of
a player's ``e`` is a nonnegative martingale starting at 1, and so is the
average of several such products (one per ``f``); by Ville's inequality
the chance it ever reaches ``t`` is at most ``1/t``: at most 1 in 10,000
for a threshold of 10,000, however many rounds are played, however well
or badly. A player who sets against the dealer's actual hand departs only
where a setting does better (the event of a departure, with ``p`` about
1 % to 15 %, always happens) and stays only where none does (the event of
a stay, ``p`` about 98 %, always happens): the evidence grows every round.

Values here are floats: a statistic, never money. Stored with the rounds'
own counts, every figure is derived again the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import exp, fsum, inf, log

#: The fractions staked; their products are averaged. A pure cheater is
#: best caught near 1 (every departure does better); the smaller ones keep
#: evidence from a player who also departs honestly now and then.
STAKES: tuple[float, ...] = (0.5, 0.75, 0.9375)

#: An unrated seat over a table session: at most 1 in 10,000 false alarms.
SEAT_THRESHOLD = 10_000
#: A rated player's gaming day, across tables: half of the 1 in 10,000...
DAY_THRESHOLD = 20_000
#: ...and the other half for the 30 processes alive on a day (one started
#: each of the last 30 gaming days): 30 / 600,000 = 1 in 20,000.
MONTH_THRESHOLD = 600_000
MONTH_DAYS = 30


@dataclass(frozen=True, slots=True)
class RoundBet:
    """One round's bet: the dealer hands (of ``dealer_hands``) that make
    its event happen, whether it happened, and whether the player departed
    from the house way."""

    hands: int
    dealer_hands: int
    hit: bool
    departed: bool

    def __post_init__(self) -> None:
        if not 0 <= self.hands <= self.dealer_hands or self.dealer_hands <= 0:
            raise ValueError(f"{self.hands} hands out of {self.dealer_hands} dealer hands")
        if (self.hands == 0 and self.hit) or (self.hands == self.dealer_hands and not self.hit):
            raise ValueError("the event happened against its own odds: the counts are not these cards'")


def departure(better: int, dealer_hands: int, did_better: bool) -> RoundBet:
    """A setting other than the house way: did it do better than the house way?"""
    return RoundBet(better, dealer_hands, did_better, True)


def stay(beaten: int, dealer_hands: int, none_better: bool) -> RoundBet:
    """The house way: did no setting do better than it?"""
    return RoundBet(dealer_hands - beaten, dealer_hands, none_better, False)


def round_logs(bet: RoundBet) -> tuple[float, ...]:
    """The logarithm of each stake's ``e`` for one round (nothing is staked
    on an event that is certain or impossible: nothing is learnt).

    >>> round_logs(departure(0, 100, False))
    (0.0, 0.0, 0.0)
    >>> [round(exp(x), 4) for x in round_logs(departure(1, 100, True))]
    [50.5, 75.25, 93.8125]
    >>> [round(exp(x), 4) for x in round_logs(departure(1, 100, False))]
    [0.5, 0.25, 0.0625]
    """
    if bet.hands in (0, bet.dealer_hands):
        return tuple(0.0 for _ in STAKES)
    if bet.hit:
        return tuple(log(1 - f + f * bet.dealer_hands / bet.hands) for f in STAKES)
    return tuple(log(1 - f) for f in STAKES)


def variance(bet: RoundBet, stake: float) -> float:
    """``Var[e]`` of one round for an honest player: ``f² (1 - p) / p``.

    >>> variance(departure(1, 4, False), 0.5)
    0.75
    """
    if bet.hands in (0, bet.dealer_hands):
        return 0.0
    p = bet.hands / bet.dealer_hands
    return stake * stake * (1 - p) / p


@dataclass(frozen=True, slots=True)
class Evidence:
    """One subject's evidence so far: the logarithm of each stake's product,
    the rounds counted, the departures from the house way and how many of
    them did better."""

    logs: tuple[float, ...] = tuple(0.0 for _ in STAKES)
    rounds: int = 0
    departures: int = 0
    did_better: int = 0

    @property
    def log_value(self) -> float:
        """The logarithm of the average of the products, computed without
        overflow (a cheater's month passes the largest float)."""
        top = max(self.logs)
        return top + log(fsum(exp(x - top) for x in self.logs) / len(self.logs))

    @property
    def value(self) -> float:
        """The average of the products: a test martingale's value (``inf``
        past the largest float; compare :attr:`log_value` with the log of
        a threshold instead).

        >>> Evidence(logs=(800.0, 800.0, 800.0)).value
        inf
        """
        try:
            return exp(self.log_value)
        except OverflowError:
            return inf

    def reaches(self, threshold: float) -> bool:
        return self.log_value >= log(threshold)

    def after(self, bet: RoundBet) -> Evidence:
        step = round_logs(bet)
        return Evidence(
            tuple(a + b for a, b in zip(self.logs, step, strict=True)),
            self.rounds + 1,
            self.departures + bet.departed,
            self.did_better + (bet.departed and bet.hit),
        )

    def joined(self, later: Evidence) -> Evidence:
        """This evidence followed by ``later``'s rounds (a process running
        over several days is the product of its days)."""
        return Evidence(
            tuple(a + b for a, b in zip(self.logs, later.logs, strict=True)),
            self.rounds + later.rounds,
            self.departures + later.departures,
            self.did_better + later.did_better,
        )
