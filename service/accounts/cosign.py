"""A second signature on a record: the co-signer at the same screen types
their name and password (the dealer beside a pit boss at the table, a
second counter in the count room). The password is checked as a sign-in
checks it, and a wrong one counts towards the same lockout: a co-signature
is no way round it.

A co-signature is its signer's own, as a token is: a deactivated user
signs nothing (their tokens are refused too), and a password someone else
chose (an admin's for a new account, a reset's) or past its maximum age
signs nothing until its owner has set their own (their token opens nothing
else either). Both are told only after the right password, as a sign-in
tells a lock: a guesser learns nothing."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from service.accounts.auth import password_too_old, verify_password
from service.accounts.login_lockout import count_failure, forget_failures, locked_until
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.errors import ErrorCode, Forbidden
from service.store.db import Db
from service.store.models import User


def cosigner(
    db: Db, name: str, password: str, settings: Settings, address: str, now: datetime, field: str
) -> User:
    """The user who signs with this name and password. A wrong one is
    recorded and counted; the caller commits on failure too (as a sign-in
    does), or the count is lost. ``field`` names the signature in errors."""
    user = db.scalar(select(User).where(User.name == name).with_for_update()) if name.isprintable() else None
    if user is None:
        verify_password(None, password)  # as long as a known name takes
        raise Forbidden(ErrorCode.BAD_SIGNATURE, f"{field}: name or password is wrong", f"{field}.password")
    if locked_until(db, user.id, address, now) is not None:
        raise Forbidden(
            ErrorCode.ACCOUNT_LOCKED,
            f"{field}: account {user.name!r} is locked at this address",
            f"{field}.name",
        )
    if not verify_password(user.password_hash, password):
        failed = {"name": user.name, "reason": "co-signature", "address": address}
        record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
        count_failure(db, user, address, settings, now)
        raise Forbidden(ErrorCode.BAD_SIGNATURE, f"{field}: name or password is wrong", f"{field}.password")
    forget_failures(db, user.id, address)
    _refuse_if_not_theirs(db, user, settings, address, now, field)
    return user


def _refuse_if_not_theirs(
    db: Db, user: User, settings: Settings, address: str, now: datetime, field: str
) -> None:
    """Refused after the right password: a departed user, or a password its
    owner did not choose (or let grow too old)."""
    if not user.active:
        reason = "deactivated"
        refusal = Forbidden(
            ErrorCode.ACCOUNT_DEACTIVATED, f"{field}: account {user.name!r} is deactivated", f"{field}.name"
        )
    elif user.must_change_password or password_too_old(user, settings, now):
        reason = "password to change"
        refusal = Forbidden(
            ErrorCode.PASSWORD_CHANGE_REQUIRED,
            f"{field}: {user.name!r} must sign in and set their own password before signing",
            f"{field}.name",
        )
    else:
        return
    failed = {"name": user.name, "reason": f"co-signature: {reason}", "address": address}
    record_event(db, EventKind.LOGIN_FAILED, f"user:{user.id}", failed, user.id, at=now)
    raise refusal
