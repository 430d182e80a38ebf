"""Compliance's long jobs, asked for through the API and run by a worker:
exports and verifications of the audit trail, with their progress and
their result."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


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
    # "SEQ:HASH": the chain must reach this head (recorded elsewhere); None: not asked.
    expect_head: Mapped[str | None] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(20))  # queued, running, done, failed
    done: Mapped[int] = mapped_column(BigInteger, default=0)  # links, rounds and totals checked
    total: Mapped[int] = mapped_column(BigInteger, default=0)  # to check
    intact: Mapped[bool | None] = mapped_column(Boolean)  # None until done
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # AuditReport.to_json()
    error: Mapped[str | None] = mapped_column(String(1000))
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
