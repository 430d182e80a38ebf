"""The four parts of the players' results (rule book section 14) over a
dealer's rounds of a shift, read from the luck sums the workers keep
(:mod:`service.protection.luck_sums`): a row per dealer and currency,
never the rounds. Rounded once, as a rating's slip is, so that the four
add up to the actual win; the luck's standard deviation is the table
bound's (:meth:`Luck.bounded`)."""

from __future__ import annotations

import math
from datetime import date
from fractions import Fraction
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.players.rated.parts import Parts
from service.protection.luck import LUCK_UNIT, VARIANCE_UNIT
from service.protection.luck_writes import LuckSubject, luck_of
from service.store.db import Db
from service.store.models import LuckSum


class PlayersResultsJson(TypedDict):
    currency: Annotated[str, "the currency, ISO 4217"]
    rounds: Annotated[int, "the dealer's counting rounds whose results are added"]
    seats: Annotated[int, "the seats of those rounds"]
    actual: Annotated[int, "the house's actual win, minor units"]
    theoretical: Annotated[int, "the theoretical win (the bets' house edges), minor units, halves to even"]
    decisions: Annotated[
        int,
        "what the players' settings cost or gained against the house way, minor units (the three parts below "
        "the theoretical win are apportioned so that the four add up to the actual win)",
    ]
    player_cards: Annotated[int, "the luck of the players' seven cards, minor units"]
    dealer_cards: Annotated[int, "the luck of the dealer's hands, minor units"]
    luck_sd: Annotated[
        int,
        "the two luck parts' standard deviation together, minor units, truncated: a bound, the seats of a "
        "round share the dealer's hand (rule book section 15, results beyond luck)",
    ]


def dealer_results(db: Db, day: date, shift: int) -> dict[int, list[PlayersResultsJson]]:
    """Per dealer: the shift's four parts, a currency at a time."""
    rows = db.scalars(
        select(LuckSum)
        .where(LuckSum.kind == LuckSubject.DEALER, LuckSum.gaming_day == day, LuckSum.shift == shift)
        .where(LuckSum.rounds > 0)
        .order_by(LuckSum.subject_id, LuckSum.currency)
    )
    found: dict[int, list[PlayersResultsJson]] = {}
    for row in rows:
        luck = luck_of(row)
        parts = luck.parts
        rounded = Parts(
            rounds=row.rounds,
            actual=parts.actual,
            theoretical=Fraction(parts.theoretical, LUCK_UNIT),
            decisions=Fraction(parts.decisions, LUCK_UNIT),
            player_cards=Fraction(parts.player_cards, LUCK_UNIT),
            dealer_cards=Fraction(luck.luck - parts.player_cards, LUCK_UNIT),
        ).rounded()
        found.setdefault(row.subject_id, []).append(
            PlayersResultsJson(
                currency=row.currency,
                rounds=row.rounds,
                seats=row.seats,
                actual=rounded.actual,
                theoretical=rounded.theoretical,
                decisions=rounded.decisions,
                player_cards=rounded.player_cards,
                dealer_cards=rounded.dealer_cards,
                luck_sd=math.isqrt(max(luck.variance, 0) // VARIANCE_UNIT),
            )
        )
    return found
