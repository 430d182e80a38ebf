"""Who may sign in and how: users and their roles, sign-in tokens, and the
records behind the sign-in limits (attempts per window, wrong passwords and
locks per address, the addresses a user is known at)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, false, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.store.db import Base, UTCDateTime


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(200))
    # The lock of an account everywhere, before 0008; no longer written (see
    # LoginFailure), kept so the version before still runs during an upgrade.
    failed_logins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # Since 0015 (service/accounts/user_admin.py). A deactivated user signs
    # in nowhere and their tokens are refused; the row stays, for the trail.
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # The password was set by someone else (an admin, a reset) or is older
    # than the maximum age: the user must set their own before anything else.
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    last_sign_in_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # Null only in a row the version before 0015 wrote during an upgrade
    # (0015 fills the others with created_at).
    password_changed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class Token(Base):
    """A sign-in. Only the SHA-256 of the bearer token is kept."""

    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # When it was last used, to a minute (service/accounts/token_idle.py);
    # null: not since it was issued.
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    user: Mapped[User] = relationship(lazy="joined")


class LoginThrottle(Base):
    """Sign-in attempts in the current window of one client address or one
    name (keyed by SHA-256, so no typed name is kept): the login rate limit,
    shared by every API process."""

    __tablename__ = "login_throttle"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    attempts: Mapped[int] = mapped_column(Integer)


class LoginFailure(Base):
    """Wrong passwords in a row at one user from one client address, and the
    lock they led to: a lock holds that address only, so a stranger who
    knows a name cannot lock its owner out everywhere."""

    __tablename__ = "login_failures"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)  # since the last lock, success or forgetting
    last_failure_at: Mapped[datetime] = mapped_column(UTCDateTime())
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())


class KnownAddress(Base):
    """A client address a user signed in from with the right password: the
    per-name rate limit, which strangers can fill, does not hold it back."""

    __tablename__ = "known_addresses"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    last_signed_in_at: Mapped[datetime] = mapped_column(UTCDateTime())
