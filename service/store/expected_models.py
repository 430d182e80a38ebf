"""The expected values of the hands dealt (rule book section 12), written
once per stored round by the worker job: per seat, and per round their sums
for the reports. Each value is an exact integer numerator over C(46,7) =
53,524,680 dealer hands (``service.analysis.main_bet.DEALER_HANDS``); the
database refuses any change (migration 0013)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class SeatExpectedValue(Base):
    """One seat's expected values per unit staked, for the player, each
    times C(46,7): the Main Bet of the setting played (as settled: a foul
    reset by the house way or forfeited), of the best setting and of the
    house way's, the second moment of the setting played (won + lost: a
    result is +1, 0 or -1), the Dealer Break Bonus and its second moment,
    and the Break Bonus (known from the cards: no variance); and the Main
    Bet's and the Dealer Break Bonus's product moment."""

    __tablename__ = "seat_expected_values"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    seat_id: Mapped[int] = mapped_column(ForeignKey("round_seats.id"), unique=True)
    seat: Mapped[int] = mapped_column(Integer)
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    qualifier: Mapped[str] = mapped_column(String(20))  # the dealer qualifier's text, e.g. "A-3-2"
    foul_policy: Mapped[str] = mapped_column(String(20))
    main_played: Mapped[int] = mapped_column(BigInteger)
    main_best: Mapped[int] = mapped_column(BigInteger)
    main_house_way: Mapped[int] = mapped_column(BigInteger)
    main_played_square: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_square: Mapped[int] = mapped_column(BigInteger)
    break_bonus: Mapped[int] = mapped_column(BigInteger)
    # Σ X_main × X_dbb over the dealer hands (rated play's variance; migration
    # 0027): empty in the rows stored before it.
    main_dealer_break_bonus: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    computed_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RoundExpectedValue(Base):
    """A round's seats together, what the reports sum: per bet Σ stake ×
    numerator (the players' expected net × C(46,7), minor units), and Σ
    stake × standard deviation (minor units, a statistic: the round's
    variance is at most its square, since the seats share the dealer's
    hand). Written with the seats' rows: its presence marks the round done."""

    __tablename__ = "round_expected_values"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    config_id: Mapped[int] = mapped_column(ForeignKey("config_versions.id"))
    seats: Mapped[int] = mapped_column(Integer)
    main_handle: Mapped[int] = mapped_column(BigInteger)
    main_player_value: Mapped[int] = mapped_column(BigInteger)
    dealer_break_bonus_player_value: Mapped[int] = mapped_column(BigInteger)
    break_bonus_player_value: Mapped[int] = mapped_column(BigInteger)
    main_best_value: Mapped[int] = mapped_column(BigInteger)
    main_house_way_value: Mapped[int] = mapped_column(BigInteger)
    main_sd_sum: Mapped[float] = mapped_column(Float)
    dealer_break_bonus_sd_sum: Mapped[float] = mapped_column(Float)
    break_bonus_sd_sum: Mapped[float] = mapped_column(Float)
    computed_at: Mapped[datetime] = mapped_column(UTCDateTime())
