"""The cash rules' files of a compliance export (rule book section 14,
docs/cash-rules.md): the period's cash ins, its multiple transaction log
and its player-days listed for a currency transaction report, and every
identification recorded up to the cut, as records only.

The cash ins and the log are of the period's gaming days (each placed, as
a round is, by its table's schedule when it was made) at its tables. A
report day is a player's across every table: with a choice of tables, the
days of a player who bought in with cash at one of them that day. The
identifications, like the players, are the register as of the cut: who
recorded which version for which player and when, never the document, not
even its ciphertext (the export is read beyond compliance's page; the
document is read through the API, one read one event).

Their events are in the audit files of the export whose window holds them;
the verification matches every row to its sealed event
(:mod:`service.compliance.cash_claims`)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import ColumnElement, select

from service.compliance.export_queries import Query, Scope
from service.store.models import (
    CashIn,
    CashLogEntry,
    GameTable,
    Player,
    PlayerIdentification,
    ReportDay,
    User,
)

CASH_IN_COLUMNS = (
    "buy_in_id",
    "player_id",
    "club_number",
    "table_id",
    "table",
    "gaming_day",
    "currency",
    "amount",
)
LOG_COLUMNS = (
    "entry_id",
    "table_id",
    "table",
    "gaming_day",
    "currency",
    "minor_unit",
    "amount",
    "player_id",
    "club_number",
    "buy_in_id",
    "description",
    "recorded_by",
    "at_utc",
)
REPORT_DAY_COLUMNS = (
    "report_day_id",
    "player_id",
    "club_number",
    "gaming_day",
    "currency",
    "minor_unit",
    "buy_in_id",
    "listed_at_utc",
)
IDENTIFICATION_COLUMNS = (
    "identification_id",
    "player_id",
    "club_number",
    "version",
    "recorded_by",
    "recorded_at_utc",
)


def _cash_ins_of(scope: Scope) -> list[ColumnElement[bool]]:
    conditions = [
        CashIn.gaming_day >= scope.first_day,
        CashIn.gaming_day <= scope.last_day,
        CashIn.buy_in_id <= scope.cut.buy_in_id,
    ]
    if scope.table_ids is not None:
        conditions.append(CashIn.table_id.in_(scope.table_ids))
    return conditions


def cash_ins_query(scope: Scope) -> Query:
    return (
        select(
            CashIn.buy_in_id,
            CashIn.player_id,
            Player.club_number,
            CashIn.table_id,
            GameTable.name,
            CashIn.gaming_day,
            CashIn.currency,
            CashIn.amount,
        )
        .join(Player, Player.id == CashIn.player_id)
        .join(GameTable, GameTable.id == CashIn.table_id)
        .where(*_cash_ins_of(scope))
        .order_by(CashIn.buy_in_id)
    )


def log_query(scope: Scope) -> Query:
    conditions = [
        CashLogEntry.gaming_day >= scope.first_day,
        CashLogEntry.gaming_day <= scope.last_day,
        CashLogEntry.id <= scope.cut.cash_log_entry_id,
    ]
    if scope.table_ids is not None:
        conditions.append(CashLogEntry.table_id.in_(scope.table_ids))
    return (
        select(
            CashLogEntry.id,
            CashLogEntry.table_id,
            GameTable.name,
            CashLogEntry.gaming_day,
            CashLogEntry.currency,
            CashLogEntry.minor_unit,
            CashLogEntry.amount,
            CashLogEntry.player_id,
            Player.club_number,
            CashLogEntry.buy_in_id,
            CashLogEntry.description,
            User.name,
            CashLogEntry.at,
        )
        .join(GameTable, GameTable.id == CashLogEntry.table_id)
        .outerjoin(Player, Player.id == CashLogEntry.player_id)  # none: an unknown patron
        .join(User, User.id == CashLogEntry.recorded_by)
        .where(*conditions)
        .order_by(CashLogEntry.id)
    )


def report_days_query(scope: Scope) -> Query:
    conditions = [
        ReportDay.gaming_day >= scope.first_day,
        ReportDay.gaming_day <= scope.last_day,
        ReportDay.id <= scope.cut.report_day_id,
    ]
    if scope.table_ids is not None:
        at_tables = (
            select(CashIn.buy_in_id)
            .where(
                CashIn.player_id == ReportDay.player_id,
                CashIn.gaming_day == ReportDay.gaming_day,
                CashIn.currency == ReportDay.currency,
                *_cash_ins_of(scope),
            )
            .exists()
        )
        conditions.append(at_tables)
    return (
        select(
            ReportDay.id,
            ReportDay.player_id,
            Player.club_number,
            ReportDay.gaming_day,
            ReportDay.currency,
            ReportDay.minor_unit,
            ReportDay.buy_in_id,
            ReportDay.listed_at,
        )
        .join(Player, Player.id == ReportDay.player_id)
        .where(*conditions)
        .order_by(ReportDay.id)
    )


def identifications_query(scope: Scope) -> Query:
    # The record's columns only: never key_id, nonce or ciphertext.
    return (
        select(
            PlayerIdentification.id,
            PlayerIdentification.player_id,
            Player.club_number,
            PlayerIdentification.version,
            User.name,
            PlayerIdentification.recorded_at,
        )
        .join(Player, Player.id == PlayerIdentification.player_id)
        .join(User, User.id == PlayerIdentification.recorded_by)
        .where(PlayerIdentification.id <= scope.cut.identification_id)
        .order_by(PlayerIdentification.id)
    )


#: the files, each its name, description, columns and query (all plain rows)
CASH_RECORDS: tuple[tuple[str, str, tuple[str, ...], Callable[[Scope], Query]], ...] = (
    (
        "cash_ins.csv",
        "every player's cash buy-in of the period's gaming days at its tables up to the export's cut, "
        "placed in the gaming day and currency of its table when it was bought: a player's day's cash in "
        "is the sum of these in one currency, all tables together (minor units); chips brought are none",
        CASH_IN_COLUMNS,
        cash_ins_query,
    ),
    (
        "cash_log.csv",
        "the multiple transaction log of the period's gaming days at its tables: every cash transaction "
        "at or above the log threshold, a player's buy-in (club number and buy-in) or an unknown patron's "
        "(the pit boss's description), its amount in minor units of the currency, who logged it and when",
        LOG_COLUMNS,
        log_query,
    ),
    (
        "report_days.csv",
        "every player-day of the period whose cash in (one currency, all tables) passed the report "
        "threshold, listed once for a currency transaction report by the buy-in that passed it; with a "
        "choice of tables, the days of players who bought in with cash at one of them",
        REPORT_DAY_COLUMNS,
        report_days_query,
    ),
    (
        "identifications.csv",
        "every identification recorded up to the export's cut, whatever the period, as a record only: "
        "the player, its version (the highest counts), who recorded it and when; never the document, "
        "which compliance reads through the API",
        IDENTIFICATION_COLUMNS,
        identifications_query,
    ),
)
