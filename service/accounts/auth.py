"""Users, passwords and sign-in tokens: the use cases behind ``/auth`` and
``breakpoker users``.

Passwords are hashed with argon2. A bearer token is 32 random bytes; only its
SHA-256 is stored, so a copy of the database signs nobody in. Consecutive
failed logins lock an account for a while at the client address they came
from (:mod:`service.accounts.login_lockout`).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NoReturn

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import bindparam, select, update

from service.accounts.known_addresses import remember
from service.accounts.login_lockout import count_failure, forget_failures, locked_until
from service.accounts.password_policy import check_password, generate_password
from service.accounts.roles import Role, check_role
from service.accounts.token_idle import note_use, refuse_if_idle
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.errors import Conflict, ErrorCode, Forbidden, Invalid, Unauthorized
from service.store.db import Db, utc_now
from service.store.models import Token, User

_HASHER = PasswordHasher()
# Checked against when the user does not exist, so both cases take as long:
# a hash of "not a real password" under _HASHER's parameters (the check's
# cost is the parameters'), written out rather than computed on import,
# which cost every process of the API 0.4 s of a core
# (tests/accounts/test_auth.py checks it still matches them).
_DUMMY_HASH = (
    "$argon2id$v=19$m=65536,t=3,p=4$sjVISu/Fgk2yx9KJGkkyCw$ttnzsxEI2xT3vuxEqBzK8F7lSmMk384T3wrEB7XaxMs"
)


@dataclass(frozen=True)
class SignIn:
    token: str
    expires_at: datetime
    user: User


@dataclass(frozen=True)
class Bearer:
    """A live token, its user, and whether its use was noted just now (then
    the caller commits, :mod:`service.accounts.token_idle`)."""

    token: Token
    user: User
    noted: bool


def create_user(
    db: Db,
    name: str,
    role: str,
    password: str,
    created_by: int | None = None,
    *,
    must_change_password: bool = False,
) -> User:
    """A new user. ``must_change_password``: someone else chose the password
    (an admin on the API), so the user sets their own at the first sign-in;
    never for a device, which cannot (its password is a machine's secret)."""
    name = name.strip()
    if not 1 <= len(name) <= 80 or not name.isprintable():
        raise Invalid(ErrorCode.INVALID_FIELD, "name must be 1 to 80 printable characters", "name")
    role = check_role(role)
    check_password(password, name)
    if db.scalar(select(User).where(User.name == name)) is not None:
        raise Conflict(ErrorCode.USER_EXISTS, f"a user named {name!r} already exists", "name")
    now = utc_now()
    user = User(
        name=name,
        role=role,
        password_hash=hash_password(password),
        failed_logins=0,
        created_at=now,
        active=True,
        must_change_password=must_change_password and role != Role.DEVICE,
        password_changed_at=now,
    )
    db.add(user)
    db.flush()
    record_event(
        db, EventKind.USER_CREATED, f"user:{user.id}", {"name": name, "role": role}, actor_id=created_by
    )
    return user


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def ensure_admin(db: Db, name: str = "admin") -> str | None:
    """Create the first admin with a generated password, returned once; ``None``
    when an admin exists already."""
    if db.scalar(select(User.id).where(User.role == Role.ADMIN).limit(1)) is not None:
        return None
    password = generate_password(name)
    create_user(db, name, Role.ADMIN, password)
    return password


def login(
    db: Db,
    name: str,
    password: str,
    settings: Settings,
    *,
    address: str = "local",
    now: datetime | None = None,
) -> SignIn:
    """A new token, or :class:`Unauthorized`; the failure is counted either way
    the caller commits (so it must commit on failure too). ``address`` is the
    client's (:func:`service.accounts.login_throttle.client_address`; "local" for the
    command line): a lock holds the account there only."""
    now = now or utc_now()
    if not name.isprintable() or len(name) > 80:
        _unknown_name(db, password, now)  # no such name can exist
    # Take the user's row for writing before reading it, so concurrent
    # attempts are counted one after another: guessing in parallel cannot
    # outrun the lockout (SQLite: the write lock; PostgreSQL: the row lock).
    db.execute(update(User).where(User.name == name).values(failed_logins=User.failed_logins))
    user = db.scalar(select(User).where(User.name == name).with_for_update())
    if user is None:
        _unknown_name(db, password, now)
    _refuse_if_locked(db, user, password, address, settings, now)
    if not _verify(user.password_hash, password):
        failed = {"name": name, "reason": "password", "address": address}
        record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
        count_failure(db, user, address, settings, now)
        raise Unauthorized(ErrorCode.BAD_CREDENTIALS, "name or password is wrong", "password")
    _refuse_if_deactivated(db, user, address, now)
    forget_failures(db, user.id, address)
    remember(db, user.id, address, now)
    if _HASHER.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    user.last_sign_in_at = now
    if password_too_old(user, settings, now):
        user.must_change_password = True
    token = secrets.token_urlsafe(32)
    expires_at = now + timedelta(minutes=settings.token_minutes)
    db.add(Token(digest=_digest(token), user_id=user.id, created_at=now, expires_at=expires_at))
    signed_in = {"name": name, "role": user.role, "must_change_password": user.must_change_password}
    record_event(db, EventKind.LOGIN, f"user:{user.id}", signed_in, user.id, at=now)
    db.flush()
    return SignIn(token, expires_at, user)


def _refuse_if_deactivated(db: Db, user: User, address: str, now: datetime) -> None:
    """Only after the right password (as a lock): a guesser learns nothing."""
    if user.active:
        return
    failed = {"name": user.name, "reason": "deactivated", "address": address}
    record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
    raise Forbidden(
        ErrorCode.ACCOUNT_DEACTIVATED, f"account {user.name!r} is deactivated; ask an admin", "name"
    )


def password_too_old(user: User, settings: Settings, now: datetime) -> bool:
    """Whether the password is past the maximum age (none when it is 0)."""
    changed = user.password_changed_at or user.created_at
    days = settings.password_max_age_days
    return days > 0 and user.role != Role.DEVICE and now - changed >= timedelta(days=days)


def _refuse_if_locked(
    db: Db, user: User, password: str, address: str, settings: Settings, now: datetime
) -> None:
    lock_ends = locked_until(db, user.id, address, now)
    if lock_ends is None:
        return
    failed = {"name": user.name, "reason": "locked", "address": address}
    record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
    if not _verify(user.password_hash, password):
        # Only the right password learns of the lock: a guesser cannot
        # tell a locked account from a wrong name.
        raise Unauthorized(ErrorCode.BAD_CREDENTIALS, "name or password is wrong", "password")
    raise Forbidden(
        ErrorCode.ACCOUNT_LOCKED,
        f"account {user.name!r} is locked at this address after {settings.lockout_failures} failed "
        f"logins until {lock_ends.isoformat(timespec='seconds')}; it can still sign in from its own device",
        "name",
    )


def _unknown_name(db: Db, password: str, now: datetime) -> NoReturn:
    """A sign-in with a name no user has. The name is recorded as unknown,
    never as typed: it is often a password typed into the wrong field, and
    the audit trail keeps it for ever. Nor is a hash of it kept: an
    unkeyed one gives a dictionary the password, and a keyed one needs a
    secret kept apart from the database. Repeated attempts are tied
    together by their time and the access log (client address, request id)."""
    _verify(_DUMMY_HASH, password)  # as long as a known name takes
    record_event(db, EventKind.LOGIN_FAILED, "name:unknown", {"name": None, "reason": "unknown user"}, at=now)
    raise Unauthorized(ErrorCode.BAD_CREDENTIALS, "name or password is wrong", "password")


# Built once: on every request, building the statement (coercing the
# column comparison) cost about as much as running it.
_TOKEN_BY_DIGEST = select(Token).where(Token.digest == bindparam("digest"))


def authenticate(db: Db, token: str, now: datetime | None = None) -> User:
    """The user a bearer token belongs to, if it is live at ``now`` (the
    clock the token was issued by); no idle timeout."""
    return bearer(db, token, now or utc_now()).user


def bearer(
    db: Db, token: str, now: datetime, idle_minutes: int | None = None, *, background: bool = False
) -> Bearer:
    """A bearer token, if it is live at ``now`` and its user active; unused
    for ``idle_minutes``, refused (``None``: no idle timeout). A
    ``background`` request (a page polling by itself) is not a use: a
    page left open must still go idle."""
    found = db.scalar(_TOKEN_BY_DIGEST, {"digest": _digest(token)})
    if found is None:
        raise Unauthorized(
            ErrorCode.INVALID_TOKEN, "the bearer token is not valid; sign in again", "Authorization"
        )
    if not found.user.active:  # read at every request: a deactivation holds at once
        raise Unauthorized(
            ErrorCode.ACCOUNT_DEACTIVATED, "the account is deactivated; ask an admin", "Authorization"
        )
    if found.revoked_at is not None:
        raise Unauthorized(
            ErrorCode.INVALID_TOKEN, "the bearer token is not valid; sign in again", "Authorization"
        )
    if found.expires_at <= now:
        raise Unauthorized(
            ErrorCode.TOKEN_EXPIRED, "the bearer token has expired; sign in again", "Authorization"
        )
    if idle_minutes is None:
        return Bearer(found, found.user, noted=False)
    refuse_if_idle(found, now, idle_minutes)
    return Bearer(found, found.user, noted=not background and note_use(found, now))


def logout(db: Db, token: str, now: datetime | None = None) -> None:
    found = db.scalar(select(Token).where(Token.digest == _digest(token)))
    if found is not None and found.revoked_at is None:
        found.revoked_at = now or utc_now()
        record_event(
            db,
            EventKind.LOGOUT,
            f"user:{found.user_id}",
            {"name": found.user.name},
            found.user_id,
            at=found.revoked_at,
        )


def verify_password(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` is the one hashed; with no hash, as long as a
    check takes and false (a name nobody has)."""
    if password_hash is None:
        _verify(_DUMMY_HASH, password)
        return False
    return _verify(password_hash, password)


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError, UnicodeEncodeError):
        # UnicodeEncodeError: JSON can carry a lone surrogate ("\ud800"),
        # which no stored password holds: a wrong password like any other.
        return False


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
