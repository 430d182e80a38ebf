"""The shuffler check of a repeated deck order (rule book section 15:
"a deck order seen before is a critical alert", on any device): each deck
received is checked by the workers' job against every deck before it by
its order's digest (``deck_orders``, one index look-up, never a scan of
the decks). A deck sent again by its device (a replay) is no new deck:
it stores no digest, so it is never checked again.

Each later deck of an order raises its own alert, naming the first deck
of that order: two repeats raced into the database are both found,
whichever job runs first (the alerts' keys keep each to one). Each
repeat counts against its device's day (``device_days``) with its alert."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, Table, bindparam, func, insert, select

from service.protection.alerts import raise_alert
from service.protection.device_days import day_of_feed
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import Db
from service.store.models import DeckFeed, DeckOrder, DeckOrderCheck, GameTable, RoundDeck

#: the decks an order may have: one (a second is the alert)
SEEN_ONCE = 1


# Built once: read on every deck (issue 43: a deck's checks a millisecond
# or so, in SQL core rather than through the ORM's objects).
_ORDER = (
    select(DeckOrder.order_hash, DeckOrderCheck.feed_id.label("checked"))
    .select_from(DeckFeed)
    .outerjoin(DeckOrder, DeckOrder.feed_id == DeckFeed.id)
    .outerjoin(DeckOrderCheck, DeckOrderCheck.feed_id == DeckFeed.id)
    .where(DeckFeed.id == bindparam("feed_id"))
)
_SAME = (
    select(DeckOrder.feed_id)
    .where(DeckOrder.order_hash == bindparam("order_hash"))
    .order_by(DeckOrder.feed_id)
)
_CHECKED = insert(cast(Table, DeckOrderCheck.__table__))


def check_deck_order(db: Db, feed_id: int, now: datetime) -> int:
    """Check a received deck's order against every deck before it, once;
    how many alerts were raised (0 when checked before)."""
    order = db.execute(_ORDER, {"feed_id": feed_id}).first()
    if order is not None and order.checked is not None:
        return 0
    return check_order(db, feed_id, None if order is None else order.order_hash, now)


def check_order(db: Db, feed_id: int, digest: str | None, now: datetime) -> int:
    """:func:`check_deck_order` of a deck read unchecked, with its order's
    digest (None: it has none)."""
    if digest is None:
        raise LookupError(f"no deck order of deck {feed_id}")
    same = list(db.scalars(_SAME, {"order_hash": digest}))
    raised = 0
    for seen, later in enumerate(same[1:], start=2):
        if raise_alert(db, _finding(db, same[0], later, seen), now) is not None:
            raised += 1
            _count_repeat(db, later, now)
    # the natural key: a concurrent run of the deck fails here, and is retried
    db.execute(_CHECKED, {"feed_id": feed_id, "checked_at": now})
    return raised


def _count_repeat(db: Db, feed_id: int, now: datetime) -> None:
    """The repeat counts against its device's day (once: with its alert)."""
    feed = db.get(DeckFeed, feed_id)
    assert feed is not None  # the order's foreign key
    day, _ = day_of_feed(db, feed, now)
    day.repeated_orders += 1
    day.updated_at = now


def _finding(db: Db, first_id: int, later_id: int, seen: int) -> Finding:
    first, later = db.get(DeckFeed, first_id), db.get(DeckFeed, later_id)
    assert first is not None  # the orders' foreign keys
    assert later is not None
    table = db.get(GameTable, later.table_id)
    assert table is not None
    rounds = db.scalars(
        select(RoundDeck.round_id)
        .where(RoundDeck.feed_id.in_((first_id, later_id)))
        .order_by(RoundDeck.round_id)
    )
    return Finding(
        kind=AlertKind.REPEATED_DECK,
        severity=Severity.CRITICAL,
        key=f"deck:{later_id}",
        summary=(
            f"deck {later_id} (sequence {later.sequence} of {later.device_id!r} at table {table.name!r}) "
            f"repeats the order of deck {first_id} (sequence {first.sequence} of {first.device_id!r})"
        ),
        figure=str(seen),
        threshold=str(SEEN_ONCE),
        table_id=later.table_id,
        device_id=later.device_id,
        decks=(first_id, later_id),
        rounds=tuple(rounds),
    )


def _unchecked() -> ColumnElement[bool]:
    checked = select(DeckOrderCheck.feed_id).where(DeckOrderCheck.feed_id == DeckOrder.feed_id)
    return ~checked.exists()


def unchecked_decks(db: Db, before: datetime | None = None, limit: int = 1000) -> list[int]:
    """Decks received (before ``before``) whose order is not checked yet:
    work undone, which the sweep sends again."""
    query = select(DeckOrder.feed_id).where(_unchecked())
    if before is not None:
        query = query.where(DeckOrder.received_at < before)
    return list(db.scalars(query.order_by(DeckOrder.feed_id).limit(limit)))


def unchecked_deck_count(db: Db) -> int:
    """How many decks the check job has work at (the ops status)."""
    return int(db.scalar(select(func.count()).select_from(DeckOrder).where(_unchecked())) or 0)
