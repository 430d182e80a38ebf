"""Main and side pots from each player's total contribution, and a pot's
split among its winners.

Each pot's level is a contribution of a player still in the hand; a pot
takes from every player (folded or not) what they put in between the level
below and its own, and is contested by the players still in who put in at
least its level. Folded players' chips stay in the pots they reached (above
the highest level, the top pot). A tie splits a pot equally; the odd chips
go one each to the tied players clockwise from the button (seat numbers
rise clockwise; the seat after the button first, the button last).

>>> pots = build_pots({1: 100, 2: 50, 3: 100, 4: 30}, folded={4})
>>> [(pot.amount, pot.contenders) for pot in pots]
[(180, (1, 2, 3)), (100, (1, 3))]
>>> split_pot(101, (1, 3), button=2)
{3: 51, 1: 50}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips, the contribution level that bounds it and the seats
    that contest it (seat order)."""

    amount: int
    level: int
    contenders: tuple[int, ...]


def build_pots(contributions: Mapping[int, int], folded: Collection[int]) -> tuple[Pot, ...]:
    """The main pot first, then the side pots.

    >>> build_pots({1: 0, 2: 0}, folded=())
    (Pot(amount=0, level=0, contenders=(1, 2)),)
    """
    if any(amount < 0 for amount in contributions.values()):
        raise ValueError("a contribution is never negative")
    live = {seat: amount for seat, amount in contributions.items() if seat not in folded}
    if not live:
        raise ValueError("every player folded")
    levels = sorted({amount for amount in live.values() if amount > 0})
    pots: list[Pot] = []
    below = 0
    for index, level in enumerate(levels):
        top = index == len(levels) - 1
        amount = sum(
            (amount if top else min(amount, level)) - min(amount, below)
            for amount in contributions.values()
            if amount > below
        )
        contenders = tuple(sorted(seat for seat, put in live.items() if put >= level))
        pots.append(Pot(amount, level, contenders))
        below = level
    if not pots:
        # No chips from the players still in (none at all, or only folded
        # players'): one pot among them, so the showdown still says who wins.
        pots.append(Pot(sum(contributions.values()), 0, tuple(sorted(live))))
    return tuple(pots)


def clockwise_from(button: int, seats: Iterable[int]) -> list[int]:
    """Seats in the order the odd chip goes: after the button, clockwise.

    >>> clockwise_from(4, [1, 4, 6, 9])
    [6, 9, 1, 4]
    """
    return sorted(seats, key=lambda seat: (seat <= button, seat))


def split_pot(amount: int, winners: Collection[int], button: int) -> dict[int, int]:
    """Each winner's share, in the odd chips' order; the shares add up to
    the pot."""
    if not winners:
        raise ValueError("a pot is split among one winner or more")
    order = clockwise_from(button, winners)
    share, odd = divmod(amount, len(order))
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(order)}
