"""Cards changed by hand after a feed (rule book section 15: "each card
changed by hand after a feed counts against the dealer and the device"):
each dealt deck is checked once by the workers' job (``cards_changed``,
queued as its round is stored); a deck whose cards the dealer changed
raises a warning naming the table, the dealer, the device, the round and
the number of cards changed, and adds to its device's day (the dealer's
figures read the alerts and the rounds' decks)."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, Table, bindparam, insert, select

from service.protection.alerts import raise_alert
from service.protection.device_days import day_of_feed
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import Db
from service.store.models import DeckChangeCheck, DeckFeed, GameTable, RoundDeck, RoundRecord, User

#: the cards a dealer may change by hand after a feed without an alert
NONE_CHANGED = 0


# Built once: read on every dealt deck (issue 43), without the ORM's objects.
_DEALT = (
    select(RoundDeck.round_id, RoundDeck.changed, DeckChangeCheck.feed_id.label("checked"))
    .select_from(DeckFeed)
    .outerjoin(RoundDeck, RoundDeck.feed_id == DeckFeed.id)
    .outerjoin(DeckChangeCheck, DeckChangeCheck.feed_id == DeckFeed.id)
    .where(DeckFeed.id == bindparam("feed_id"))
)
_CHECKED = insert(cast(Table, DeckChangeCheck.__table__))


def check_changed_cards(db: Db, feed_id: int, now: datetime) -> int:
    """Check a dealt deck's cards changed by hand, once; how many alerts
    were raised (0 when checked before, or when none was changed)."""
    found = db.execute(_DEALT, {"feed_id": feed_id}).first()
    if found is not None and found.checked is not None:
        return 0
    if found is None or found.round_id is None:
        raise LookupError(f"no round was dealt from deck {feed_id}")
    changed = len(found.changed)
    if changed == NONE_CHANGED:  # nearly every deck: its check's row alone
        db.execute(_CHECKED, {"feed_id": feed_id, "cards_changed": 0, "checked_at": now})
        return 0
    taken = db.scalar(select(RoundDeck).where(RoundDeck.feed_id == feed_id))
    assert taken is not None  # read just now
    db.add(DeckChangeCheck(feed_id=feed_id, cards_changed=changed, checked_at=now))
    feed = db.get(DeckFeed, feed_id)
    assert feed is not None  # the round's deck's foreign key
    alert = raise_alert(db, _finding(db, feed, taken, changed), now)
    if alert is not None:
        day, _ = day_of_feed(db, feed, now)
        day.changed_decks += 1
        day.cards_changed += changed
        day.updated_at = now
    db.flush()
    return int(alert is not None)


def _finding(db: Db, feed: DeckFeed, taken: RoundDeck, changed: int) -> Finding:
    record = db.get(RoundRecord, taken.round_id)
    table = db.get(GameTable, feed.table_id)
    assert record is not None  # the foreign keys
    assert table is not None
    dealer = db.get(User, record.entered_by)
    name = record.entered_by if dealer is None else dealer.name
    places = ", ".join(f"{each['hand']} card {each['position']}" for each in taken.changed)
    summary = (
        f"the dealer {name} changed {changed} card{'s' if changed != 1 else ''} by hand in round "
        f"{taken.round_id} at table {table.name!r}, dealt from deck {feed.id} (sequence {feed.sequence} "
        f"of {feed.device_id!r}): {places}"
    )
    return Finding(
        kind=AlertKind.CARDS_CHANGED,
        severity=Severity.WARNING,
        key=f"deck:{feed.id}",
        summary=summary if len(summary) <= 500 else summary[:497] + "...",
        figure=str(changed),
        threshold=str(NONE_CHANGED),
        table_id=feed.table_id,
        dealer_id=record.entered_by,
        device_id=feed.device_id,
        decks=(feed.id,),
        rounds=(taken.round_id,),
    )


def _unchecked() -> ColumnElement[bool]:
    checked = select(DeckChangeCheck.feed_id).where(DeckChangeCheck.feed_id == RoundDeck.feed_id)
    return ~checked.exists()


def unchecked_changes(db: Db, before: datetime | None = None, limit: int = 1000) -> list[int]:
    """Dealt decks (before ``before``) whose changes are not checked yet:
    work undone, which the sweep sends again."""
    query = select(RoundDeck.feed_id).where(_unchecked())
    if before is not None:
        query = query.where(RoundDeck.recorded_at < before)
    return list(db.scalars(query.order_by(RoundDeck.feed_id).limit(limit)))
