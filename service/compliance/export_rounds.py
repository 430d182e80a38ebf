"""The rounds and seats files of a compliance export: their queries, each
round with its status as of the cut, and how a row becomes a line."""

from __future__ import annotations

from sqlalchemy import Exists, case, exists, func, literal, select

from service.compliance.export_queries import Cut, Line, Query, Scope, rounds_in
from service.compliance.export_values import as_text, cards, loaded, round_id, setting
from service.rounds.aggregates import BETS
from service.rounds.status import ExceptionKind, RoundStatus
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
            RoundRecord.entered_at,
            RoundRecord.utc_offset_minutes,
            RoundRecord.gaming_day,
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


def round_row(row: Line) -> list[object]:
    (record_id, table_id, table, ref, revision, supersedes, status, superseded_by, version, dealer) = row[:10]
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
        cards(loaded(dealer)),
        entered_by,
        entered_at,
        offset,
        gaming_day,
        shift,
        house_net,
        currency,
    ]


MONEY_COLUMNS = tuple(f"{bet}_{part}" for bet in BETS for part in ("stake", "outcome", "net"))


def seats_query(scope: Scope) -> Query:
    money = [getattr(SeatRecord, name) for name in MONEY_COLUMNS]
    return (
        select(
            SeatRecord.round_id,
            RoundRecord.table_id,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundRecord.gaming_day,
            SeatRecord.seat,
            as_text(SeatRecord.cards),
            as_text(SeatRecord.setting_entered),
            as_text(SeatRecord.low),
            as_text(SeatRecord.high),
            SeatRecord.rule,
            SeatRecord.fouled,
            *money,
        )
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .where(*rounds_in(scope))
        .order_by(SeatRecord.round_id, SeatRecord.seat)
    )


def seat_row(row: Line) -> list[object]:
    record_id, table_id, ref, revision, gaming_day, seat, seven, entered, low, high, rule, fouled = row[:12]
    return [
        record_id,
        table_id,
        round_id(ref, revision),
        revision,
        gaming_day,
        seat,
        cards(loaded(seven)),
        setting(loaded(entered)),
        cards(loaded(low)),
        cards(loaded(high)),
        rule,
        fouled,
        *row[12:],
    ]
