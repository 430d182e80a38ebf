"""What the pit reports read: the per-shift totals of the rounds, the
rounds counted into them, and the investigation notes on a variance."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class ShiftAggregate(Base):
    """Per table, gaming day, shift and dealer: what the pit reports read
    instead of scanning every round. Money in minor units."""

    __tablename__ = "shift_aggregates"
    __table_args__ = (
        UniqueConstraint("table_id", "gaming_day", "shift", "dealer_id", "config_id"),
        # The rated-play report's all handle per table and dealer over a
        # year, read from the index alone (0033): a third of the time.
        Index(
            "ix_shift_aggregates_dealer_handle",
            "table_id",
            "dealer_id",
            "gaming_day",
            "shift",
            "main_handle",
            "dealer_break_bonus_handle",
            "break_bonus_handle",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    # The rules the rounds were settled under: the theoretical hold is theirs.
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    seats: Mapped[int] = mapped_column(Integer, default=0)
    main_bets: Mapped[int] = mapped_column(Integer, default=0)
    main_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    main_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    # Sum of squared stakes: a statistic for the hold's confidence interval,
    # not money (it can pass 2**63 minor units squared, so it is a float).
    main_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    dealer_break_bonus_bets: Mapped[int] = mapped_column(Integer, default=0)
    dealer_break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    break_bonus_bets: Mapped[int] = mapped_column(Integer, default=0)
    break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_house_net: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_stake_squares: Mapped[float] = mapped_column(Float, default=0.0)
    player_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0)
    dealer_non_qualifications: Mapped[int] = mapped_column(Integer, default=0)
    fouls: Mapped[int] = mapped_column(Integer, default=0)
    # What voids and corrections took out of the totals above (never lowered):
    # /metrics counts the totals plus these, so its counters only rise.
    voided_rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    corrected_rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_seats: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_main_handle: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    taken_out_dealer_break_bonus_handle: Mapped[int] = mapped_column(
        BigInteger, default=0, server_default="0"
    )
    taken_out_break_bonus_handle: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    taken_out_player_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_dealer_lucky_breaks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_dealer_non_qualifications: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    taken_out_fouls: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class AggregatedRound(Base):
    """A round counted into the aggregates: counting it twice is refused.
    ``removed_at`` is set when a void or correction took it out again."""

    __tablename__ = "aggregated_rounds"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    aggregated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class ShiftExpectedValues(Base):
    """Per table, gaming day, shift and dealer: what the expected win from
    the hands dealt reads instead of every round's stored values.

    ``records`` and ``records_seats`` count every round record stored in the
    shift (kept as it is stored); ``taken_out_*`` those an approved void or
    correction took out since (kept by the decision). The rest sums the
    stored values of the records that count (kept by the expected-values job
    as it stores them, taken out by the decision): the columns of
    ``round_expected_values`` and, per bet, Σ over rounds of (Σ stake ×
    sd)². Each change commits with what caused it, so the totals are exact
    at every moment, with no job to wait for."""

    __tablename__ = "shift_expected_values"
    __table_args__ = (UniqueConstraint("table_id", "gaming_day", "shift", "dealer_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    gaming_day: Mapped[date] = mapped_column(Date, index=True)
    shift: Mapped[int] = mapped_column(Integer)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    records: Mapped[int] = mapped_column(Integer, default=0)
    records_seats: Mapped[int] = mapped_column(Integer, default=0)
    taken_out_records: Mapped[int] = mapped_column(Integer, default=0)
    taken_out_seats: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)  # counting, with values
    seats: Mapped[int] = mapped_column(Integer, default=0)
    main_handle: Mapped[int] = mapped_column(BigInteger, default=0)
    main_player_value: Mapped[int] = mapped_column(BigInteger, default=0)
    dealer_break_bonus_player_value: Mapped[int] = mapped_column(BigInteger, default=0)
    break_bonus_player_value: Mapped[int] = mapped_column(BigInteger, default=0)
    main_best_value: Mapped[int] = mapped_column(BigInteger, default=0)
    main_house_way_value: Mapped[int] = mapped_column(BigInteger, default=0)
    # Statistics, not money: added in another order they may differ from
    # a recount in their last bits (see service.compliance.totals_check).
    main_squares: Mapped[float] = mapped_column(Float, default=0.0)
    dealer_break_bonus_squares: Mapped[float] = mapped_column(Float, default=0.0)
    break_bonus_squares: Mapped[float] = mapped_column(Float, default=0.0)


class VarianceNote(Base):
    """A pit boss's investigation note on a flagged hold variance. Append-
    only: the latest note of a (scope, period, bet) is the current one."""

    __tablename__ = "variance_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id"))  # None: the floor
    period: Mapped[str] = mapped_column(String(10))  # shift, day, mtd, ytd
    period_key: Mapped[str] = mapped_column(String(20), index=True)  # e.g. 2026-11-29/2, 2026-11
    bet: Mapped[str] = mapped_column(String(30))
    note: Mapped[str] = mapped_column(String(2000))
    written_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    written_at: Mapped[datetime] = mapped_column(UTCDateTime())
