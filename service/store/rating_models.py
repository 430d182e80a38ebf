"""Rated play (rule book section 14): a player's rating at one seat of one
table, its pauses, resumes and seat-out, its buy-ins, which seats of
which rounds it rated, and a pit boss's corrections of it. Every record is
written once; the database refuses any change (migrations 0029, 0034).

``seat_claims`` is the one table here that is not a record: derived state,
a row an open rating, inserted at seat-in, its ``paused`` flag flipped by a
pause or resume, deleted at seat-out. Its primary key makes "a seat has at
most one open rating" hold whatever races the application loses, and its
row is what every change of an open rating locks first. It can be derived
again from the records at any time (a rating with no seat-out event, paused
when its last pause is newer than its last resume)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class Rating(Base):
    """One player's play at one seat of one table, from seat-in on.

    ``started`` says how: ``tablet`` (the dealer seated the player as they
    sat down) or ``missed`` (a pit boss started one the dealer missed, with
    a ``reason`` and a seat-in time in the past)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_table_id_seat", "table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    seated_at: Mapped[datetime] = mapped_column(UTCDateTime())  # when the player sat down
    started: Mapped[str] = mapped_column(String(10))  # RatingStart
    reason: Mapped[str | None] = mapped_column(String(2000))  # a missed one's
    started_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())  # when it was written


class RatingEvent(Base):
    """A pause, a resume or the seat-out of a rating; a seat-out carries
    the chips the player took away (minor units). One seat-out a rating,
    whatever races the application loses (a partial unique index)."""

    __tablename__ = "rating_events"
    __table_args__ = (
        Index(
            "uq_rating_events_seat_out",
            "rating_id",
            unique=True,
            sqlite_where=text("kind = 'seat_out'"),
            postgresql_where=text("kind = 'seat_out'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # RatingEventKind
    chips_taken: Mapped[int | None] = mapped_column(BigInteger)  # a seat-out's
    reason: Mapped[str | None] = mapped_column(String(2000))
    recorded_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class BuyIn(Base):
    """Cash (whose notes go to the drop box) or chips brought from
    elsewhere, bought in during a rating; a positive amount in minor units."""

    __tablename__ = "buy_ins"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # BuyInKind
    amount: Mapped[int] = mapped_column(BigInteger)
    recorded_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatedSeat(Base):
    """A seat of a stored round that a rating rated: written with the
    round, in its transaction, when the seat had an open, unpaused rating
    (a correction's seats keep the ratings of the round they correct)."""

    __tablename__ = "rated_seats"

    seat_id: Mapped[int] = mapped_column(ForeignKey("round_seats.id"), primary_key=True, autoincrement=False)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), index=True)


class SeatClaim(Base):
    """The open rating at a seat (derived state, not a record: see the
    module's docstring). One a seat (the key) and one a rating."""

    __tablename__ = "seat_claims"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)


class RatingCorrection(Base):
    """A pit boss's correction of a rating the dealer got wrong, with its
    reason (migration 0034): ``chips_taken`` (the walk estimated wrong at
    seat-out: the new amount), ``buy_in`` (a buy-in the dealer missed:
    ``buy_in_id`` the ``buy_ins`` row written with it, at the time it
    happened) or ``seat_out`` (a seat-out the dealer missed:
    ``rating_event_id`` the seat-out written with it, at a past time, and
    its chips). The newest ``chips_taken`` or ``seat_out`` correction's
    chips are the rating's chips taken away; nothing is overwritten."""

    __tablename__ = "rating_corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), index=True)
    kind: Mapped[str] = mapped_column(String(12))  # CorrectionKind
    reason: Mapped[str] = mapped_column(String(2000))
    chips_taken: Mapped[int | None] = mapped_column(BigInteger)  # chips_taken and seat_out
    buy_in_id: Mapped[int | None] = mapped_column(ForeignKey("buy_ins.id"), unique=True)
    rating_event_id: Mapped[int | None] = mapped_column(ForeignKey("rating_events.id"), unique=True)
    recorded_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatingFeedEntry(Base):
    """A closed rating's place in the player-tracking system's feed
    (migration 0035): one at its seat-out, and one each time what its slip
    says changes after it (a pit boss's correction, its figures figured
    again after a void, a correction or values stored). Append-only: a
    consumer's position must mean the same thing tomorrow."""

    __tablename__ = "rating_feed_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
