"""Voids and corrections of settled rounds under four eyes: the request,
and the second user's decision on it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.store.account_models import User
from service.store.db import Base, UTCDateTime


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
