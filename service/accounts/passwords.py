"""Setting a user's password (``breakpoker users set-password``): the
forgotten password of a dealer, or the first admin's after its one showing.

Every token of that user is revoked, so whoever held the old password is
signed out everywhere, and the user's address locks are lifted, so the new
password works at once; the addresses it signed in from are no longer
known (:mod:`service.accounts.known_addresses`) until it signs in there again. The
event records who and how many tokens, never the password."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from service.accounts.auth import check_password, hash_password
from service.accounts.known_addresses import forget_all
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import NotFound
from service.store.db import utc_now
from service.store.models import LoginFailure, Token, User


@dataclass(frozen=True)
class PasswordSet:
    user: User
    tokens_revoked: int
    locks_lifted: int


def set_password(session: Session, name: str, password: str, set_by: int | None = None) -> PasswordSet:
    check_password(password)
    user = session.scalar(select(User).where(User.name == name).with_for_update())
    if user is None:
        raise NotFound("user_not_found", f"no user named {name!r}", "name")
    user.password_hash = hash_password(password)
    now = utc_now()
    live = (Token.user_id == user.id, Token.revoked_at.is_(None))
    revoked = session.scalar(select(func.count()).select_from(Token).where(*live)) or 0
    session.execute(update(Token).where(*live).values(revoked_at=now))
    # Rows of failures that locked nothing (yet) go too, but are no lock.
    holding = LoginFailure.user_id == user.id, LoginFailure.locked_until > now
    locks = session.scalar(select(func.count()).select_from(LoginFailure).where(*holding)) or 0
    session.execute(delete(LoginFailure).where(LoginFailure.user_id == user.id))
    forget_all(session, user.id)
    record_event(
        session,
        EventKind.PASSWORD_SET,
        f"user:{user.id}",
        {"name": user.name, "tokens_revoked": revoked},
        actor_id=set_by,
    )
    session.flush()
    return PasswordSet(user, revoked, locks)
