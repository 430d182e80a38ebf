"""The money at the tables: table sessions and their tray counts, fills and
credits with their signatures, drop counts, the figures the workers keep,
and the pit boss's notes on a check. Append-only (triggers of migration
0011): a session is closed once, and nothing else is ever updated."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, BigInteger, Date, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class TableSession(Base):
    """A table open from its opener count to its closer count. The drop box
    put on at the opening is pulled at the close: a session is a drop period."""

    __tablename__ = "table_sessions"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        # The session a round was dealt in: the table's last opened before it.
        Index("ix_table_sessions_table_opened", "table_id", "opened_at"),
        # One open session a table, whatever races the application loses.
        Index(
            "uq_table_sessions_open",
            "table_id",
            unique=True,
            sqlite_where=text("closed_at IS NULL"),
            postgresql_where=text("closed_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, ... at its table
    gaming_day: Mapped[date] = mapped_column(Date, index=True)  # of the opening
    shift: Mapped[int] = mapped_column(Integer)
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class InventoryCount(Base):
    """A count of a table's chip tray by denomination, signed by a dealer and
    a pit boss: a session's opener or its closer."""

    __tablename__ = "inventory_counts"
    __table_args__ = (UniqueConstraint("session_id", "kind"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    kind: Mapped[str] = mapped_column(String(10))  # CountKind: opener or closer
    lines: Mapped[dict[str, int]] = mapped_column(JSON)  # denomination -> amount, minor units
    total: Mapped[int] = mapped_column(BigInteger)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    pit_boss_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    counted_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # An opener that differs from the last closer: by how much, and why.
    difference: Mapped[int] = mapped_column(BigInteger, default=0)
    explanation: Mapped[str | None] = mapped_column(String(2000))


class SlipNumber(Base):
    """The last slip number of the casino: taken in the slip's transaction,
    so a rolled-back slip gives its number back and there is no gap."""

    __tablename__ = "slip_numbers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    last: Mapped[int] = mapped_column(BigInteger)


class Slip(Base):
    """A fill (chips from the cage to a table) or a credit (back to the
    cage), as the pit boss requested it. Its later signatures are rows of
    :class:`SlipSignature`."""

    __tablename__ = "slips"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(BigInteger, unique=True)
    kind: Mapped[str] = mapped_column(String(10))  # SlipKind
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id"), index=True)
    lines: Mapped[dict[str, int]] = mapped_column(JSON)
    total: Mapped[int] = mapped_column(BigInteger)
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())


class SlipSignature(Base):
    """A step of a slip after its request: issued at the cage, received at
    the table (by a dealer and a pit boss), or voided (with a reason and a
    second signature). One of each step a slip."""

    __tablename__ = "slip_signatures"
    __table_args__ = (UniqueConstraint("slip_id", "step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), index=True)
    step: Mapped[str] = mapped_column(String(10))  # SlipStep
    signed_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    cosigned_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str | None] = mapped_column(String(500))
    signed_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DropCount(Base):
    """The count of a session's drop box by denomination, signed by at least
    two counters. A recount is a new row that supersedes the one before."""

    __tablename__ = "drop_counts"
    __table_args__ = (
        # One first count a session, whatever races the application loses:
        # nothing locks a count that is not there yet (migration 0025).
        Index(
            "uq_drop_counts_first",
            "session_id",
            unique=True,
            sqlite_where=text("supersedes_id IS NULL"),
            postgresql_where=text("supersedes_id IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    lines: Mapped[dict[str, int]] = mapped_column(JSON)
    total: Mapped[int] = mapped_column(BigInteger)
    counters: Mapped[list[int]] = mapped_column(JSON)  # user ids, the signer first
    counted_at: Mapped[datetime] = mapped_column(UTCDateTime())
    supersedes_id: Mapped[int | None] = mapped_column(ForeignKey("drop_counts.id"), unique=True)
    reason: Mapped[str | None] = mapped_column(String(500))  # a recount's


#: the columns of a ``session_figures`` row written once, with the row: the
#: session's key (on PostgreSQL the app role may not update them)
SESSION_FIGURES_FIXED = ("session_id", "table_id", "gaming_day", "shift")


class SessionFigures(Base):
    """A counted session's figures as the workers keep them for the reports
    (a YTD floor report sums these, never the slips). Rewritten by its job
    after a recount: the one table here that is not append-only. Every
    verification derives each row again from the session's records
    (:mod:`service.compliance.figures_check`); the app role may insert and
    update rows but not delete them (:mod:`service.store.roles`)."""

    __tablename__ = "session_figures"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("table_sessions.id"), primary_key=True, autoincrement=False
    )
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    opener: Mapped[int] = mapped_column(BigInteger)
    closer: Mapped[int] = mapped_column(BigInteger)
    fills: Mapped[int] = mapped_column(BigInteger)
    credits: Mapped[int] = mapped_column(BigInteger)
    drop: Mapped[int] = mapped_column(BigInteger)
    win: Mapped[int] = mapped_column(BigInteger)
    drop_count_id: Mapped[int] = mapped_column(ForeignKey("drop_counts.id"))
    # The cards' side of the check, kept with the chips' so a report of any
    # period reads these rows alone: the session's counting rounds, their
    # house net, and the newest approved void or correction among them (a
    # later one makes the row out of date).
    rounds: Mapped[int] = mapped_column(Integer)
    rounds_net: Mapped[int] = mapped_column(BigInteger)
    last_decision_id: Mapped[int] = mapped_column(Integer)  # 0: none
    figured_at: Mapped[datetime] = mapped_column(UTCDateTime())


class CheckNote(Base):
    """A pit boss's investigation note on a session's cards-against-chips
    check; the latest is the current one."""

    __tablename__ = "check_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id"), index=True)
    note: Mapped[str] = mapped_column(String(2000))
    written_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    written_at: Mapped[datetime] = mapped_column(UTCDateTime())
