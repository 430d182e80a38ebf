"""The login rate limit: at most so many sign-in attempts per window from one
client address, and for one name (known or not: a guesser learns nothing
from which answer comes), answered with 429 and when to retry.

The counters are rows in the database, the system of record, so every API
process (gunicorn worker) shares them, and a Redis outage changes nothing.
Each attempt is one atomic upsert (``INSERT ... ON CONFLICT DO UPDATE ...
RETURNING``), so attempts sent at once are counted one after another on
SQLite and on PostgreSQL alike and cannot outrun the limit.

A window starts at the first attempt after the last one ended: at most
``limit`` attempts are let through per window of a key. The name's limit
does not hold back an address the user signed in from before
(:mod:`service.accounts.known_addresses`): strangers filling it cannot keep the
user out at their own tablet.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, literal, select
from sqlalchemy.dialects import postgresql, sqlite

from service.accounts.known_addresses import is_known
from service.config.settings import Settings
from service.errors import ErrorCode, ServiceError
from service.store.db import Db, UTCDateTime
from service.store.models import LoginThrottle
from service.store.work import Work

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class RateLimited(ServiceError):
    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(ErrorCode.RATE_LIMITED, message, "name")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Count:
    attempts: int
    window_start: datetime


def client_address(remote: str | None, forwarded_for: str | None, trusted: Sequence[Network]) -> str:
    """Who is signing in. ``X-Forwarded-For`` is believed only as far as it
    was written by trusted proxies: from the right, each hop a trusted
    proxy added, up to the first address that is not a trusted proxy.

    >>> proxy = [ipaddress.ip_network("10.0.0.0/8")]
    >>> client_address("192.0.2.7", "203.0.113.9", ())
    '192.0.2.7'
    >>> client_address("192.0.2.7", "203.0.113.9", proxy)  # not sent by the proxy
    '192.0.2.7'
    >>> client_address("10.0.0.2", "6.6.6.6, 203.0.113.9", proxy)
    '203.0.113.9'
    >>> client_address("10.0.0.2", "203.0.113.9, 10.0.0.3", proxy)
    '203.0.113.9'
    >>> client_address("10.0.0.2", "not-an-address", proxy)
    '10.0.0.2'
    """
    address = remote or "unknown"
    if not forwarded_for or not _trusted(address, trusted):
        return address
    for hop in reversed([part.strip() for part in forwarded_for.split(",")]):
        if _parse(hop) is None:
            return address  # no trusted proxy writes that: believe no further
        address = hop
        if not _trusted(hop, trusted):
            return hop
    return address


def _parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address: str, trusted: Sequence[Network]) -> bool:
    parsed = _parse(address)
    return parsed is not None and any(parsed in network for network in trusted)


def check_login_rate(work: Work[Settings], address: str, name: str, now: datetime) -> None:
    """Count one attempt and commit it, whatever the sign-in then answers;
    :class:`RateLimited` past a limit."""
    settings = work.settings
    window = timedelta(seconds=settings.login_window_seconds)
    refusal = work.committed(lambda: _refusal(work.db, address, name, settings, now, window))
    # Its own transaction, after the counts: it skips rows others hold and
    # so never waits, and the counts never wait on it for long.
    work.committed(lambda: _forget_old(work.db, now - window))
    if refusal is not None:
        raise refusal


def _refusal(
    db: Db, address: str, name: str, settings: Settings, now: datetime, window: timedelta
) -> RateLimited | None:
    # The address is counted first, and an attempt refused for its address
    # does not count against the name: one address cannot lock a name out
    # for everyone beyond its own share.
    by_address = _count(db, f"address:{address}", now, window)
    if by_address.attempts > settings.login_limit_per_address:
        wait = _wait(by_address, window, now)
        return RateLimited(f"too many sign-in attempts from this address; try again in {wait} seconds", wait)
    by_name = _count(db, f"name:{name.casefold()}", now, window)
    if by_name.attempts > settings.login_limit_per_name and not is_known(db, name, address, now):
        wait = _wait(by_name, window, now)
        return RateLimited(f"too many sign-in attempts for this name; try again in {wait} seconds", wait)
    return None


def _count(db: Db, key: str, now: datetime, window: timedelta) -> Count:
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    ended = LoginThrottle.window_start <= literal(now - window, UTCDateTime())
    statement = (
        insert(LoginThrottle)
        .values(key=_digest(key), window_start=now, attempts=1)
        .on_conflict_do_update(
            index_elements=[LoginThrottle.key],
            set_={
                "attempts": case((ended, 1), else_=LoginThrottle.attempts + 1),
                "window_start": case((ended, literal(now, UTCDateTime())), else_=LoginThrottle.window_start),
            },
        )
        .returning(LoginThrottle.attempts, LoginThrottle.window_start)
    )
    attempts, window_start = db.execute(statement).one()
    return Count(attempts, window_start)


def _forget_old(db: Db, before: datetime) -> None:
    """Rows of windows that ended (an attempt would start afresh anyway)."""
    old = (
        select(LoginThrottle.key)
        .where(LoginThrottle.window_start < before)
        .with_for_update(skip_locked=True)  # PostgreSQL; SQLite has one writer
    )
    db.execute(delete(LoginThrottle).where(LoginThrottle.key.in_(old)))


def _wait(count: Count, window: timedelta, now: datetime) -> int:
    return max(1, math.ceil((count.window_start + window - now).total_seconds()))


def _digest(key: str) -> str:
    # surrogatepass: a name sent as a lone surrogate escape is counted too.
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
