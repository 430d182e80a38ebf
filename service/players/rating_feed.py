"""The closed ratings as a feed for the casino's player-tracking system,
a keyset page at a time from a position the consumer keeps, each with its
final slip (:mod:`service.players.slips`) as it reads when the page is
read.

A rating is fed at its seat-out and again each time what its slip says
changes afterwards (:mod:`service.players.feed_entries`): a pit boss's
correction, or its figures figured again by the workers after a void, a
correction or values stored. So a consumer that keeps the newest slip of
each rating by ``rating_id`` ends with what the service says, and a slip
with ``pending_rounds`` > 0 is followed by the one its figures complete.
The positions are the entries' ids, which only rise."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.players.rating_values import rating_value
from service.players.slip_json import SlipJson, slip_json
from service.players.slips import slip_of
from service.store.db import Db
from service.store.models import Rating, RatingFeedEntry
from service.store.paging import Keyset, Order, Step, keyset_page


@dataclass(frozen=True, slots=True)
class FeedPage:
    items: list[SlipJson]
    last_key: int | None  # the last item's position (None: no item)


class RatingFeedJson(TypedDict):
    items: Annotated[
        list[SlipJson],
        "closed ratings, each at its seat-out and again each time its slip changed since (keep the "
        "newest of each rating_id)",
    ]
    next: Annotated[
        str | None,
        "the after of the next page: where this one ends (the after asked for when it is empty; "
        "null: no closed rating yet); poll with it for ratings closed or changed since",
    ]


def closed_ratings(db: Db, after: int, limit: int, now: datetime) -> FeedPage:
    """Up to ``limit`` entries of the feed after position ``after`` (0:
    from the first), each its rating's slip."""
    start = Keyset(Step.AFTER, after) if after else None
    page = keyset_page(db, select(RatingFeedEntry), RatingFeedEntry.id, Order.OLDEST, limit, start)
    items = [
        slip_json(slip_of(db, rating_value(db, db.get_one(Rating, event.rating_id)), now))
        for event in page.items
    ]
    return FeedPage(items, page.items[-1].id if page.items else None)
