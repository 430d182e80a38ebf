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


class AuditEvent(Base):
    """A significant event, written in the same transaction as the change.
    Append-only: the database refuses updates and deletes."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    subject: Mapped[str] = mapped_column(String(80))  # e.g. "round:17", "user:3"
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id"))
    occurred_at: Mapped[datetime] = mapped_column(UTCDateTime())
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)


class AuditSeal(Base):
    """The hash chain: each sealed event in order, with the SHA-256 of the
    previous link and of its own canonical JSON."""

    __tablename__ = "audit_seals"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    event_id: Mapped[int] = mapped_column(ForeignKey("audit_events.id"), unique=True)
    previous_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    sealed_at: Mapped[datetime] = mapped_column(UTCDateTime())


class OutboxEntry(Base):
    """Work for the background jobs, written with the change it follows."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job: Mapped[str] = mapped_column(String(40))  # "seal" or "aggregate"
    ref: Mapped[int] = mapped_column(Integer)  # the event or round id
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    dispatched_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), index=True)


class ShiftAggregate(Base):
    """Per table, gaming day, shift and dealer: what the pit reports read
    instead of scanning every round. Money in minor units."""

    __tablename__ = "shift_aggregates"
    __table_args__ = (UniqueConstraint("table_id", "gaming_day", "shift", "dealer_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date)
    shift: Mapped[int] = mapped_column(Integer)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    seats: Mapped[int] = mapped_column(Integer, default=0)
    main_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    main_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    player_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_non_qualifications: Mapped[int] = mapped_column(Integer, default=0)
    fouls: Mapped[int] = mapped_column(Integer, default=0)


class AggregatedRound(Base):
    """A round counted into the aggregates: counting it twice is refused."""

    __tablename__ = "aggregated_rounds"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    aggregated_at: Mapped[datetime] = mapped_column(UTCDateTime())
