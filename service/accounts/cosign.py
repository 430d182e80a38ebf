"""A second signature on a record: the co-signer at the same screen types
their name and password (the dealer beside a pit boss at the table, a
second counter in the count room). The password is checked as a sign-in
checks it, and a wrong one counts towards the same lockout: a co-signature
is no way round it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.accounts.auth import verify_password
from service.accounts.login_lockout import count_failure, forget_failures, locked_until
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.errors import Forbidden
from service.store.models import User


def cosigner(
    session: Session, name: str, password: str, settings: Settings, address: str, now: datetime, field: str
) -> User:
    """The user who signs with this name and password. A wrong one is
    recorded and counted; the caller commits on failure too (as a sign-in
    does), or the count is lost. ``field`` names the signature in errors."""
    user = (
        session.scalar(select(User).where(User.name == name).with_for_update())
        if name.isprintable()
        else None
    )
    if user is None:
        verify_password(None, password)  # as long as a known name takes
        raise Forbidden("bad_signature", f"{field}: name or password is wrong", f"{field}.password")
    if locked_until(session, user.id, address, now) is not None:
        raise Forbidden(
            "account_locked", f"{field}: account {user.name!r} is locked at this address", f"{field}.name"
        )
    if not verify_password(user.password_hash, password):
        failed = {"name": user.name, "reason": "co-signature", "address": address}
        record_event(session, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
        count_failure(session, user, address, settings, now)
        raise Forbidden("bad_signature", f"{field}: name or password is wrong", f"{field}.password")
    forget_failures(session, user.id, address)
    return user
