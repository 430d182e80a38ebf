"""A player's figures over a period (rule book section 14): the sum of
their ratings' exact figures, read in one query of the kept rows and
rounded once (:mod:`service.players.slips` for a rating's own)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any, TypedDict

from sqlalchemy import select

from service.config.currency import Currency, CurrencyJson
from service.players.comp_rates import comp_rates
from service.players.players import get_player
from service.players.rated.inputs import DEALS
from service.players.rated.parts import Parts, of_numerators
from service.players.rated.slip import comps_earned
from service.players.rating_figures import KEPT, kept_numerators
from service.players.rating_values import RatingEventKind
from service.players.slip_json import RatedFiguresJson, figures_json
from service.players.slips import Figures, figures_of, kept_parts
from service.store.db import Db
from service.store.models import GameTable, Rating, RatingEvent, RatingFigures, SeatClaim
from service.tables.tables import currencies_of


class Period(StrEnum):
    """A player's figures over the ratings seated in the last day, the
    last 30 days, or ever."""

    DAY = "day"
    THIRTY_DAYS = "30d"
    LIFETIME = "lifetime"


_SPANS = {Period.DAY: timedelta(days=1), Period.THIRTY_DAYS: timedelta(days=30)}

_COLUMNS = len(KEPT)


class CurrencyFiguresJson(TypedDict):
    """A player's figures at the tables of one currency."""

    currency: Annotated[CurrencyJson, "the currency of every amount of these figures"]
    ratings: Annotated[int, "the player's ratings in the period at tables of this currency"]
    figures: Annotated[
        RatedFiguresJson, "their exact figures summed, rounded once (never a sum of rounded figures)"
    ]


class PlayerFiguresJson(TypedDict):
    club_number: Annotated[str, "the player's club number"]
    period: Annotated[Period, "the period asked"]
    since: Annotated[datetime | None, "ratings seated from then on (null: lifetime)"]
    ratings: Annotated[int, "the player's ratings in the period"]
    currency: Annotated[
        CurrencyJson | None,
        "the one currency of the tables the player was rated at; null when several (see by_currency) or none",
    ]
    figures: Annotated[
        RatedFiguresJson | None,
        "their exact figures summed, rounded once (never a sum of rounded figures); null when the player "
        "was rated at tables of several currencies, which are never added (see by_currency)",
    ]
    by_currency: Annotated[list[CurrencyFiguresJson], "the figures a currency at a time, by currency code"]


@dataclass(slots=True)
class _Sums:
    """One currency's sums as its ratings are read."""

    live: Parts = field(default_factory=Parts)
    kept: list[int] = field(default_factory=lambda: [0] * _COLUMNS)
    known: bool = True
    comps: int = 0
    ratings: int = 0

    def figures(self) -> Figures:
        total = self.live + of_numerators(kept_numerators(self.kept))
        return figures_of(total, self.known, self.kept[1], self.comps)


def player_figures(db: Db, club_number: str, span: Period, now: datetime) -> PlayerFiguresJson:
    """The sum of the player's ratings' exact figures, a currency at a time
    (their tables' currencies are never added), rounded once (never the
    sum of their rounded figures); comps summed rating by rating, each
    rating earning its own, rounded down, at the rate of its seat-out (an
    open one's at the current rate, as its live slip).

    Read in one query of the ratings' kept rows, summed as integers: a
    heavy player's lifetime is hundreds of ratings. A closed rating's
    figures are its kept row, pending rounds and all (a void or a value
    stored since shows once its job has run, as in every report); an open
    one, or one with no row yet, is checked against its rounds as its slip
    is (:func:`~service.players.slips.kept_parts`): a player has a few open at most."""
    player = get_player(db, club_number)
    since = None if span is Period.LIFETIME else now - _SPANS[span]
    rates = comp_rates(db)
    query = (
        select(SeatClaim.rating_id, *_kept_columns(), RatingEvent.at, Rating.table_id, Rating.id)
        .select_from(Rating)
        .outerjoin(SeatClaim, SeatClaim.rating_id == Rating.id)
        .outerjoin(RatingFigures, RatingFigures.rating_id == Rating.id)
        .outerjoin(
            RatingEvent, (RatingEvent.rating_id == Rating.id) & (RatingEvent.kind == RatingEventKind.SEAT_OUT)
        )
        .where(Rating.player_id == player.id)
        .order_by(Rating.id)
    )
    if since is not None:
        query = query.where(Rating.seated_at >= since)
    rows = db.execute(query).all()
    currencies = currencies_of(
        db, db.scalars(select(GameTable).where(GameTable.id.in_({row[-2] for row in rows}))).all()
    )
    sums: dict[Currency, _Sums] = {}
    for row in rows:
        claim, seated_out_at, rating_id = row[0], row[-3], int(row[-1])
        into = sums.setdefault(currencies[row[-2]], _Sums())
        into.ratings += 1
        rate = rates.percent_at(seated_out_at)  # None: open, the current rate
        values: list[int | None] = [None if value is None else int(value) for value in row[1:-3]]
        if claim is not None or values[0] is None:  # open, or not figured yet
            parts, known_spread, waiting, _ = kept_parts(db, rating_id)
            into.live, into.known = into.live + parts, into.known and known_spread
            into.kept[1] += waiting
            into.comps += comps_earned(parts.theoretical, rate)
            continue
        into.known = into.known and values[KEPT.index("player_cards_variance")] is not None
        into.kept = [total + (value or 0) for total, value in zip(into.kept, values, strict=True)]
        into.comps += comps_earned(Fraction(_theoretical(values), DEALS), rate)
    apart: list[CurrencyFiguresJson] = [
        {"currency": currency.json(), "ratings": found.ratings, "figures": figures_json(found.figures())}
        for currency, found in sorted(sums.items(), key=lambda item: item[0].code)
    ]
    one = apart[0] if len(apart) == 1 else None
    figures = one["figures"] if one else (None if apart else figures_json(_Sums().figures()))
    return {
        "club_number": club_number,
        "period": span,
        "since": since,
        "ratings": len(rows),
        "currency": None if one is None else one["currency"],
        "figures": figures,
        "by_currency": apart,
    }


def _kept_columns() -> list[Any]:
    return [getattr(RatingFigures, name) for name in KEPT]


def _theoretical(values: list[int | None]) -> int:
    return values[KEPT.index("theoretical")] or 0
