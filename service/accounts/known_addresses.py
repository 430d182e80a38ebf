"""The client addresses a user signs in from, remembered at each sign-in
with the right password.

The per-name rate limit (:mod:`service.accounts.login_throttle`) counts attempts at
a name from every address together, so that guessing from many addresses
at once is bounded. Strangers can fill it too: two addresses' worth of
wrong guesses a window kept the user out with 429s for as long as they
kept at it. An address the user signed in from within ``REMEMBERED`` is
not held back by the name's limit: a guesser would have to be at the
user's own tablet, where the per-address limit and lockout still hold.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select

from service.accounts.login_lockout import ADDRESS_LENGTH
from service.store.db import Db
from service.store.models import KnownAddress, User

REMEMBERED = timedelta(days=30)
MAX_NAME = 80  # the users.name column's


def remember(db: Db, user_id: int, address: str, now: datetime) -> None:
    """The user signed in from ``address`` (under the user's row lock);
    the user's addresses not seen for ``REMEMBERED`` are forgotten."""
    db.execute(
        delete(KnownAddress).where(
            KnownAddress.user_id == user_id, KnownAddress.last_signed_in_at <= now - REMEMBERED
        )
    )
    key = (user_id, address[:ADDRESS_LENGTH])
    found = db.get(KnownAddress, key)
    if found is None:
        db.add(KnownAddress(user_id=key[0], address=key[1], last_signed_in_at=now))
    else:
        found.last_signed_in_at = now


def forget_all(db: Db, user_id: int) -> None:
    """A new password: no address is the user's own until it signs in again."""
    db.execute(delete(KnownAddress).where(KnownAddress.user_id == user_id))


def is_known(db: Db, name: str, address: str, now: datetime) -> bool:
    """Whether the user named ``name`` signed in from ``address`` lately."""
    if not name.isprintable() or len(name) > MAX_NAME:
        return False  # no user has such a name (and the driver may not take it)
    found = db.scalar(
        select(KnownAddress.user_id)
        .join(User, User.id == KnownAddress.user_id)
        .where(
            User.name == name,
            KnownAddress.address == address[:ADDRESS_LENGTH],
            KnownAddress.last_signed_in_at > now - REMEMBERED,
        )
    )
    return found is not None
