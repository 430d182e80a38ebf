"""The gaming tables and the versions of their rules: a change of rules is
a new version, never an edit of the one rounds were settled under."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.store.db import Base, UTCDateTime

#: a table's shifts when it is created without any (the schema's default too)
DEFAULT_SHIFT_STARTS = ("06:00", "14:00", "22:00")
DEFAULT_SHIFT_STARTS_JSON = json.dumps(list(DEFAULT_SHIFT_STARTS))


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    game: Mapped[str] = mapped_column(String(40), default="break_poker")
    status: Mapped[str] = mapped_column(String(20), default="closed")  # TableStatus: open while a session is
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    # Local "HH:MM" times each shift starts; the first also starts the gaming day.
    shift_starts: Mapped[list[str]] = mapped_column(
        JSON, default=lambda: list(DEFAULT_SHIFT_STARTS), server_default=DEFAULT_SHIFT_STARTS_JSON
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    configs: Mapped[list[ConfigVersion]] = relationship(
        back_populates="table", order_by="ConfigVersion.version"
    )


class ConfigVersion(Base):
    """One version of a table's rules; a change is a new row."""

    __tablename__ = "config_versions"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    version: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # TableConfig.to_json()
    digest: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    table: Mapped[GameTable] = relationship(back_populates="configs")


class TableCurrency(Base):
    """The currency a table's amounts count the minor unit of (ISO 4217),
    written with the table and never changed (migration 0017 makes the
    rows append-only): money stored in one currency must never be read in
    another. A table with no row was made before 0017: USD, 2 decimals,
    as the pages always read it."""

    __tablename__ = "table_currencies"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), primary_key=True, autoincrement=False)
    code: Mapped[str] = mapped_column(String(3))
    minor_unit: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
