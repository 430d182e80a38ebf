"""The significant-event log, the hash chain that seals it, and the outbox
of background work written in the same transaction as the change."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from service.store.canonical_json import CanonicalJSON
from service.store.db import Base, UTCDateTime


class AuditEvent(Base):
    """A significant event, written in the same transaction as the change.
    Append-only: the database refuses updates and deletes."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    subject: Mapped[str] = mapped_column(String(80), index=True)  # e.g. "round:17", "user:3"
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id"))
    # Indexed for an export's window (migration 0024).
    occurred_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    # Stored as the chain's canonical text: a verifier joins it, not re-encodes it.
    payload: Mapped[dict[str, Any]] = mapped_column(CanonicalJSON)


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


class AuditEventMac(Base):
    """An event's HMAC-SHA256, made by the process that wrote it with a key
    the database never holds (service/audit/event_mac.py). Append-only.
    No foreign key: a MAC whose event is gone proves nothing and harms nothing."""

    __tablename__ = "audit_event_macs"

    event_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    mac: Mapped[str] = mapped_column(String(64))


class AuditHeadSignature(Base):
    """A chain head signed by a worker (Ed25519, service/audit/head_signing.py)
    with a key the database never holds; ``key_id`` names its public key.
    Append-only."""

    __tablename__ = "audit_head_signatures"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    hash: Mapped[str] = mapped_column(String(64))
    key_id: Mapped[str] = mapped_column(String(16))
    signature: Mapped[str] = mapped_column(String(128))  # hex
    signed_at: Mapped[datetime] = mapped_column(UTCDateTime())


class OutboxEntry(Base):
    """Work for the background jobs, written with the change it follows."""

    __tablename__ = "outbox"
    # Only the waiting rows, in id order: the dispatcher's look reads the
    # backlog, not the rows sent before it (migration 0023).
    __table_args__ = (
        Index(
            "ix_outbox_waiting",
            "id",
            sqlite_where=text("dispatched_at IS NULL"),
            postgresql_where=text("dispatched_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job: Mapped[str] = mapped_column(String(40))  # a JobKind
    ref: Mapped[int] = mapped_column(Integer)  # the event or round id
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    dispatched_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # The API request that caused the work, carried into the job's logs.
    request_id: Mapped[str | None] = mapped_column(String(64))
