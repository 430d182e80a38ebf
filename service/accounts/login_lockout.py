"""The lockout after failed sign-ins, per account and client address.

``lockout_failures`` wrong passwords in a row at one user from one client
address lock that user at that address for ``lockout_minutes``. Other
addresses are not locked: a stranger who knows a name can lock only their
own address out of it (a lock of the whole account would let anyone keep
any user out for ever), while their guessing is still stopped. Guessing
from many addresses at once is bounded by the per-name rate limit of
:mod:`service.accounts.login_throttle`, which counts every address together.

Failures are forgotten once ``lockout_minutes`` have passed since the last
one (and since the end of a lock): one address can then try no faster than
it could by waiting out the locks, and the table keeps no row for ever.

Every function here runs under the user's row lock (taken by
:func:`service.accounts.auth.login`), so concurrent attempts at one user are counted
one after another.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, or_

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.store.db import Db
from service.store.models import LoginFailure, User

ADDRESS_LENGTH = 64  # the column's; longer ones (never an IP address) are cut


def locked_until(db: Db, user_id: int, address: str, now: datetime) -> datetime | None:
    """When the lock of this user at this address ends; ``None`` when none holds."""
    found = db.get(LoginFailure, (user_id, address[:ADDRESS_LENGTH]))
    if found is None or found.locked_until is None or found.locked_until <= now:
        return None
    return found.locked_until


def count_failure(db: Db, user: User, address: str, settings: Settings, now: datetime) -> None:
    """Count a wrong password; at the last one allowed, lock (on the audit log)."""
    _forget_old(db, user.id, now, timedelta(minutes=settings.lockout_minutes))
    key = (user.id, address[:ADDRESS_LENGTH])
    found = db.get(LoginFailure, key)
    if found is None:
        found = LoginFailure(user_id=key[0], address=key[1], failures=0, last_failure_at=now)
        db.add(found)
    found.failures += 1
    found.last_failure_at = now
    if found.failures < settings.lockout_failures:
        return
    found.failures = 0
    found.locked_until = now + timedelta(minutes=settings.lockout_minutes)
    locked = {
        "name": user.name,
        "address": address,
        "until": found.locked_until.isoformat(),
        "failures": settings.lockout_failures,
    }
    record_event(db, EventKind.LOCKOUT, f"user:{user.id}", locked, user.id, at=now)


def forget_failures(db: Db, user_id: int, address: str) -> None:
    """A sign-in succeeded from this address: its count starts afresh."""
    db.execute(
        delete(LoginFailure).where(
            LoginFailure.user_id == user_id, LoginFailure.address == address[:ADDRESS_LENGTH]
        )
    )


def _forget_old(db: Db, user_id: int, now: datetime, after: timedelta) -> None:
    """This user's rows with no failure for ``after`` and no lock that holds."""
    db.execute(
        delete(LoginFailure).where(
            LoginFailure.user_id == user_id,
            LoginFailure.last_failure_at <= now - after,
            or_(LoginFailure.locked_until.is_(None), LoginFailure.locked_until <= now),
        )
    )
