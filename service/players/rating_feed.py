"""The closed ratings as a feed for the casino's player-tracking system:
in the order they were seated out (the seat-out event's id, which only
rises), a keyset page at a time from a position the consumer keeps, each
with its final slip (:mod:`service.players.slips`).

A rating closed while a client walks the feed is met once, at its place
at the end. Its figures are those the workers keep when the page is read:
a slip that says ``pending_rounds`` > 0 or ``up_to_date`` false was read
before the workers caught up, and a void or correction approved after
seat-out changes a closed rating's figures without feeding it again: the
consumer reads ``/ratings/{id}/slip`` again for those."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from service.players.rating_values import RatingEventKind, rating_value
from service.players.slips import SlipValue, slip_of
from service.store.db import Db
from service.store.models import Rating, RatingEvent
from service.store.paging import Keyset, Order, Step, keyset_page


@dataclass(frozen=True, slots=True)
class FeedPage:
    items: list[SlipValue]
    last_key: int | None  # the last item's position (None: no item)


def closed_ratings(db: Db, after: int, limit: int, now: datetime) -> FeedPage:
    """Up to ``limit`` ratings seated out after position ``after`` (0: from
    the first), with their slips."""
    seat_outs = select(RatingEvent).where(RatingEvent.kind == RatingEventKind.SEAT_OUT)
    start = Keyset(Step.AFTER, after) if after else None
    page = keyset_page(db, seat_outs, RatingEvent.id, Order.OLDEST, limit, start)
    items = [slip_of(db, rating_value(db, db.get_one(Rating, event.rating_id)), now) for event in page.items]
    return FeedPage(items, page.items[-1].id if page.items else None)
