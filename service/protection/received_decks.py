"""A received deck's two checks in one job (``deck_received``, issue 43:
"a few milliseconds a round in the worker"): its order against every deck
before it (:mod:`.repeated_decks`) and its card positions counted into
its device's day (:mod:`.device_days`), the deck read once, in one
transaction. Each check keeps its own marker (``deck_order_checks``,
``deck_position_counts``): the job does whichever is undone, so it is
idempotent, and the sweep finds a deck whose order is unchecked or whose
positions are uncounted. The jobs of each check alone
(``deck_check``, ``deck_positions``) still run, for rows queued before."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, select

from service.protection.device_days import COUNTED_FEED, count_found
from service.protection.repeated_decks import check_order
from service.store.db import Db
from service.store.models import DeckFeed, DeckOrder, DeckOrderCheck, DeckPositionCount, GameTable

# Built once: read on every deck received. What both checks need, and
# whether each was done.
_DECK = (
    select(
        *COUNTED_FEED,
        DeckOrder.order_hash,
        DeckOrderCheck.feed_id.label("checked"),
        DeckPositionCount.feed_id.label("counted"),
    )
    .join(GameTable, GameTable.id == DeckFeed.table_id)
    .outerjoin(DeckOrder, DeckOrder.feed_id == DeckFeed.id)
    .outerjoin(DeckOrderCheck, DeckOrderCheck.feed_id == DeckFeed.id)
    .outerjoin(DeckPositionCount, DeckPositionCount.feed_id == DeckFeed.id)
    .where(DeckFeed.id == bindparam("feed_id"))
)


def check_received_deck(db: Db, feed_id: int, now: datetime) -> int:
    """Check a received deck's order and count its positions, each once;
    how many alerts the order's check raised (0 when checked before)."""
    found = db.execute(_DECK, {"feed_id": feed_id}).first()
    if found is None:
        raise LookupError(f"no deck {feed_id}")
    # The order first, as the two jobs were queued: a repeat counts
    # against the day that the count then adds the deck to. A deck without
    # a digest has no order to check (none is stored without one: the
    # sweep never asks), and its positions count all the same.
    unchecked = found.checked is None and found.order_hash is not None
    raised = check_order(db, feed_id, found.order_hash, now) if unchecked else 0
    if found.counted is None:
        count_found(db, feed_id, found, now)
    return raised
