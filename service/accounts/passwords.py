"""Setting a user's password: by the command line (``breakpoker users
set-password``: the forgotten password of a dealer, or the first admin's
after its one showing), a reset by an admin (a generated password the user
must replace at the next sign-in), or the user's own change (the old one
required).

Every token of that user is revoked (but the one the user changes their own
password with), so whoever held the old password is signed out everywhere,
and the user's address locks are lifted, so the new password works at
once; the addresses it signed in from are no longer known
(:mod:`service.accounts.known_addresses`) until it signs in there again.
The event records who and how many tokens, never the password."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update

from service.accounts.auth import hash_password, verify_password
from service.accounts.known_addresses import forget_all
from service.accounts.login_lockout import count_failure, locked_until
from service.accounts.password_policy import check_password, generate_password
from service.accounts.roles import Role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.errors import ErrorCode, Forbidden, Invalid, NotFound
from service.store.db import Db, utc_now
from service.store.models import LoginFailure, Token, User


@dataclass(frozen=True)
class PasswordSet:
    user: User
    tokens_revoked: int
    locks_lifted: int


@dataclass(frozen=True)
class PasswordReset:
    user: User
    temporary_password: str  # shown once, kept nowhere
    tokens_revoked: int


def set_password(db: Db, name: str, password: str, set_by: int | None = None) -> PasswordSet:
    """The command line's: whoever types it is at the console, so no change
    is asked of the user at the next sign-in."""
    user = db.scalar(select(User).where(User.name == name).with_for_update())
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user named {name!r}", "name")
    check_password(password, user.name)
    done = _replace(db, user, password, utc_now())
    _record(db, EventKind.PASSWORD_SET, done, set_by)
    return done


def reset_password(db: Db, user_id: int, reset_by: int | None, now: datetime) -> PasswordReset:
    """An admin's reset: a generated password, to be replaced at the next
    sign-in (a device's is its new secret, so not)."""
    user = _user(db, user_id)
    password = generate_password(user.name)
    done = _replace(db, user, password, now)
    user.must_change_password = user.role != Role.DEVICE
    _record(db, EventKind.PASSWORD_RESET, done, reset_by)
    return PasswordReset(user, password, done.tokens_revoked)


def change_password(
    db: Db,
    user: User,
    old: str,
    new: str,
    settings: Settings,
    *,
    kept_token: int,
    address: str,
    now: datetime,
) -> PasswordSet:
    """The user's own change. A wrong old password counts towards the lock
    at this address, as a wrong sign-in does: a stolen token cannot guess
    it freely. The token it is done with stays signed in."""
    db.refresh(user, with_for_update=True)  # one change at a time
    lock_ends = locked_until(db, user.id, address, now)
    if lock_ends is not None:
        raise Forbidden(
            ErrorCode.ACCOUNT_LOCKED,
            f"account {user.name!r} is locked at this address until "
            f"{lock_ends.isoformat(timespec='seconds')}",
            "old_password",
        )
    if not verify_password(user.password_hash, old):
        failed = {"name": user.name, "reason": "old password", "address": address}
        record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
        count_failure(db, user, address, settings, now)
        raise Invalid(ErrorCode.WRONG_PASSWORD, "old_password is not the current password", "old_password")
    check_password(new, user.name, "new_password")
    if new == old:
        raise Invalid(
            ErrorCode.PASSWORD_UNCHANGED, "new_password must differ from the old one", "new_password"
        )
    done = _replace(db, user, new, now, kept_token=kept_token)
    user.must_change_password = False
    _record(db, EventKind.PASSWORD_CHANGED, done, user.id)
    return done


def _user(db: Db, user_id: int) -> User:
    user = db.scalar(select(User).where(User.id == user_id).with_for_update())
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user {user_id}", "user_id")
    return user


def _replace(db: Db, user: User, password: str, now: datetime, kept_token: int | None = None) -> PasswordSet:
    user.password_hash = hash_password(password)
    user.password_changed_at = now
    user.must_change_password = False
    live = [Token.user_id == user.id, Token.revoked_at.is_(None)]
    if kept_token is not None:
        live.append(Token.id != kept_token)
    revoked = db.scalar(select(func.count()).select_from(Token).where(*live)) or 0
    db.execute(update(Token).where(*live).values(revoked_at=now))
    # Rows of failures that locked nothing (yet) go too, but are no lock.
    holding = LoginFailure.user_id == user.id, LoginFailure.locked_until > now
    locks = db.scalar(select(func.count()).select_from(LoginFailure).where(*holding)) or 0
    db.execute(delete(LoginFailure).where(LoginFailure.user_id == user.id))
    forget_all(db, user.id)
    return PasswordSet(user, revoked, locks)


def _record(db: Db, kind: EventKind, done: PasswordSet, actor: int | None) -> None:
    payload = {"name": done.user.name, "tokens_revoked": done.tokens_revoked}
    record_event(db, kind, f"user:{done.user.id}", payload, actor_id=actor)
    db.flush()
