"""The multiple transaction log and the report days, as the pit and
compliance read them, and an unknown patron's cash transaction logged by
the pit (rule book section 14; the rules at a buy-in are in
:mod:`service.players.cash_rules`).

- **An unknown patron** (no club number, so no rating) is logged by a pit
  boss at a table with an amount in the table's currency and a
  description of the patron (1 to 500 characters). The same threshold
  holds: a transaction below the log threshold is no entry of the log
  (422 ``invalid_amount``).
- **The reads** name the player by club number and name, never the
  identification: the log a page at a time (keyset, by entry), by gaming
  day and table; the report days with each day's cash in now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, TypedDict

from sqlalchemy import func, select

from service.config.currency import Currency, CurrencyJson
from service.errors import ErrorCode, Invalid
from service.players.cash_rules import cash_day, log_entry
from service.players.players import player_views
from service.store.db import Db
from service.store.models import CashIn, CashLogEntry, GameTable, Player, ReportDay, User
from service.store.paging import Keyset, KeysetPage, Order, keyset_page

MAX_AMOUNT = 2**63 - 1
MAX_DESCRIPTION = 500


@dataclass(frozen=True, slots=True)
class Patron:
    """Who an entry is about: a player by club number and name now, or
    (both None) an unknown patron."""

    club_number: str | None
    name: str | None


class LogEntryJson(TypedDict):
    id: Annotated[int, "the entry's id"]
    table_id: Annotated[int, "the table it was made at"]
    table_name: Annotated[str, "the table's name"]
    gaming_day: Annotated[date, "the gaming day, by the table's schedule when it was made"]
    currency: Annotated[CurrencyJson, "the table's currency: what the amount counts"]
    amount: Annotated[int, "the cash, whole minor units of the currency"]
    club_number: Annotated[str | None, "the player's club number; null: an unknown patron"]
    name: Annotated[str | None, "the player's name now; null: an unknown patron"]
    buy_in_id: Annotated[int | None, "the player's buy-in it logs; null: an unknown patron's"]
    description: Annotated[str | None, "an unknown patron's description; null for a player"]
    recorded_by: Annotated[str, "who recorded it (the user's name)"]
    at: Annotated[datetime, "when"]


class ReportDayJson(TypedDict):
    id: Annotated[int, "the listing's id"]
    club_number: Annotated[str, "the player's club number"]
    name: Annotated[str, "the player's name now"]
    gaming_day: Annotated[date, "the gaming day whose cash in passed the report threshold"]
    currency: Annotated[CurrencyJson, "the currency of the day's cash in (summed a currency at a time)"]
    cash_in: Annotated[int, "the player's cash in over the day in this currency, all tables, minor units"]
    buy_in_id: Annotated[int, "the buy-in that passed the report threshold"]
    listed_at: Annotated[datetime, "when that buy-in listed the day"]


def log_unknown_patron(
    db: Db, table: GameTable, user: User, amount: int, description: str, now: datetime
) -> LogEntryJson:
    """An unknown patron's cash transaction at ``table``, logged."""
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT, "amount: a whole number of minor units, more than 0", "amount"
        )
    told = description.strip()
    if not 0 < len(told) <= MAX_DESCRIPTION:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"description: 1 to {MAX_DESCRIPTION} characters that say who the patron is",
            "description",
        )
    day = cash_day(db, table, now)
    if amount < day.thresholds.log:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT,
            f"amount: {day.currency.text(amount)} is below the log threshold "
            f"{day.currency.text(day.thresholds.log)}: it is no entry of the transaction log",
            "amount",
        )
    entry = CashLogEntry(
        table_id=table.id,
        gaming_day=day.gaming_day,
        currency=day.currency.code,
        minor_unit=day.currency.minor_unit,
        amount=amount,
        description=told,
        recorded_by=user.id,
        at=now,
    )
    (shown,) = _entry_values(db, [log_entry(db, entry)])
    return shown


def cash_log_page(
    db: Db, order: Order, limit: int, at: Keyset | None, day: date | None = None, table_id: int | None = None
) -> KeysetPage[LogEntryJson]:
    """A page of the log, by entry; of one gaming day, one table, or both."""
    statement = select(CashLogEntry)
    if day is not None:
        statement = statement.where(CashLogEntry.gaming_day == day)
    if table_id is not None:
        statement = statement.where(CashLogEntry.table_id == table_id)
    page: KeysetPage[CashLogEntry] = keyset_page(db, statement, CashLogEntry.id, order, limit, at)
    return KeysetPage(
        _entry_values(db, page.items), page.any_rows, page.per_page, page.previous, page.following
    )


def report_day_page(
    db: Db, order: Order, limit: int, at: Keyset | None, day: date | None = None
) -> KeysetPage[ReportDayJson]:
    """A page of the player-days listed for a currency transaction report."""
    statement = select(ReportDay)
    if day is not None:
        statement = statement.where(ReportDay.gaming_day == day)
    page: KeysetPage[ReportDay] = keyset_page(db, statement, ReportDay.id, order, limit, at)
    rows = page.items
    players = _players(db, {row.player_id for row in rows})
    shown: list[ReportDayJson] = [
        {
            "id": row.id,
            "club_number": players[row.player_id].club_number or "",
            "name": players[row.player_id].name or "",
            "gaming_day": row.gaming_day,
            "currency": Currency(row.currency, row.minor_unit).json(),
            "cash_in": _cash_in(db, row),
            "buy_in_id": row.buy_in_id,
            "listed_at": row.listed_at,
        }
        for row in rows
    ]
    return KeysetPage(shown, page.any_rows, page.per_page, page.previous, page.following)


def _cash_in(db: Db, row: ReportDay) -> int:
    total = db.scalar(
        select(func.coalesce(func.sum(CashIn.amount), 0)).where(
            CashIn.player_id == row.player_id,
            CashIn.gaming_day == row.gaming_day,
            CashIn.currency == row.currency,
        )
    )
    return int(total or 0)


def _players(db: Db, ids: set[int]) -> dict[int, Patron]:
    found = list(db.scalars(select(Player).where(Player.id.in_(ids)))) if ids else []
    views = player_views(db, found) if found else []
    return {
        player.id: Patron(view.club_number, view.name.name) for player, view in zip(found, views, strict=True)
    }


def _entry_values(db: Db, rows: Sequence[CashLogEntry]) -> list[LogEntryJson]:
    players = _players(db, {row.player_id for row in rows if row.player_id is not None})
    table_ids = {row.table_id for row in rows}
    user_ids = {row.recorded_by for row in rows}
    tables = dict(db.execute(select(GameTable.id, GameTable.name).where(GameTable.id.in_(table_ids))).all())
    users = dict(db.execute(select(User.id, User.name).where(User.id.in_(user_ids))).all())
    unknown = Patron(None, None)
    patrons = [unknown if row.player_id is None else players[row.player_id] for row in rows]
    return [
        {
            "id": row.id,
            "table_id": row.table_id,
            "table_name": tables[row.table_id],
            "gaming_day": row.gaming_day,
            "currency": Currency(row.currency, row.minor_unit).json(),
            "amount": row.amount,
            "club_number": patron.club_number,
            "name": patron.name,
            "buy_in_id": row.buy_in_id,
            "description": row.description,
            "recorded_by": users[row.recorded_by],
            "at": row.at,
        }
        for row, patron in zip(rows, patrons, strict=True)
    ]
