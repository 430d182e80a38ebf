"""What an admin does to users (``/users`` and ``breakpoker users``): list
them, change a role, deactivate and reactivate.

A deactivated user stays (their rounds, signatures and events name them)
but signs in nowhere, and every token of theirs is refused at once:
:func:`service.accounts.auth.bearer` reads ``active`` at every request, and
the tokens are revoked besides, so a reactivation signs nobody back in.
Nobody deactivates their own account (the one admin left could lock
everyone out), nor the last active admin.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, update

from service.accounts.roles import Role, keep_an_admin, set_role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, NotFound
from service.store.db import Db
from service.store.models import Token, User


def list_users(db: Db) -> Sequence[User]:
    """Every user, by name."""
    return db.scalars(select(User).order_by(User.name)).all()


def get_user(db: Db, user_id: int) -> User:
    user = db.get(User, user_id)
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user {user_id}", "user_id")
    return user


def find_user(db: Db, name: str) -> User:
    """By name (the command line names users)."""
    user = db.scalar(select(User).where(User.name == name))
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user named {name!r}", "name")
    return user


def change_role(db: Db, user_id: int, role: str, changed_by: int | None) -> User:
    user, _before = set_role(db, get_user(db, user_id).name, role, changed_by)
    return user


def deactivate(db: Db, user_id: int, by: int | None, now: datetime) -> User:
    """Deactivate a user and revoke their tokens; already inactive, nothing
    changes. ``by`` is the admin (``None``: the command line)."""
    user = _locked(db, user_id)
    if not user.active:
        return user
    if user.id == by:
        raise Conflict(ErrorCode.OWN_ACCOUNT, "you cannot deactivate your own account", "user_id")
    if user.role == Role.ADMIN:
        keep_an_admin(db, user, "user_id")
    live = (Token.user_id == user.id, Token.revoked_at.is_(None))
    revoked = db.scalar(select(func.count()).select_from(Token).where(*live)) or 0
    db.execute(update(Token).where(*live).values(revoked_at=now))
    user.active = False
    payload = {"name": user.name, "role": user.role, "tokens_revoked": revoked}
    record_event(db, EventKind.USER_DEACTIVATED, f"user:{user.id}", payload, actor_id=by, at=now)
    db.flush()
    return user


def reactivate(db: Db, user_id: int, by: int | None, now: datetime) -> User:
    """Let a deactivated user sign in again (with the password they had);
    already active, nothing changes."""
    user = _locked(db, user_id)
    if user.active:
        return user
    user.active = True
    payload = {"name": user.name, "role": user.role}
    record_event(db, EventKind.USER_REACTIVATED, f"user:{user.id}", payload, actor_id=by, at=now)
    db.flush()
    return user


def _locked(db: Db, user_id: int) -> User:
    user = db.scalar(select(User).where(User.id == user_id).with_for_update())
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user {user_id}", "user_id")
    return user
