"""Game protection (issue 43, rule book section 15): each deck's order as
a digest (``deck_orders``, written with the deck, so a repeat is one index
look-up, never a scan of the decks), each deck's check by the workers
(``deck_order_checks``), the alerts the checks raise and a pit boss's
acknowledgement of each. All are written once; the database refuses any
change (migration 0037): an alert's state is whether an acknowledgement
row exists, never an update."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


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
