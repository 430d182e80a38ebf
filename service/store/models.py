"""What is stored. Money is integer minor units; times are UTC.

A settled round is never updated or deleted: corrections and voids (the pit
boss issue) are new records that point at it.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.store.db import Base, UTCDateTime

#: a table's shifts when it is created without any (the schema's default too)
DEFAULT_SHIFT_STARTS = ("06:00", "14:00", "22:00")
DEFAULT_SHIFT_STARTS_JSON = json.dumps(list(DEFAULT_SHIFT_STARTS))


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(200))
    # The lock of an account everywhere, before 0008; no longer written (see
    # LoginFailure), kept so the version before still runs during an upgrade.
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
    # Local "HH:MM" times each shift starts; the first also starts the gaming day.
    shift_starts: Mapped[list[str]] = mapped_column(
        JSON, default=lambda: list(DEFAULT_SHIFT_STARTS), server_default=DEFAULT_SHIFT_STARTS_JSON
    )
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
    """A settled round: what was entered and what it settled to.

    An approved correction stores a new record of the same round with the
    next ``revision`` that ``supersedes`` the one it corrects; its
    ``round_ref`` carries the revision after ``#`` so it stays unique."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "round_ref"),
        # An Idempotency-Key is the user's own at the table.
        UniqueConstraint("table_id", "entered_by", "idempotency_key", name="uq_rounds_idempotency_key_scope"),
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


class AuditEvent(Base):
    """A significant event, written in the same transaction as the change.
    Append-only: the database refuses updates and deletes."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    subject: Mapped[str] = mapped_column(String(80), index=True)  # e.g. "round:17", "user:3"
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
    # The event as sealed, so a verifier can name the field that changed.
    canonical: Mapped[str | None] = mapped_column(Text)


class OutboxEntry(Base):
    """Work for the background jobs, written with the change it follows."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job: Mapped[str] = mapped_column(String(40))  # a JobKind
    ref: Mapped[int] = mapped_column(Integer)  # the event or round id
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    dispatched_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), index=True)
    # The API request that caused the work, carried into the job's logs.
    request_id: Mapped[str | None] = mapped_column(String(64))


