"""Each rating's figures, kept by the workers (``figure_rating``), never by
a report scanning rounds: the exact sums of its rated rounds that count (a
voided round out, a corrected one as corrected: ``counting``) whose
expected values are stored, and how many that count still wait for
theirs. Recomputed whole from the rounds every time, so the job is
idempotent and the table (``rating_figures``, derived state) can be
rebuilt at any time.

The player's-cards variance needs the configuration's card spread, from
its complete strategy table (:func:`~service.players.rated_edges.config_spread`).
When it cannot be had the row keeps every other figure and leaves that
variance empty; the next run after the table is built fills it in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path

from sqlalchemy import ColumnElement, and_, func, or_, select

from service.analysis.cache import par_sheet
from service.engine.table_config import TableConfig
from service.players.feed_entries import feed_if_closed
from service.players.rated.inputs import DEALER_HANDS, Edges, PerBet, RatedRound
from service.players.rated.parts import Numerators, Parts, numerators, round_parts
from service.players.rated.spread import CardSpread
from service.players.rated_edges import config_spread, edges_of
from service.players.rated_rows import StaleSeatValues, hand_values_of
from service.rounds.status import counting
from service.store.db import Db
from service.store.models import (
    RatedSeat,
    Rating,
    RatingFigures,
    RoundRecord,
    SeatExpectedValue,
    SeatRecord,
)
from service.tables.tables import version_config

_NO_SPREAD = CardSpread(*(Fraction(0),) * 6)


#: a kept row's counts and sums, in the order the figures add them up
KEPT_COUNTS = (
    "rounds",
    "pending_rounds",
    "main_handle",
    "dealer_break_bonus_handle",
    "break_bonus_handle",
    "actual",
)
#: its exact numerators (over the deals, or their squares for a variance)
KEPT_EXACT = (
    "theoretical",
    "decisions",
    "player_cards",
    "dealer_cards",
    "player_cards_variance",
    "dealer_cards_variance",
)
KEPT = (*KEPT_COUNTS, *KEPT_EXACT)


def kept_numerators(values: Sequence[int]) -> Numerators:
    """Kept sums in the order of :data:`KEPT` (a row's, or rows added up)
    as the figures' numerators."""
    rounds, _, main, dealer, bonus, actual, theoretical, decisions, player, dealer_cards, pv, dv = values
    return Numerators(
        rounds=rounds,
        handle=PerBet(main, dealer, bonus),
        actual=actual,
        theoretical=theoretical,
        decisions=decisions,
        player_cards=player,
        dealer_cards=dealer_cards,
        player_cards_variance=pv,
        dealer_cards_variance=dv,
    )


@dataclass(frozen=True, slots=True)
class Constants:
    """A configuration version's edges and card spread, as every seat's
    figures need them (a rating's, a slot's, game protection's luck)."""

    edges: Edges
    spread: CardSpread | None  # None: the strategy table is not built


@dataclass(frozen=True, slots=True)
class Figured:
    """A rating's figures as its rounds give them now."""

    sums: Numerators
    with_player_variance: bool  # False: the card spread was not to be had
    pending_rounds: int
    last_seat_id: int | None


def counted_seats(rating_id: int) -> ColumnElement[bool]:
    """The SQL condition a round seat is one of the rating's rated seats in
    a round that counts (joined: ``SeatRecord`` and ``RoundRecord``)."""
    return and_(RatedSeat.rating_id == rating_id, counting())


def figures_of(db: Db, rating_id: int, instance: Path | None) -> Figured:
    """The rating's figures from its rounds and their stored values."""
    return rated_figures(db, counted_seats(rating_id), instance)


def rated_figures(db: Db, where: ColumnElement[bool], instance: Path | None) -> Figured:
    """The figures of the rated seats ``where`` says (joined: ``SeatRecord``,
    ``RatedSeat`` and ``RoundRecord``) from their stored values: a rating's,
    or a slot's of the floor (:mod:`service.players.slot_figures`)."""
    rows = db.execute(
        select(SeatRecord, RoundRecord.config_id, SeatExpectedValue)
        .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .outerjoin(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
        .where(where)
        .order_by(SeatRecord.id)
    ).all()
    constants: dict[int, Constants] = {}
    total, pending, whole = Parts(), 0, True
    for seat, config_id, stored in rows:
        if stored is None:
            pending += 1
            continue
        try:
            values = hand_values_of(stored)
        except StaleSeatValues:
            pending += 1  # valued again by hand (docs/rated-play.md): it waits
            continue
        if config_id not in constants:
            constants[config_id] = constants_of(db, config_id, instance)
        known = constants[config_id]
        whole = whole and known.spread is not None
        total += round_parts(
            RatedRound(
                stakes=PerBet(seat.main_stake, seat.dealer_break_bonus_stake, seat.break_bonus_stake),
                nets=PerBet(seat.main_net, seat.dealer_break_bonus_net, seat.break_bonus_net),
                values=values,
                edges=known.edges,
                spread=known.spread or _NO_SPREAD,
            )
        )
    last = rows[-1][0].id if rows else None
    return Figured(numerators(total), whole, pending, last)


#: a process's complete constants by (configuration digest, instance): a
#: configuration's par sheet and card spread never change once made, and
#: reading and parsing them again was a third of a round's luck job (keyed
#: by the rules, not the version's id: ids repeat across databases)
_KEPT: dict[tuple[str, Path | None], Constants] = {}


def constants_of(db: Db, config_id: int, instance: Path | None) -> Constants:
    """The version's edges (its cached par sheet) and card spread (None
    while its strategy table is not complete: not kept, looked for again)."""
    return config_constants(version_config(db, config_id), instance)


def config_constants(config: TableConfig, instance: Path | None) -> Constants:
    """:func:`constants_of` a version's rules already read."""
    key = (config.digest, instance)
    kept = _KEPT.get(key)
    if kept is not None:
        return kept
    sheet, _ = par_sheet(config, instance)  # cached by the version's par sheet job
    edges = edges_of(sheet)
    try:
        spread: CardSpread | None = config_spread(config, edges, instance)
    except LookupError:
        spread = None
    found = Constants(edges, spread)
    if spread is not None:
        _KEPT[key] = found
    return found


def figure_rating(db: Db, rating_id: int, instance: Path | None, now: datetime) -> bool:
    """Write (or replace) the rating's figures row from its rounds; False
    when the row was up to date already (a repeated job)."""
    if db.get(Rating, rating_id) is None:
        raise LookupError(f"no rating with id {rating_id}")
    columns = row_columns(figures_of(db, rating_id, instance))
    row = db.get(RatingFigures, rating_id, with_for_update=True)
    if row is not None and all(getattr(row, name) == value for name, value in columns.items()):
        return False
    if row is None:
        row = RatingFigures(rating_id=rating_id)
        db.add(row)
    for name, value in columns.items():
        setattr(row, name, value)
    row.figured_at = now
    db.flush()
    feed_if_closed(db, rating_id, now)  # a closed rating's slip changed
    return True


def stored_sums(row: RatingFigures) -> Numerators:
    """A figures row's exact sums (a missing player's-cards variance as 0:
    the caller says it is missing)."""
    return Numerators(
        rounds=row.rounds,
        handle=PerBet(row.main_handle, row.dealer_break_bonus_handle, row.break_bonus_handle),
        actual=row.actual,
        theoretical=row.theoretical,
        decisions=row.decisions,
        player_cards=row.player_cards,
        dealer_cards=row.dealer_cards,
        player_cards_variance=row.player_cards_variance or 0,
        dealer_cards_variance=row.dealer_cards_variance,
    )


def figured_values() -> ColumnElement[bool]:
    """The SQL condition a seat's stored values are ones the job figures
    (joined: ``SeatExpectedValue``): not a row that predates its product
    moment and holds a Lucky Break (``StaleSeatValues``: it waits)."""
    return or_(
        SeatExpectedValue.main_dealer_break_bonus.is_not(None),
        SeatExpectedValue.dealer_break_bonus_square == DEALER_HANDS,
    )


def row_columns(figured: Figured) -> dict[str, object]:
    """A figures row's columns (a rating's or a slot's) from its figures."""
    sums = figured.sums
    return {
        "rounds": sums.rounds,
        "pending_rounds": figured.pending_rounds,
        "last_seat_id": figured.last_seat_id,
        "main_handle": sums.handle.main,
        "dealer_break_bonus_handle": sums.handle.dealer_break_bonus,
        "break_bonus_handle": sums.handle.break_bonus,
        "actual": sums.actual,
        "theoretical": sums.theoretical,
        "decisions": sums.decisions,
        "player_cards": sums.player_cards,
        "dealer_cards": sums.dealer_cards,
        "player_cards_variance": sums.player_cards_variance if figured.with_player_variance else None,
        "dealer_cards_variance": sums.dealer_cards_variance,
    }


def out_of_date() -> ColumnElement[bool]:
    """A rating (a row of ``ratings``) with counting rated seats whose
    figures row is missing, or was figured from other seats than count
    now (a round voided or corrected since, its values stored since)."""
    seats = (
        select(func.count(SeatRecord.id), func.max(SeatRecord.id))
        .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .where(RatedSeat.rating_id == Rating.id, counting())
        .correlate(Rating)
    )
    count = seats.with_only_columns(func.count(SeatRecord.id)).scalar_subquery()
    last = seats.with_only_columns(func.max(SeatRecord.id)).scalar_subquery()
    # Valued as the job counts them: a row that predates its product moment
    # and holds a Lucky Break waits (``StaleSeatValues``), else the sweep
    # would send its rating's job again every time.
    valued = (
        seats.with_only_columns(func.count(SeatRecord.id))
        .join(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
        .where(figured_values())
        .scalar_subquery()
    )
    kept = select(RatingFigures.rating_id).where(RatingFigures.rating_id == Rating.id)
    stale = kept.where(
        or_(
            RatingFigures.rounds + RatingFigures.pending_rounds != count,
            RatingFigures.last_seat_id.is_distinct_from(last),
            RatingFigures.rounds != valued,
        )
    )
    return or_(and_(count > 0, ~kept.exists()), stale.exists())


def unfigured_ratings(db: Db, before: datetime | None = None, limit: int = 1_000) -> list[int]:
    """The ratings whose figures job has work to do, oldest first;
    ``before``: only ratings recorded before then."""
    query = select(Rating.id).where(out_of_date())
    if before is not None:
        query = query.where(Rating.recorded_at < before)
    return list(db.scalars(query.order_by(Rating.id).limit(limit)))


def unfigured_rating_count(db: Db) -> int:
    """How many ratings the figures job has work at (the ops status)."""
    return int(db.scalar(select(func.count(Rating.id)).where(out_of_date())) or 0)
