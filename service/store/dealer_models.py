"""Dealers at the tables (issue 43, rule book sections 13 and 15): each
dealer's time at a table, from the sign-in at the tablet to the sign-out
(by the dealer, by the next dealer's relief, by the dealer signing in at
another table, or by the table's close), and the cards each dealer changed
by hand per table, gaming day and shift.

``dealer_sessions`` and ``dealer_sign_outs`` are records, written once; the
database refuses any change (migration 0040): a session is open while it
has no sign-out row, never by an update.

``dealer_posts`` is derived state, not a record: a row a dealer at a table
now, inserted at the sign-in and deleted at the sign-out. Its keys make
"one dealer at a table, a dealer at one table" hold whatever races the
application loses, and its row is what a sign-out locks first. It can be
derived again from the records at any time (the sessions with no sign-out).

``dealer_shift_counts`` is a counter kept in the transaction that stores a
round dealt from a deck: what the dealers' report reads instead of every
round's deck."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class DealerSession(Base):
    """A dealer signed in at a table, during the table's session
    ``table_session_id``; placed in the gaming day and shift of the
    sign-in (the report clips the time to each shift it spans)."""

    __tablename__ = "dealer_sessions"
    __table_args__ = (
        Index("ix_dealer_sessions_signed_in_at", "signed_in_at"),
        Index("ix_dealer_sessions_dealer_id_signed_in_at", "dealer_id", "signed_in_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    table_session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id"), index=True)
    gaming_day: Mapped[date] = mapped_column(Date)
    shift: Mapped[int] = mapped_column(Integer)
    signed_in_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # The session this one's sign-in relieved at the same instant; None: the
    # table had no dealer.
    relieved_id: Mapped[int | None] = mapped_column(Integer)


class DealerSignOut(Base):
    """The end of a dealer's session: ``reason`` a DealerSignOutReason;
    ``by`` the user whose act ended it (the dealer, the relief, or whoever
    closed the table)."""

    __tablename__ = "dealer_sign_outs"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("dealer_sessions.id"), primary_key=True, autoincrement=False
    )
    reason: Mapped[str] = mapped_column(String(20))
    signed_out_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    signed_out_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DealerPost(Base):
    """The dealer at a table now (derived state: see the module's
    docstring). One a table (the key) and one a dealer."""

    __tablename__ = "dealer_posts"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"), unique=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("dealer_sessions.id"), unique=True)


class DealerShiftCount(Base):
    """Per table, gaming day, shift and dealer (who entered the rounds):
    the rounds dealt from a shoe's deck and the cards changed by hand in
    them, counted as each round is stored (a void or correction takes
    nothing out: the change was made at the table)."""

    __tablename__ = "dealer_shift_counts"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    gaming_day: Mapped[date] = mapped_column(Date, primary_key=True)
    shift: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, autoincrement=False)
    dealt_rounds: Mapped[int] = mapped_column(Integer, default=0)
    cards_changed: Mapped[int] = mapped_column(Integer, default=0)
