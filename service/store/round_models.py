"""Settled rounds and their seats. A settled round is never updated or
deleted: corrections and voids (:mod:`service.store.review_models`) are new
records that point at it."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.store.account_models import User
from service.store.db import Base, UTCDateTime
from service.store.table_models import ConfigVersion


class RoundRecord(Base):
    """A settled round: what was entered and what it settled to.

    An approved correction stores a new record of the same round with the
    next ``revision`` that ``supersedes`` the one it corrects; its
    ``round_ref`` carries the revision after ``#`` so it stays unique."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "round_ref"),
        # An Idempotency-Key is the user's own at the table.
        UniqueConstraint("table_id", "entered_by", "idempotency_key", name="uq_rounds_idempotency_key_scope"),
        # The round list's keyset: a table's rounds in id order, one range read a page.
        Index("ix_rounds_table_id_id", "table_id", "id"),
        # A report's period of a table's rounds, and a session's (0019).
        Index("ix_rounds_table_day_shift", "table_id", "gaming_day", "shift"),
        Index("ix_rounds_table_entered_at", "table_id", "entered_at", "house_net"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    round_ref: Mapped[str] = mapped_column(String(210))  # the round_id as entered, as JSON: <= 202 characters
    dealer_cards: Mapped[list[str]] = mapped_column(JSON)
    entered: Mapped[dict[str, Any]] = mapped_column(JSON)  # the request body as sent
    settlement: Mapped[dict[str, Any]] = mapped_column(JSON)
    house_net: Mapped[int] = mapped_column(BigInteger)
    entered_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    entered_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    utc_offset_minutes: Mapped[int] = mapped_column(Integer)
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    idempotency_key: Mapped[str] = mapped_column(String(200))
    request_digest: Mapped[str] = mapped_column(String(64))
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    supersedes_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id"))

    config: Mapped[ConfigVersion] = relationship(lazy="joined")
    user: Mapped[User] = relationship(lazy="joined")
    seats: Mapped[list[SeatRecord]] = relationship(order_by="SeatRecord.seat", lazy="selectin")


class SeatRecord(Base):
    """One seat of a settled round, in columns the reports can sum."""

    __tablename__ = "round_seats"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    cards: Mapped[list[str]] = mapped_column(JSON)
    setting_entered: Mapped[Any] = mapped_column(JSON)  # "house_way" or {"low", "high"}
    low: Mapped[list[str]] = mapped_column(JSON)  # as settled
    high: Mapped[list[str]] = mapped_column(JSON)
    rule: Mapped[int] = mapped_column(Integer)  # the house-way rule of the seat's cards
    fouled: Mapped[bool] = mapped_column(Boolean)
    main_stake: Mapped[int] = mapped_column(BigInteger)
    main_outcome: Mapped[str] = mapped_column(String(10))
    main_net: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_stake: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_outcome: Mapped[str] = mapped_column(String(10))
    dealer_break_bonus_net: Mapped[int] = mapped_column(BigInteger)
    break_bonus_stake: Mapped[int] = mapped_column(BigInteger)
    break_bonus_outcome: Mapped[str] = mapped_column(String(10))
    break_bonus_net: Mapped[int] = mapped_column(BigInteger)


class RoundCount(Base):
    """How many round records a table holds for a gaming day and shift
    (corrections included: the round list shows every record). Kept in
    the transaction that inserts the record (``service.rounds.round_counts``),
    so the list's ``total`` is a sum of a few rows a day instead of a count
    of every round the table ever stored."""

    __tablename__ = "round_counts"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    gaming_day: Mapped[date] = mapped_column(Date, primary_key=True)
    shift: Mapped[int] = mapped_column(Integer, primary_key=True)
    rounds: Mapped[int] = mapped_column(BigInteger)
