"""The figures of each rating (rule book section 14), kept by the workers'
job ``figure_rating`` (:mod:`service.players.rating_figures`, its only
writer) and read by the slips, the players' figures and the feed; and the
same sums per table, gaming day, shift and dealer, kept by the job
``figure_rated_slots`` (:mod:`service.players.slot_figures`) and read by
the floor's rated-play report: never by a report scanning rounds.

Derived state, not a record: the job replaces a rating's row whenever its
rounds change (their values stored, a void, a correction, the seat-out),
and the whole table can be rebuilt at any time from the rated seats, the
rounds and their stored expected values (delete the rows and run the job
for every rating, or let the sweep find them).

The four parts and the two variances are the exact numerators of
:func:`service.players.rated.parts.numerators`: integers that pass 64
bits, so NUMERIC on PostgreSQL and decimal text on SQLite (whose NUMERIC
would keep them as floats): :class:`ExactInteger`."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import BigInteger, Date, Dialect, ForeignKey, Integer, Numeric, String, TypeDecorator
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import TypeEngine

from service.store.db import Base, UTCDateTime

#: digits of an exact numerator: a variance over (C(53,7) C(46,7))² of a
#: million rounds of stakes of 10^7 minor units is about 10^52
DIGITS = 80


class ExactInteger(TypeDecorator[int]):
    """A Python integer of any size: NUMERIC(80, 0) on PostgreSQL, its
    decimal text on SQLite."""

    impl = Numeric(DIGITS, 0)
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(String(DIGITS + 2))
        return dialect.type_descriptor(Numeric(DIGITS, 0))

    def process_bind_param(self, value: int | None, dialect: Dialect) -> object:
        if value is None:
            return None
        return str(value) if dialect.name == "sqlite" else value

    def process_result_value(self, value: object, dialect: Dialect) -> int | None:
        return None if value is None else int(str(value))


class RatingFigures(Base):
    """One rating's exact sums over the rated rounds that count (a voided
    round out, a corrected one as corrected) whose values are stored, and
    how many that count are still waiting for their values
    (``pending_rounds``). ``player_cards_variance`` is empty while the
    configuration's card spread cannot be had (its strategy table not
    built): the other figures do not wait for it.

    ``counted_seats`` and ``last_seat_id`` say which rounds the row was
    figured from, so that the sweep finds a row out of date."""

    __tablename__ = "rating_figures"

    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id"), primary_key=True, autoincrement=False)
    rounds: Mapped[int] = mapped_column(Integer)  # rated rounds with values
    pending_rounds: Mapped[int] = mapped_column(Integer)  # counting, values not stored yet
    last_seat_id: Mapped[int | None] = mapped_column(Integer)  # the newest counting rated seat
    main_handle: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_handle: Mapped[int] = mapped_column(BigInteger)
    break_bonus_handle: Mapped[int] = mapped_column(BigInteger)
    actual: Mapped[int] = mapped_column(BigInteger)  # the house's win: −Σ the player's nets
    theoretical: Mapped[int] = mapped_column(ExactInteger())  # over C(53,7) C(46,7)
    decisions: Mapped[int] = mapped_column(ExactInteger())
    player_cards: Mapped[int] = mapped_column(ExactInteger())
    dealer_cards: Mapped[int] = mapped_column(ExactInteger())
    player_cards_variance: Mapped[int | None] = mapped_column(ExactInteger())  # over (C(53,7) C(46,7))²
    dealer_cards_variance: Mapped[int] = mapped_column(ExactInteger())  # over C(46,7)²
    figured_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatedSums:
    """The columns of the floor's rated-play rows (a slot's, a month's): the
    exact sums of :class:`RatingFigures` over their rated seats. The exact
    numerators (over the same denominators as :class:`RatingFigures`') are
    kept as limbs (:mod:`service.store.limbs`): the report adds a year of
    rows in SQL, exactly, on SQLite too. ``with_player_variance`` is 0 while
    the card spread of a round's configuration cannot be had (that
    variance's limbs are 0 then), so that a MIN over rows says whether any
    is missing. ``rounds`` counts rated seats, as a rating's rated rounds
    do (a player at two seats plays two)."""

    rounds: Mapped[int] = mapped_column(Integer)  # rated seats with values
    pending_rounds: Mapped[int] = mapped_column(Integer)  # counting, values not stored yet
    main_handle: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_handle: Mapped[int] = mapped_column(BigInteger)
    break_bonus_handle: Mapped[int] = mapped_column(BigInteger)
    actual: Mapped[int] = mapped_column(BigInteger)
    with_player_variance: Mapped[int] = mapped_column(Integer)  # 1, or 0: no card spread yet
    theoretical_0: Mapped[int] = mapped_column(BigInteger)
    theoretical_1: Mapped[int] = mapped_column(BigInteger)
    theoretical_2: Mapped[int] = mapped_column(BigInteger)
    theoretical_3: Mapped[int] = mapped_column(BigInteger)
    theoretical_4: Mapped[int] = mapped_column(BigInteger)
    decisions_0: Mapped[int] = mapped_column(BigInteger)
    decisions_1: Mapped[int] = mapped_column(BigInteger)
    decisions_2: Mapped[int] = mapped_column(BigInteger)
    decisions_3: Mapped[int] = mapped_column(BigInteger)
    decisions_4: Mapped[int] = mapped_column(BigInteger)
    player_cards_0: Mapped[int] = mapped_column(BigInteger)
    player_cards_1: Mapped[int] = mapped_column(BigInteger)
    player_cards_2: Mapped[int] = mapped_column(BigInteger)
    player_cards_3: Mapped[int] = mapped_column(BigInteger)
    player_cards_4: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_0: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_1: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_2: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_3: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_4: Mapped[int] = mapped_column(BigInteger)
    player_cards_variance_0: Mapped[int] = mapped_column(BigInteger)
    player_cards_variance_1: Mapped[int] = mapped_column(BigInteger)
    player_cards_variance_2: Mapped[int] = mapped_column(BigInteger)
    player_cards_variance_3: Mapped[int] = mapped_column(BigInteger)
    player_cards_variance_4: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_variance_0: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_variance_1: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_variance_2: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_variance_3: Mapped[int] = mapped_column(BigInteger)
    dealer_cards_variance_4: Mapped[int] = mapped_column(BigInteger)
    figured_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatedShiftFigures(RatedSums, Base):
    """One slot of the floor: the rated seats of the counting rounds (values
    stored) of one table, gaming day, shift and dealer (who entered the
    rounds), whichever ratings they belong to (a rating may cross shifts
    and dealers: the round's slot decides)."""

    __tablename__ = "rated_shift_figures"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    gaming_day: Mapped[date] = mapped_column(Date, primary_key=True, index=True)
    shift: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, autoincrement=False)
    last_seat_id: Mapped[int | None] = mapped_column(Integer)  # the newest counting rated seat


class RatedMonthFigures(RatedSums, Base):
    """A table's and dealer's slots of one calendar month added up (kept with
    them, in the same transaction): a year-to-date report reads twelve of
    these a table and dealer instead of every shift."""

    __tablename__ = "rated_month_figures"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    month: Mapped[date] = mapped_column(Date, primary_key=True, index=True)  # its first day
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, autoincrement=False)
