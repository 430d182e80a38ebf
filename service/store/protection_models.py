"""Game protection (issue 43, rule book section 15): each deck's order as
a digest (``deck_orders``, written with the deck, so a repeat is one index
look-up, never a scan of the decks), each deck's check by the workers
(``deck_order_checks``), the alerts the checks raise and a pit boss's
acknowledgement of each. All are written once; the database refuses any
change (migration 0037): an alert's state is whether an acknowledgement
row exists, never an update.

The shuffler checks (migration 0039) keep each device's gaming day's
figures (``device_days``: decks, card × position counts, repeated orders,
cards changed by hand), kept by the workers a deck at a time (derived
state, updated), each deck counted once (``deck_position_counts``), each
dealt deck's changes checked once (``deck_change_checks``) and each ended
day's chi-square tests (``position_tests``), written once."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime
from service.store.position_counts import PositionCounts


class DeckOrder(Base):
    """A deck's 53 cards in the order dealt, as a SHA-256 digest (hex)."""

    __tablename__ = "deck_orders"

    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), primary_key=True, autoincrement=False)
    order_hash: Mapped[str] = mapped_column(String(64), index=True)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeckOrderCheck(Base):
    """A deck checked against every deck received before (the workers'
    job): a deck without one is work undone, which the sweep sends again."""

    __tablename__ = "deck_order_checks"

    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), primary_key=True, autoincrement=False)
    checked_at: Mapped[datetime] = mapped_column(UTCDateTime())


class Alert(Base):
    """What a check saw: its kind and severity, whom and what it names
    (each null where it does not apply), the figure and its threshold as
    exact text, the decks and rounds behind it. ``natural_key`` names the
    finding, so that a job run twice raises it once."""

    __tablename__ = "alerts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    natural_key: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(32))  # an AlertKind
    severity: Mapped[str] = mapped_column(String(16))  # a Severity
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id"), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    device_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    figure: Mapped[str] = mapped_column(String(80))
    threshold: Mapped[str] = mapped_column(String(80))
    summary: Mapped[str] = mapped_column(String(500))
    decks: Mapped[list[int]] = mapped_column(JSON)  # deck feed ids
    rounds: Mapped[list[int]] = mapped_column(JSON)  # round ids named when raised
    raised_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AlertAcknowledgement(Base):
    """A pit boss's acknowledgement of an alert, with a note: at most one."""

    __tablename__ = "alert_acknowledgements"

    alert_id: Mapped[int] = mapped_column(ForeignKey("alerts.id"), primary_key=True, autoincrement=False)
    note: Mapped[str] = mapped_column(String(2000))
    acknowledged_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    acknowledged_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeviceDay(Base):
    """A device's gaming day (by the schedule of the table of its first
    deck that day): its figures, kept by the workers as its decks come."""

    __tablename__ = "device_days"
    __table_args__ = (UniqueConstraint("device_id", "gaming_day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[str] = mapped_column(String(80))
    gaming_day: Mapped[date] = mapped_column(Date)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)  # its test is due after
    decks: Mapped[int] = mapped_column(Integer)  # decks counted into ``positions``
    # 53 lists of 53 counts: a card (the engine's DECK order) by its
    # position, packed (migration 0042: service/store/position_counts.py)
    positions: Mapped[list[list[int]]] = mapped_column(PositionCounts)
    repeated_orders: Mapped[int] = mapped_column(Integer)  # its decks that repeated an order
    changed_decks: Mapped[int] = mapped_column(Integer)  # its dealt decks with cards changed by hand
    cards_changed: Mapped[int] = mapped_column(Integer)  # the cards changed by hand in them
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeckPositionCount(Base):
    """A deck counted into its device's day (the workers' job): a deck
    without one is work undone, which the sweep sends again."""

    __tablename__ = "deck_position_counts"

    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), primary_key=True, autoincrement=False)
    day_id: Mapped[int] = mapped_column(ForeignKey("device_days.id"))
    counted_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeckChangeCheck(Base):
    """A dealt deck's cards changed by hand, checked (and its alert raised
    if any): a dealt deck without one is work undone."""

    __tablename__ = "deck_change_checks"

    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), primary_key=True, autoincrement=False)
    cards_changed: Mapped[int] = mapped_column(Integer)
    checked_at: Mapped[datetime] = mapped_column(UTCDateTime())


class PositionTestRow(Base):
    """An ended device day's chi-square tests of card positions: the day's
    decks and the 30 days' ending with it. A window of too few decks (fewer
    than 11) has no test: its degrees of freedom, statistic and p are null.
    The statistic and p are text (decimal), never a float column."""

    __tablename__ = "position_tests"

    day_id: Mapped[int] = mapped_column(ForeignKey("device_days.id"), primary_key=True, autoincrement=False)
    day_decks: Mapped[int] = mapped_column(Integer)
    day_groups: Mapped[int] = mapped_column(Integer)
    day_df: Mapped[int | None] = mapped_column(Integer, nullable=True)
    day_statistic: Mapped[str | None] = mapped_column(String(40), nullable=True)
    day_p: Mapped[str | None] = mapped_column(String(40), nullable=True)
    day_flagged: Mapped[bool] = mapped_column(Boolean)
    window_days: Mapped[int] = mapped_column(Integer)  # the days of the device with decks in it
    window_decks: Mapped[int] = mapped_column(Integer)
    window_groups: Mapped[int] = mapped_column(Integer)
    window_df: Mapped[int | None] = mapped_column(Integer, nullable=True)
    window_statistic: Mapped[str | None] = mapped_column(String(40), nullable=True)
    window_p: Mapped[str | None] = mapped_column(String(40), nullable=True)
    window_flagged: Mapped[bool] = mapped_column(Boolean)
    tested_at: Mapped[datetime] = mapped_column(UTCDateTime())
