"""Results beyond luck (game protection, rule book section 15): the luck
of every seat of every round that counts (the dealer's-cards and the
player's-cards parts of the actual win, section 14, and their exact
variance), added once per round to the sums of its table's shift, its
dealer's shift and each rated player's gaming day, by the workers' job
``luck`` (:mod:`service.protection.luck_sums`, their only writer).

Derived state, not a record: a round voided or corrected takes its luck
out again (``removed_at``), and the tables can be rebuilt from the rounds
and their stored expected values (delete the rows; the sweep sends every
round's job again).

Every luck is a numerator over C(53,7) × C(46,7) and every variance one
over its square (the dealer's-cards variance, over C(46,7)², scaled up):
integers past 64 bits, :class:`~service.store.figures_models.ExactInteger`.
Amounts are in the table's currency: each sum is a currency's, never two
added together."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime
from service.store.figures_models import ExactInteger


class LuckRound(Base):
    """A round's luck, all its seats together, added to its sums once (the
    row is the job's natural key: a second run adds nothing), and taken
    out again when a void or a correction takes the round out."""

    __tablename__ = "luck_rounds"
    __table_args__ = (
        # An alert's rounds: the newest of a table's or a dealer's shift.
        Index("ix_luck_rounds_table_shift", "table_id", "gaming_day", "shift", "round_id"),
        Index("ix_luck_rounds_dealer_shift", "dealer_id", "gaming_day", "shift", "round_id"),
    )

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))  # who entered the round
    gaming_day: Mapped[date] = mapped_column(Date)
    shift: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(3))  # the table's
    seats: Mapped[int] = mapped_column(Integer)
    luck: Mapped[int] = mapped_column(ExactInteger())  # over C(53,7) C(46,7), the house's side
    variance: Mapped[int] = mapped_column(ExactInteger())  # over (C(53,7) C(46,7))²
    actual: Mapped[int] = mapped_column(BigInteger)  # the house's win, minor units
    theoretical: Mapped[int] = mapped_column(ExactInteger())  # over C(53,7) C(46,7)
    decisions: Mapped[int] = mapped_column(ExactInteger())
    player_cards: Mapped[int] = mapped_column(ExactInteger())  # the luck's part of the player's cards
    added_at: Mapped[datetime] = mapped_column(UTCDateTime())
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class LuckRoundPlayer(Base):
    """A rated player's seats of a round (a player may hold several): what
    the round added to the player's gaming day."""

    __tablename__ = "luck_round_players"
    __table_args__ = (Index("ix_luck_round_players_player_day", "player_id", "gaming_day", "round_id"),)

    round_id: Mapped[int] = mapped_column(ForeignKey("luck_rounds.round_id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    gaming_day: Mapped[date] = mapped_column(Date)
    seats: Mapped[int] = mapped_column(Integer)
    luck: Mapped[int] = mapped_column(ExactInteger())
    variance: Mapped[int] = mapped_column(ExactInteger())
    # The four parts of the players' results (section 14), the luck's two
    # together above: the house's win in minor units, the rest over C(53,7) C(46,7)
    actual: Mapped[int] = mapped_column(BigInteger)
    theoretical: Mapped[int] = mapped_column(ExactInteger())
    decisions: Mapped[int] = mapped_column(ExactInteger())
    player_cards: Mapped[int] = mapped_column(ExactInteger())


class LuckSum(Base):
    """The luck of one subject's window, a currency's: a table's or a
    dealer's shift (``shift`` ≥ 1), a player's gaming day (``shift`` 0; a
    player's 30 days add up 30 of these rows at most)."""

    __tablename__ = "luck_sums"

    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # a LuckSubject: table, dealer, player
    subject_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    gaming_day: Mapped[date] = mapped_column(Date, primary_key=True)
    shift: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    rounds: Mapped[int] = mapped_column(Integer)
    seats: Mapped[int] = mapped_column(Integer)
    luck: Mapped[int] = mapped_column(ExactInteger())
    variance: Mapped[int] = mapped_column(ExactInteger())
    # The four parts of the players' results (section 14), the luck's two
    # together above: the house's win in minor units, the rest over C(53,7) C(46,7)
    actual: Mapped[int] = mapped_column(BigInteger)
    theoretical: Mapped[int] = mapped_column(ExactInteger())
    decisions: Mapped[int] = mapped_column(ExactInteger())
    player_cards: Mapped[int] = mapped_column(ExactInteger())
    changed_at: Mapped[datetime] = mapped_column(UTCDateTime())
