"""The cash rules at a buy-in (rule book section 14, docs/cash-rules.md).

- **The log.** A cash buy-in of at least the log threshold of its table's
  currency (the settings in force) goes into the multiple transaction
  log, in the buy-in's transaction, with a ``cash_transaction_logged``
  event. A buy-in of chips brought from elsewhere is no cash: it is never
  logged, never summed.
- **The day's cash in** is the player's cash buy-ins of one gaming day
  (each placed, when bought, by its table's schedule and time zone, as a
  round is) in one currency, all tables together (``cash_ins``).
- **Decision: "would pass" is strictly above.** A buy-in after which the
  day's cash in is above the report threshold passes it; one that brings
  it to exactly the threshold does not. Such a buy-in is refused, 409
  ``identification_required`` naming ``amount``, while the player has no
  identification recorded; once one is, it is taken and the player-day is
  listed for a currency transaction report (once, with a
  ``report_day_listed`` event).
- **Race-safe.** The player's row is locked (PostgreSQL) before the day is
  summed and held to the commit, so two buy-ins at two tables at once are
  summed one after the other; SQLite's single writer does the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.currency import Currency
from service.errors import Conflict, ErrorCode
from service.players.casino_settings import Thresholds, current_settings
from service.players.identification import has_identification
from service.players.players import get_player
from service.store.db import Db
from service.store.models import BuyIn, CashIn, CashLogEntry, GameTable, Player, Rating, ReportDay, User
from service.tables.gaming_day import place
from service.tables.tables import currency_of_table


@dataclass(frozen=True, slots=True)
class CashDay:
    """Where a cash transaction at a table falls: its gaming day and its
    currency's thresholds in force."""

    gaming_day: date
    thresholds: Thresholds

    @property
    def currency(self) -> Currency:
        return self.thresholds.currency


def cash_day(db: Db, table: GameTable, now: datetime) -> CashDay:
    thresholds = current_settings(db).thresholds_in(currency_of_table(db, table))
    return CashDay(place(now, table.timezone, table.shift_starts).gaming_day, thresholds)


def day_cash_in(db: Db, player_id: int, day: CashDay) -> int:
    """The player's cash in over the gaming day in its currency so far."""
    total = db.scalar(
        select(func.coalesce(func.sum(CashIn.amount), 0)).where(
            CashIn.player_id == player_id,
            CashIn.gaming_day == day.gaming_day,
            CashIn.currency == day.currency.code,
        )
    )
    return int(total or 0)


def check_cash_in(
    db: Db, rating: Rating, table: GameTable, amount: int, now: datetime, field: str = "amount"
) -> CashDay:
    """A cash buy-in of ``amount`` at ``now`` (a late one's: when it
    happened, so its own gaming day) checked against the report threshold,
    the player locked first; refused while it would pass the threshold and
    the player is not identified, naming ``field``."""
    # The player's row locked to the commit on PostgreSQL: the day's sum
    # and the buy-in that follows it are one step for each player.
    player = get_player(db, db.get_one(Player, rating.player_id).club_number, locked=True)
    day = cash_day(db, table, now)
    after = day_cash_in(db, player.id, day) + amount
    if after > day.thresholds.report and not has_identification(db, player.id):
        text = day.currency.text
        raise Conflict(
            ErrorCode.IDENTIFICATION_REQUIRED,
            f"amount: with it the cash in of player {player.club_number} on gaming day "
            f"{day.gaming_day.isoformat()} would be {text(after)}, above the report threshold "
            f"{text(day.thresholds.report)}: record the player's identification first",
            field,
        )
    return day


def cash_in_record(row: BuyIn, rating: Rating, day: CashDay) -> dict[str, Any]:
    """The ``cash_ins`` row of a cash buy-in as its ``buy_in_recorded``
    event carries it (under ``cash_in``): the compliance verification
    matches the stored row to it."""
    return {
        "buy_in_id": row.id,
        "player_id": rating.player_id,
        "table_id": rating.table_id,
        "gaming_day": day.gaming_day.isoformat(),
        "currency": day.currency.code,
        "amount": row.amount,
    }


def record_cash_in(
    db: Db, row: BuyIn, rating: Rating, day: CashDay, user: User, now: datetime | None = None
) -> None:
    """The cash buy-in ``row`` (checked by ``check_cash_in``) placed in its
    day, logged at or above the log threshold, and its day listed when it
    passed the report threshold. ``now``: when a late one is recorded (its
    events' time; the row's own ``at`` is when it happened)."""
    db.add(
        CashIn(
            buy_in_id=row.id,
            player_id=rating.player_id,
            table_id=rating.table_id,
            gaming_day=day.gaming_day,
            currency=day.currency.code,
            amount=row.amount,
        )
    )
    db.flush()
    if row.amount >= day.thresholds.log:
        entry = CashLogEntry(
            table_id=rating.table_id,
            gaming_day=day.gaming_day,
            currency=day.currency.code,
            minor_unit=day.currency.minor_unit,
            amount=row.amount,
            player_id=rating.player_id,
            buy_in_id=row.id,
            recorded_by=user.id,
            at=row.at,
        )
        log_entry(db, entry, now)
    if day_cash_in(db, rating.player_id, day) > day.thresholds.report:
        _list_day(db, rating.player_id, row, day, now or row.at)


def log_entry(db: Db, entry: CashLogEntry, now: datetime | None = None) -> CashLogEntry:
    """An entry of the multiple transaction log, with its event (at
    ``now``, by default when the transaction happened)."""
    db.add(entry)
    db.flush()
    record_event(
        db,
        EventKind.CASH_TRANSACTION_LOGGED,
        f"cash_log:{entry.id}",
        {
            "entry_id": entry.id,
            "table_id": entry.table_id,
            "gaming_day": entry.gaming_day.isoformat(),
            "currency": entry.currency,
            "minor_unit": entry.minor_unit,
            "amount": entry.amount,
            "player_id": entry.player_id,
            "buy_in_id": entry.buy_in_id,
            "description": entry.description,
        },
        entry.recorded_by,
        entry.table_id,
        at=now or entry.at,
    )
    return entry


def _list_day(db: Db, player_id: int, row: BuyIn, day: CashDay, now: datetime) -> None:
    listed = db.scalar(
        select(ReportDay.id).where(
            ReportDay.player_id == player_id,
            ReportDay.gaming_day == day.gaming_day,
            ReportDay.currency == day.currency.code,
        )
    )
    if listed is not None:
        return
    report_day = ReportDay(
        player_id=player_id,
        gaming_day=day.gaming_day,
        currency=day.currency.code,
        minor_unit=day.currency.minor_unit,
        buy_in_id=row.id,
        listed_at=now,
    )
    db.add(report_day)
    db.flush()
    record_event(
        db,
        EventKind.REPORT_DAY_LISTED,
        f"player:{player_id}",
        {
            "report_day_id": report_day.id,
            "player_id": player_id,
            "gaming_day": day.gaming_day.isoformat(),
            "currency": day.currency.code,
            "minor_unit": day.currency.minor_unit,
            "buy_in_id": row.id,
        },
        row.recorded_by,
        at=now,
    )
