"""The casino's players and their rated play (rule book section 14). Every
row is written once; the database refuses any change (migration 0026). A
player's name is its newest row in ``player_names``: a change is a new
row and an event, never an overwrite. The player-tracking system owns the
club numbers; the service keeps no other personal data here."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class Player(Base):
    """A member of the player club, by the club number the casino's
    player-tracking system gave them (1 to 20 letters and digits)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_number: Mapped[str] = mapped_column(String(20), unique=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class PlayerName(Base):
    """One name a player has had, as the club holds it; the newest is the
    player's name now."""

    __tablename__ = "player_names"
    __table_args__ = (UniqueConstraint("player_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # 1 at enrolment, then each change
    name: Mapped[str] = mapped_column(String(120))
    named_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    named_at: Mapped[datetime] = mapped_column(UTCDateTime())
