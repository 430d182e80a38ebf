"""The idle timeout of a bearer token: one not used for ``token_idle_minutes``
(a setting) is refused with 401 ``token_idle``, so a tablet left signed in
does not stay open for the rest of a twelve-hour token.

Every request checks its token, but noting each use would make every
read a write. A use is noted only when the one noted is a minute old or
more (:data:`NOTE_EVERY`): one write a minute per busy token. So a token is
refused after between ``idle - 1`` and ``idle`` minutes unused, never
later than the setting says.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.errors import ErrorCode, Unauthorized
from service.store.models import Token

NOTE_EVERY = timedelta(minutes=1)


def last_use(token: Token) -> datetime:
    """When the token was last noted in use: its issue, if not since."""
    return token.last_used_at or token.created_at


def refuse_if_idle(token: Token, now: datetime, idle_minutes: int) -> None:
    if now - last_use(token) >= timedelta(minutes=idle_minutes):
        raise Unauthorized(
            ErrorCode.TOKEN_IDLE,
            f"the bearer token was not used for {idle_minutes} minutes; sign in again",
            "Authorization",
        )


def note_use(token: Token, now: datetime) -> bool:
    """Note this use if the last one noted is a minute old: whether it was
    (then the caller commits)."""
    if now - last_use(token) < NOTE_EVERY:
        return False
    token.last_used_at = now
    return True
