"""The cash rules' records (rule book section 14): each cash buy-in by a
player placed in its gaming day and currency (``cash_ins``, what a day's
cash in sums), the multiple transaction log (``cash_log_entries``) and
the player-days listed for a currency transaction report
(``report_days``). Every row is written once; the database refuses any
change (migration 0031)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class CashIn(Base):
    """A player's cash buy-in, placed in the gaming day of its table's
    schedule and in its table's currency when it was bought: the day's
    cash in is the sum of these, whatever the schedule becomes later."""

    __tablename__ = "cash_ins"
    __table_args__ = (Index("ix_cash_ins_player_day", "player_id", "gaming_day", "currency"),)

    buy_in_id: Mapped[int] = mapped_column(ForeignKey("buy_ins.id"), primary_key=True, autoincrement=False)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date())
    currency: Mapped[str] = mapped_column(String(3))
    amount: Mapped[int] = mapped_column(BigInteger)


class CashLogEntry(Base):
    """An entry of the multiple transaction log: a player's cash buy-in of
    at least the log threshold (``buy_in_id``, ``player_id``), or an
    unknown patron's cash transaction with a ``description``."""

    __tablename__ = "cash_log_entries"
    __table_args__ = (Index("ix_cash_log_entries_day", "gaming_day", "table_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date())
    currency: Mapped[str] = mapped_column(String(3))
    minor_unit: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    buy_in_id: Mapped[int | None] = mapped_column(ForeignKey("buy_ins.id"), unique=True)
    description: Mapped[str | None] = mapped_column(String(500))  # an unknown patron's
    recorded_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ReportDay(Base):
    """A player's gaming day in one currency whose cash in passed the
    report threshold: listed once, by the buy-in that passed it."""

    __tablename__ = "report_days"
    __table_args__ = (UniqueConstraint("player_id", "gaming_day", "currency"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    gaming_day: Mapped[date] = mapped_column(Date())
    currency: Mapped[str] = mapped_column(String(3))
    minor_unit: Mapped[int] = mapped_column(Integer)
    buy_in_id: Mapped[int] = mapped_column(ForeignKey("buy_ins.id"))
    listed_at: Mapped[datetime] = mapped_column(UTCDateTime())
