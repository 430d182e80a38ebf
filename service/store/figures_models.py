"""The figures of each rating (rule book section 14), kept by the workers'
job ``figure_rating`` (:mod:`service.players.rating_figures`, its only
writer) and read by the slips, the players' figures and the feed: never
by a report scanning rounds.

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

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Dialect, ForeignKey, Integer, Numeric, String, TypeDecorator
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
