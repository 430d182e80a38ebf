"""Decks read by a card-reading shuffler or shoe (issue 20): each table's
deal order in versions, each feed as the device sent it with the hands the
deal order gave, and which stored round took it with the cards the dealer
changed by hand. All are written once; the database refuses any change
(migration 0014). A feed is used when a round names it: that row, never an
update of the feed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class DealOrderVersion(Base):
    """One version of a table's deal order; a change is a new row, and a
    table without any deals by the default. Not game math (it changes no
    odds), so kept apart from the configuration and its digest."""

    __tablename__ = "deal_orders"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    version: Mapped[int] = mapped_column(Integer)
    first_seat: Mapped[int] = mapped_column(Integer)
    dealer_place: Mapped[int] = mapped_column(Integer)
    style: Mapped[str] = mapped_column(String(20))  # a DealStyle
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeckFeed(Base):
    """One deck as a device read it: its 53 cards in the order dealt."""

    __tablename__ = "deck_feeds"
    # A device numbers its decks: a number sent again is a retry or a fault.
    # A device's decks by time: its gaming day's, for the shuffler checks.
    __table_args__ = (
        UniqueConstraint("device_id", "sequence"),
        Index("ix_deck_feeds_device_id_received_at", "device_id", "received_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    device_id: Mapped[str] = mapped_column(String(80))
    sequence: Mapped[int] = mapped_column(BigInteger)
    cards: Mapped[list[str]] = mapped_column(JSON)  # the 53 codes as dealt
    # The deal order it was dealt by and the hands it gave (the JSON of
    # DealOrder.to_json and the hands' codes): a later change of the order
    # does not move the cards of a deck already read.
    deal_order: Mapped[dict[str, Any]] = mapped_column(JSON)
    hands: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    posted_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    received_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RoundDeck(Base):
    """The feed a stored round was dealt from, and each card the dealer
    entered otherwise than the feed dealt it (``changed``: a list of
    {hand, position, fed, entered})."""

    __tablename__ = "round_decks"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True, autoincrement=False)
    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), unique=True)
    changed: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


class DeckExposure(Base):
    """The moment the dealer marked a deck's hands exposed (rule book
    section 15, "deck order is secret"): before it no one may read the
    deck's cards; after it only the hands of ``seats`` and the dealer's, and
    only a round of those seats may be dealt from it. Written once."""

    __tablename__ = "deck_exposures"

    feed_id: Mapped[int] = mapped_column(ForeignKey("deck_feeds.id"), primary_key=True, autoincrement=False)
    seats: Mapped[list[int]] = mapped_column(JSON)  # the seats in play, ascending
    exposed_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    exposed_at: Mapped[datetime] = mapped_column(UTCDateTime())
