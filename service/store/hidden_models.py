"""The hidden-information test's records (rule book section 15, "Decisions
that know the dealer's hand"; :mod:`service.protection.hidden_rounds`):
each tested seat's bet and each round tested, written once (append-only,
migration 0041), and the evidence of each subject kept as the bets are
added (a rated player's gaming day, an unrated seat's table session), so
that no check scans rounds.

A bet is integers and booleans: the evidence is derived again from the
bets exactly as the job derived it. Only the evidence's logarithms are
floats: a statistic, never money."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime

#: the evidence's logarithm columns, one a stake of
#: ``service.analysis.departures.STAKES``, in its order
LOG_COLUMNS = ("log_1", "log_2", "log_3")


class HiddenRound(Base):
    """A round tested: its seats' bets are stored and added to their
    subjects' evidence (a round of fouls only has none). A round without
    one is work undone, which the sweep sends again."""

    __tablename__ = "hidden_rounds"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    tested_at: Mapped[datetime] = mapped_column(UTCDateTime())


class _Evidence:
    """A subject's evidence: each stake's logarithm, the rounds counted,
    the departures from the house way and how many of them did better."""

    log_1: Mapped[float] = mapped_column(Float)
    log_2: Mapped[float] = mapped_column(Float)
    log_3: Mapped[float] = mapped_column(Float)
    rounds: Mapped[int] = mapped_column(Integer)
    departures: Mapped[int] = mapped_column(Integer)
    did_better: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


class HiddenPlayerDay(_Evidence, Base):
    """A rated player's evidence over a gaming day, across tables."""

    __tablename__ = "hidden_player_days"
    __table_args__ = (UniqueConstraint("player_id", "gaming_day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    gaming_day: Mapped[date] = mapped_column(Date)


class HiddenSeatSession(_Evidence, Base):
    """An unrated seat's evidence over its table session (a round dealt
    outside any session, as the demo's and the benches' are: over the
    table's gaming day). ``subject`` names it: ``TABLE:SESSION:SEAT``, or
    ``TABLE:day:DATE:SEAT`` without a session."""

    __tablename__ = "hidden_seat_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subject: Mapped[str] = mapped_column(String(80), unique=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_sessions.id"), nullable=True)
    gaming_day: Mapped[date] = mapped_column(Date)
    seat: Mapped[int] = mapped_column(Integer)


class HiddenBet(Base):
    """One seat's bet (:class:`service.analysis.departures.RoundBet`): of
    ``dealer_hands`` dealer hands, ``hands`` make its event happen; ``hit``
    whether it did against the dealer's actual hand; ``departed`` whether
    the seat played other than the house way. Its subject is a player's
    day or an unrated seat's session (the other is null)."""

    __tablename__ = "hidden_bets"
    __table_args__ = (
        # The rounds behind an alert: a subject's latest, one range read.
        Index("ix_hidden_bets_player_day_round", "player_day_id", "round_id"),
        Index("ix_hidden_bets_seat_session_round", "seat_session_id", "round_id"),
    )

    seat_id: Mapped[int] = mapped_column(ForeignKey("round_seats.id"), primary_key=True, autoincrement=False)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    hands: Mapped[int] = mapped_column(Integer)
    dealer_hands: Mapped[int] = mapped_column(Integer)
    hit: Mapped[bool] = mapped_column(Boolean)
    departed: Mapped[bool] = mapped_column(Boolean)
    player_day_id: Mapped[int | None] = mapped_column(ForeignKey("hidden_player_days.id"), nullable=True)
    seat_session_id: Mapped[int | None] = mapped_column(ForeignKey("hidden_seat_sessions.id"), nullable=True)
