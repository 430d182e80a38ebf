"""The casino's settings for comps and the cash rules, and the players'
identifications (rule book section 14). Every row is written once; the
database refuses any change (migration 0028).

A change of settings is a new version (``casino_settings``) with its
thresholds, one row a currency (``cash_thresholds``), as a table's
configuration is. An identification is stored encrypted
(``player_identifications``): the key is a file the database never holds
(service/players/identification_key.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.store.db import Base, UTCDateTime


class CasinoSettingsVersion(Base):
    """One version of the casino's settings; the newest is in force."""

    __tablename__ = "casino_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, unique=True)  # 1, then one more each change
    # The comp rate in basis points (hundredths of a percent): 2000 is 20 %.
    comp_rate_basis_points: Mapped[int] = mapped_column(Integer)
    # Results beyond luck's threshold in hundredths of a standard deviation
    # (game protection): 400 is 4 (0038).
    luck_threshold_hundredths: Mapped[int] = mapped_column(Integer, server_default="400")
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class CashThreshold(Base):
    """A settings version's thresholds in one currency, in its minor units."""

    __tablename__ = "cash_thresholds"
    __table_args__ = (UniqueConstraint("settings_id", "currency"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    settings_id: Mapped[int] = mapped_column(ForeignKey("casino_settings.id"), index=True)
    currency: Mapped[str] = mapped_column(String(3))  # ISO 4217
    minor_unit: Mapped[int] = mapped_column(Integer)  # as the currency had it then
    log_threshold: Mapped[int] = mapped_column(BigInteger)
    report_threshold: Mapped[int] = mapped_column(BigInteger)


class PlayerIdentification(Base):
    """One identification recorded for a player, encrypted (AES-256-GCM,
    a random nonce a row, the player and the version bound as associated
    data); the newest version counts."""

    __tablename__ = "player_identifications"
    __table_args__ = (UniqueConstraint("player_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # 1, then one more each new identification
    key_id: Mapped[str] = mapped_column(String(16))  # which key file encrypted it
    nonce: Mapped[bytes] = mapped_column(LargeBinary(12))
    ciphertext: Mapped[bytes] = mapped_column(LargeBinary)
    recorded_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
