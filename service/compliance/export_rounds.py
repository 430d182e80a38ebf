"""The rounds and seats files of a compliance export: their queries, each
round with its status as of the cut, and how a row becomes a line."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sqlalchemy import Exists, case, exists, func, literal, select

from service.compliance.export_queries import Cut, Line, Query, Scope, rounds_in
from service.compliance.export_values import (
    REMEMBERED,
    as_stored,
    as_text,
    card_text,
    instant_cells,
    round_id,
    setting_text,
    stored_cells,
)
from service.rounds.aggregates import BETS
from service.rounds.status import ExceptionKind, RoundStatus
from service.store.db import Db
from service.store.models import (
    ConfigVersion,
    ExceptionDecision,
    GameTable,
    RoundException,
    RoundRecord,
    SeatRecord,
    TableCurrency,
    User,
)


def _approved(kind: str, cut: Cut) -> Exists:
    """An approved void or correction of the round, decided before the cut."""
    return exists().where(
        RoundException.round_id == RoundRecord.id,
        RoundException.kind == kind,
        RoundException.id <= cut.exception_id,
        ExceptionDecision.exception_id == RoundException.id,
        ExceptionDecision.approved.is_(True),
        ExceptionDecision.id <= cut.decision_id,
    )


def rounds_query(scope: Scope) -> Query:
    cut = scope.cut
    superseded_by = (
        select(ExceptionDecision.replacement_id)
        .join(RoundException, RoundException.id == ExceptionDecision.exception_id)
        .where(
            RoundException.round_id == RoundRecord.id,
            RoundException.kind == ExceptionKind.CORRECTION,
            RoundException.id <= cut.exception_id,
            ExceptionDecision.approved.is_(True),
            ExceptionDecision.id <= cut.decision_id,
        )
        .limit(1)
        .scalar_subquery()
    )
    status = case(
        (_approved(ExceptionKind.VOID, cut), literal(RoundStatus.VOID)),
        (_approved(ExceptionKind.CORRECTION, cut), literal(RoundStatus.SUPERSEDED)),
        else_=literal(RoundStatus.SETTLED),
    )
    return (
        select(
            RoundRecord.id,
            RoundRecord.table_id,
            GameTable.name,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundRecord.supersedes_id,
            status,
            superseded_by,
            ConfigVersion.version,
            as_text(RoundRecord.dealer_cards),  # JSON columns as text: loaded faster below
            User.name,
            as_stored(RoundRecord.entered_at),  # read by their types below, faster
            RoundRecord.utc_offset_minutes,
            as_stored(RoundRecord.gaming_day),
            RoundRecord.shift,
            RoundRecord.house_net,
            # A table made before currencies were kept is in USD (2 decimals).
            func.coalesce(TableCurrency.code, literal("USD")),
        )
        .join(GameTable, GameTable.id == RoundRecord.table_id)
        .outerjoin(TableCurrency, TableCurrency.table_id == RoundRecord.table_id)
        .join(ConfigVersion, ConfigVersion.id == RoundRecord.config_id)
        .join(User, User.id == RoundRecord.entered_by)
        .where(*rounds_in(scope))
        .order_by(RoundRecord.id)
    )


def round_lines(db: Db) -> Callable[[Line], list[object]]:
    """A round's line, its time and gaming day read by their column types
    (:func:`instant_cells`, :func:`stored_cells`)."""
    instant, day = (
        instant_cells(RoundRecord.entered_at, db),
        stored_cells(RoundRecord.gaming_day, db),
    )

    def round_row(row: Line) -> list[object]:
        (record_id, table_id, table, ref, revision, supersedes, status, superseded_by, version, dealer) = row[
            :10
        ]
        (entered_by, entered_at, offset, gaming_day, shift, house_net, currency) = row[10:]
        return [
            record_id,
            table_id,
            table,
            round_id(ref, revision),
            revision,
            supersedes,
            status,
            superseded_by,
            version,
            card_text(dealer),
            entered_by,
            instant(entered_at),
            offset,
            day(gaming_day),
            shift,
            house_net,
            currency,
        ]

    return round_row


MONEY_COLUMNS = tuple(f"{bet}_{part}" for bet in BETS for part in ("stake", "outcome", "net"))


def seats_query(scope: Scope) -> Query:
    money = [getattr(SeatRecord, name) for name in MONEY_COLUMNS]
    return (
        select(
            SeatRecord.round_id,
            RoundRecord.table_id,
            RoundRecord.round_ref,
            RoundRecord.revision,
            as_stored(RoundRecord.gaming_day),  # a row a seat: read as stored, made a cell below
            SeatRecord.seat,
            as_text(SeatRecord.cards),
            as_text(SeatRecord.setting_entered),
            as_text(SeatRecord.low),
            as_text(SeatRecord.high),
            SeatRecord.rule,
            as_stored(SeatRecord.fouled),
            *money,
        )
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .where(*rounds_in(scope))
        .order_by(SeatRecord.round_id, SeatRecord.seat)
    )


def seat_lines(db: Db) -> Callable[[Line], list[object]]:
    """A seat's line, its gaming day and foul as their column types read
    them (:func:`stored_cells`). What repeats from seat to seat is worked
    out once and remembered: the round's id (its seats come together), the
    low hand (about 1,400 of them) and the setting (half are "house_way");
    the seven cards and the high hand rarely repeat."""
    day, flag = stored_cells(RoundRecord.gaming_day, db), stored_cells(SeatRecord.fouled, db)
    ref_of = lru_cache(maxsize=REMEMBERED, typed=True)(round_id)
    low_of = lru_cache(maxsize=2 * REMEMBERED)(card_text)
    setting_of = lru_cache(maxsize=REMEMBERED)(setting_text)

    def seat_row(row: Line) -> list[object]:
        record_id, table_id, ref, revision, gaming_day, seat = row[:6]
        seven, entered, low, high, rule, fouled = row[6:12]
        return [
            record_id,
            table_id,
            ref_of(ref, revision),
            revision,
            day(gaming_day),
            seat,
            card_text(seven),
            setting_of(entered),
            low_of(low),
            card_text(high),
            rule,
            flag(fouled),
            *row[12:],
        ]

    return seat_row