class ShiftAggregate(Base):
    """Per table, gaming day, shift and dealer: what the pit reports read
    instead of scanning every round. Money in minor units."""

    __tablename__ = "shift_aggregates"
    __table_args__ = (UniqueConstraint("table_id", "gaming_day", "shift", "dealer_id", "config_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    # The rules the rounds were settled under: the theoretical hold is theirs.
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    seats: Mapped[int] = mapped_column(Integer, default=0)
    main_bets: Mapped[int] = mapped_column(Integer, default=0)
    main_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    main_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    # Sum of squared stakes: a statistic for the hold's confidence interval,
    # not money (it can pass 2**63 minor units squared, so it is a float).
    main_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    dealer_break_bonus_bets: Mapped[int] = mapped_column(Integer, default=0)
    dealer_break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    break_bonus_bets: Mapped[int] = mapped_column(Integer, default=0)
    break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    player_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_non_qualifications: Mapped[int] = mapped_column(Integer, default=0)
    fouls: Mapped[int] = mapped_column(Integer, default=0)
    # What voids and corrections took out of the totals above (never lowered):
    # /metrics counts the totals plus these, so its counters only rise.
    voided_rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    corrected_rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_seats: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_main_handle: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    taken_out_dealer_break_bonus_handle: Mapped[int] = mapped_column(
        BigInteger, default=0, server_default="0"
    )
    taken_out_break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    taken_out_player_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_dealer_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_dealer_non_qualifications: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_fouls: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class AggregatedRound(Base):
    """A round counted into the aggregates: counting it twice is refused.
    ``removed_at`` is set when a void or correction took it out again."""

    __tablename__ = "aggregated_rounds"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    aggregated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class RoundException(Base):
    """A pit boss's request to void or correct a settled round. Append-only:
    the decision is its own record (:class:`ExceptionDecision`)."""

    __tablename__ = "round_exceptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))  # "void" or "correction"
    reason: Mapped[str] = mapped_column(String(500))
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # A correction: the round as it should have been entered, and every
    # changed field with its value before and after, and each seat's money.
    corrected: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    changes: Mapped[dict[str, Any] | None] = mapped_column(JSON)

    decision: Mapped[ExceptionDecision | None] = relationship(lazy="joined")
    requester: Mapped[User] = relationship(foreign_keys=[requested_by], lazy="joined")


class ExceptionDecision(Base):
    """The second user's approval or rejection of an exception; one each."""

    __tablename__ = "exception_decisions"
    __table_args__ = (
        # At most one approved void or correction per round record, whatever
        # races the application loses: a round is voided or superseded once.
        Index(
            "uq_exception_decisions_approved_round",
            "round_id",
            unique=True,
            sqlite_where=text("approved"),
            postgresql_where=text("approved"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    exception_id: Mapped[int] = mapped_column(ForeignKey("round_exceptions.id"), unique=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))  # the exception's round
    approved: Mapped[bool] = mapped_column(Boolean)
    decided_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    decided_at: Mapped[datetime] = mapped_column(UTCDateTime())
    note: Mapped[str] = mapped_column(String(500))
    replacement_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id"))  # an approved correction

    decider: Mapped[User] = relationship(foreign_keys=[decided_by], lazy="joined")


class VarianceNote(Base):
    """A pit boss's investigation note on a flagged hold variance. Append-
    only: the latest note of a (scope, period, bet) is the current one."""

    __tablename__ = "variance_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id"))  # None: the floor
    period: Mapped[str] = mapped_column(String(10))  # shift, day, mtd, ytd
    period_key: Mapped[str] = mapped_column(String(20), index=True)  # e.g. 2026-11-29/2, 2026-11
    bet: Mapped[str] = mapped_column(String(30))
    note: Mapped[str] = mapped_column(String(2000))
    written_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    written_at: Mapped[datetime] = mapped_column(UTCDateTime())


class Export(Base):
    """A compliance export: requested through the API, built by a worker."""

    __tablename__ = "exports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)
    table_ids: Mapped[list[int] | None] = mapped_column(JSON)  # None: every table
    status: Mapped[str] = mapped_column(String(20))  # queued, running, done, failed
    done: Mapped[int] = mapped_column(BigInteger, default=0)  # rows written so far
    total: Mapped[int] = mapped_column(BigInteger, default=0)  # rows to write
    file_name: Mapped[str | None] = mapped_column(String(200))
    size: Mapped[int | None] = mapped_column(BigInteger)
    sha256: Mapped[str | None] = mapped_column(String(64))
    manifest: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(1000))
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class AuditVerification(Base):
    """A verification of the audit trail asked for through the API and run
    by a worker (:mod:`service.compliance.verifications`): its progress, then its report."""

    __tablename__ = "audit_verifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    first_seq: Mapped[int | None] = mapped_column(Integer)  # the chain's links to walk; None: from 1
    last_seq: Mapped[int | None] = mapped_column(Integer)  # None: to the head
    status: Mapped[str] = mapped_column(String(20))  # queued, running, done, failed
    done: Mapped[int] = mapped_column(BigInteger, default=0)  # links, rounds and totals checked
    total: Mapped[int] = mapped_column(BigInteger, default=0)  # to check
    intact: Mapped[bool | None] = mapped_column(Boolean)  # None until done
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # AuditReport.to_json()
    error: Mapped[str | None] = mapped_column(String(1000))
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class LoginThrottle(Base):
    """Sign-in attempts in the current window of one client address or one
    name (keyed by SHA-256, so no typed name is kept): the login rate limit,
    shared by every API process."""

    __tablename__ = "login_throttle"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    attempts: Mapped[int] = mapped_column(Integer)


class LoginFailure(Base):
    """Wrong passwords in a row at one user from one client address, and the
    lock they led to: a lock holds that address only, so a stranger who
    knows a name cannot lock its owner out everywhere."""

    __tablename__ = "login_failures"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)  # since the last lock, success or forgetting
    last_failure_at: Mapped[datetime] = mapped_column(UTCDateTime())
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())


class KnownAddress(Base):
    """A client address a user signed in from with the right password: the
    per-name rate limit, which strangers can fill, does not hold it back."""

    __tablename__ = "known_addresses"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    last_signed_in_at: Mapped[datetime] = mapped_column(UTCDateTime())
