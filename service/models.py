"""What is stored. Money is integer minor units; times are UTC.

A settled round is never updated or deleted: corrections and voids (the pit
boss issue) are new records that point at it.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.db import Base, UTCDateTime

ROLES = ("dealer", "pit_boss", "compliance", "admin")


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(200))
    failed_logins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class Token(Base):
    """A sign-in. Only the SHA-256 of the bearer token is kept."""

    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    user: Mapped[User] = relationship(lazy="joined")


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    game: Mapped[str] = mapped_column(String(40), default="break_poker")
    status: Mapped[str] = mapped_column(String(20), default="open")
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    configs: Mapped[list[ConfigVersion]] = relationship(
        back_populates="table", order_by="ConfigVersion.version"
    )


class ConfigVersion(Base):
    """One version of a table's rules; a change is a new row."""

    __tablename__ = "config_versions"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    version: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # TableConfig.to_json()
    digest: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    table: Mapped[GameTable] = relationship(back_populates="configs")


class RoundRecord(Base):
    """A settled round: what was entered and what it settled to."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("table_id", "round_ref"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    round_ref: Mapped[str] = mapped_column(String(120))  # the round_id as entered, as JSON
    dealer_cards: Mapped[list[str]] = mapped_column(JSON)
    entered: Mapped[dict[str, Any]] = mapped_column(JSON)  # the request body as sent
    settlement: Mapped[dict[str, Any]] = mapped_column(JSON)
    house_net: Mapped[int] = mapped_column(BigInteger)
    entered_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    entered_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    utc_offset_minutes: Mapped[int] = mapped_column(Integer)
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    request_digest: Mapped[str] = mapped_column(String(64))

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
