"""A closed rating's entries in the player-tracking system's feed
(``rating_feed_entries``): one at its seat-out, and one each time what its
final slip says changes afterwards (a pit boss's correction; its figures
figured again after a void, a correction or values stored), so the
consumer, keeping the newest slip of each rating, never keeps a stale one.
Written in the transaction that made the change."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from service.players.rating_values import RatingEventKind
from service.store.db import Db
from service.store.models import RatingEvent, RatingFeedEntry


def feed(db: Db, rating_id: int, now: datetime) -> None:
    """Feed the closed rating (at its seat-out, or again)."""
    db.add(RatingFeedEntry(rating_id=rating_id, at=now))
    db.flush()


def feed_if_closed(db: Db, rating_id: int, now: datetime) -> bool:
    """Feed the rating again if it is closed (an open one is fed at its
    seat-out); whether it was."""
    seated_out = db.scalar(
        select(RatingEvent.id).where(
            RatingEvent.rating_id == rating_id, RatingEvent.kind == RatingEventKind.SEAT_OUT
        )
    )
    if seated_out is None:
        return False
    feed(db, rating_id, now)
    return True
