"""The hidden-information test's job (rule book section 15, "Decisions
that know the dealer's hand"): within seconds of a round being entered,
each seat's bet (:func:`service.analysis.seat_bets.seat_bet`) is stored
once and added to its subject's evidence (a rated player's gaming day, an
unrated seat's table session: :mod:`service.protection.hidden_evidence`),
and a window whose evidence reaches its threshold raises its alert, once
(:mod:`service.protection.hidden_alerts`).

The rounds tested are those entered (revision 0): the decisions the
players made at the table. A correction's setting was entered by the pit
after the dealer's hand was known, and a void does not undo a decision
made; neither changes the evidence. A foul is never one of the cards'
settings: its seat is not tested. A seat is a rated player's when it was
rated at that round (``rated_seats``).

A round's bets are found before anything is written: a missing
strategy-table block raises ``StrategyTableMissing`` and writes nothing,
as the expected-values job does (and is retried as that job is)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, bindparam, exists, func, insert, select

from service.analysis.seat_bets import seat_bet
from service.engine.cards import parse_cards
from service.engine.table_config import TableConfig
from service.protection.hidden_batch import SeatBet, judge_batch
from service.rounds.seat_values import played_ranks
from service.store.db import Db, hold_writer
from service.store.models import (
    ConfigVersion,
    HiddenRound,
    RatedSeat,
    Rating,
    RoundRecord,
    SeatRecord,
    TableSession,
)

_ROUNDS = cast(Table, HiddenRound.__table__)


def judge_rounds(db: Db, round_ids: list[int], instance: Path | None, now: datetime) -> int:
    """:func:`judge_round` for several rounds in one transaction, in id
    order; how many were tested now. The rounds, their seats and their
    bets are read for all of them first (a query each, not a round: the
    worker runs the test 50 rounds a transaction), and their markers
    written in one statement; each round's evidence and alerts then as a
    round alone has them."""
    ids = sorted(set(round_ids))
    records = {row.id: row for row in db.execute(_RECORDS, {"round_ids": ids})}
    missing = [round_id for round_id in ids if round_id not in records]
    if missing:
        raise LookupError(f"no round with id {missing[0]}")
    untested = [records[round_id] for round_id in ids if records[round_id].tested is None]
    if not untested:
        return 0
    entered = [record.id for record in untested if record.revision == 0]
    seats: dict[int, list[Any]] = {round_id: [] for round_id in entered}
    if entered:
        for row in db.execute(_SEATS, {"round_ids": entered}):
            seats[row.round_id].append(row)
    bets = {record.id: _bets(record, seats.get(record.id, []), instance) for record in untested}
    hold_writer(db)  # SQLite: the bets, the evidence and any alert in one turn
    # A concurrent run of the same round fails on this key and, run again,
    # finds it tested.
    db.execute(insert(_ROUNDS), [{"round_id": record.id, "tested_at": now} for record in untested])
    judge_batch(db, [(record, bets[record.id]) for record in untested], now)
    return len(untested)


# Built once: read on every round. The columns the test needs, without the
# ORM's objects (a round's job is a few milliseconds).
# The session open at the table as the round was entered (session_at's).
_SESSION_AT = (
    select(TableSession.id)
    .where(
        TableSession.table_id == RoundRecord.table_id,
        TableSession.opened_at <= RoundRecord.entered_at,
        TableSession.closed_at.is_(None) | (TableSession.closed_at >= RoundRecord.entered_at),
    )
    .order_by(TableSession.id.desc())
    .limit(1)
    .correlate(RoundRecord)
    .scalar_subquery()
)
# The rounds, their versions' rules, their sessions and whether they were
# tested, in one query.
_RECORDS = (
    select(
        RoundRecord.id,
        RoundRecord.table_id,
        RoundRecord.config_id,
        RoundRecord.dealer_cards,
        RoundRecord.entered_at,
        RoundRecord.gaming_day,
        RoundRecord.entered_by,
        RoundRecord.revision,
        ConfigVersion.rules,
        _ROUNDS.c.round_id.label("tested"),
        _SESSION_AT.label("session_id"),
    )
    .join(ConfigVersion, ConfigVersion.id == RoundRecord.config_id)
    .outerjoin(_ROUNDS, _ROUNDS.c.round_id == RoundRecord.id)
    .where(RoundRecord.id.in_(bindparam("round_ids", expanding=True)))
)
# Each seat with the player whose rating rated it, if any.
_SEATS = (
    select(
        SeatRecord.round_id,
        SeatRecord.id,
        SeatRecord.seat,
        SeatRecord.cards,
        SeatRecord.setting_entered,
        Rating.player_id,
    )
    .outerjoin(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
    .outerjoin(Rating, Rating.id == RatedSeat.rating_id)
    .where(SeatRecord.round_id.in_(bindparam("round_ids", expanding=True)))
    .order_by(SeatRecord.round_id, SeatRecord.seat)
)


def judge_round(db: Db, round_id: int, instance: Path | None, now: datetime) -> bool:
    """Test a round's seats, once; ``False`` when it was tested before."""
    return judge_rounds(db, [round_id], instance, now) == 1


def _bets(record: Any, seats: list[Any], instance: Path | None) -> list[SeatBet]:
    """Every seat's bet but a foul's, from its round's seats' rows (raises
    ``StrategyTableMissing`` before anything is written)."""
    if record.revision != 0:
        return []  # a correction: see the module's docstring
    config = TableConfig.from_json(record.rules)  # config_of's
    dealer = parse_cards(record.dealer_cards)
    found = []
    for row in seats:
        bet = seat_bet(parse_cards(row.cards), played_ranks(row.setting_entered), dealer, config, instance)
        if bet is not None:
            found.append(SeatBet(row.id, row.seat, bet, row.player_id))
    return found


def untested() -> ColumnElement[bool]:
    """The SQL condition a round was entered (not a correction's record)
    and is not tested yet."""
    return (RoundRecord.revision == 0) & ~exists().where(HiddenRound.round_id == RoundRecord.id)


def untested_rounds(db: Db, before: datetime | None = None, limit: int = 1000) -> list[tuple[int, int]]:
    """Rounds entered (before ``before``) and not tested, with their
    configuration versions: work undone, which the sweep sends again."""
    query = select(RoundRecord.id, RoundRecord.config_id).where(untested())
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    return [(row[0], row[1]) for row in db.execute(query.order_by(RoundRecord.id).limit(limit))]


def untested_count(db: Db) -> int:
    """How many rounds the test has work at (the ops status)."""
    return int(db.scalar(select(func.count()).select_from(RoundRecord).where(untested())) or 0)
