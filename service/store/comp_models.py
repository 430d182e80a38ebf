"""Comp redemptions (rule book section 14): what a player took of the comps
their ratings earned, a row each, in one currency. Written once; the
database refuses any change (migration 0032). What a player earned is not
stored: it is derived from the ratings' figures
(:mod:`service.players.comp_earnings`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class CompRedemption(Base):
    """A redemption of ``amount`` minor units of ``currency`` by a pit boss
    (``redeemed_by``), for a ``reason``; ``balance`` is the player's balance
    in that currency it was held against. Past it, a second pit boss signed
    (``cosigned_by``); within it one may have signed too."""

    __tablename__ = "comp_redemptions"
    __table_args__ = (Index("ix_comp_redemptions_player", "player_id", "currency"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    currency: Mapped[str] = mapped_column(String(3))
    minor_unit: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    balance: Mapped[int] = mapped_column(BigInteger)  # before this redemption
    reason: Mapped[str] = mapped_column(String(500))
    redeemed_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    cosigned_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
