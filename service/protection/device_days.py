"""Each device's gaming day (``device_days``): its decks, their card ×
position counts, its repeated orders and its cards changed by hand, kept
by the workers a deck at a time, so that no check and no figure reads
more than a device's 30 rows (never the decks).

A deck's day is its table's gaming day at the moment it was received (by
the schedule then). A row is locked before it changes: the jobs of one
device's decks add up one after the other (two that both make a day's
first row lose a race, and the loser runs again and finds it)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, LargeBinary, Table, bindparam, func, insert, select, type_coerce, update
from sqlalchemy.orm.util import identity_key

from service.audit.events import queue_job
from service.engine.cards import DECK, codes
from service.jobs.queues import JobKind
from service.store.db import Db
from service.store.models import (
    DeckChangeCheck,
    DeckFeed,
    DeckPositionCount,
    DeviceDay,
    GameTable,
    PositionTestRow,
    RoundDeck,
)
from service.store.position_counts import SIDE, counts_array, packed
from service.tables.gaming_day import day_bounds, place

#: each card's row in a day's counts: the engine's deck order
CARD_ROWS = {code: index for index, code in enumerate(codes(DECK))}


def empty_positions() -> list[list[int]]:
    return [[0] * len(CARD_ROWS) for _ in CARD_ROWS]


def day_of_feed(db: Db, feed: DeckFeed, now: datetime) -> tuple[DeviceDay, bool]:
    """The deck's device day, locked (made when it is the day's first
    deck's); whether it was made now."""
    table = db.get(GameTable, feed.table_id)
    assert table is not None  # the feed's foreign key
    gaming_day = place(feed.received_at, table.timezone, table.shift_starts).gaming_day
    found = db.scalar(
        select(DeviceDay)
        .where(DeviceDay.device_id == feed.device_id, DeviceDay.gaming_day == gaming_day)
        .with_for_update()
    )
    if found is not None:
        return found, False
    starts, ends = day_bounds(gaming_day, table.timezone, table.shift_starts)
    day = DeviceDay(
        device_id=feed.device_id,
        gaming_day=gaming_day,
        table_id=table.id,
        starts_at=starts,
        ends_at=ends,
        decks=0,
        positions=empty_positions(),
        repeated_orders=0,
        changed_decks=0,
        cards_changed=0,
        updated_at=now,
    )
    db.add(day)
    db.flush()  # a racing job's row: a unique key lost, and this job runs again
    return day, True


#: what counting a deck reads of it and its table (:func:`count_found`'s ``found``)
COUNTED_FEED = (
    DeckFeed.device_id,
    DeckFeed.received_at,
    DeckFeed.cards,
    GameTable.timezone,
    GameTable.shift_starts,
)
# Built once: read on every deck received (issue 43), without the ORM's
# objects: the deck with its table's schedule, and its day's counts.
_FEED = (
    select(*COUNTED_FEED, DeckPositionCount.feed_id.label("counted"))
    .join(GameTable, GameTable.id == DeckFeed.table_id)
    .outerjoin(DeckPositionCount, DeckPositionCount.feed_id == DeckFeed.id)
    .where(DeckFeed.id == bindparam("feed_id"))
)
# The counts as stored (packed: service/store/position_counts.py), added
# to where they lie, never made 53 lists.
_DAY = (
    select(DeviceDay.id, type_coerce(DeviceDay.positions, LargeBinary).label("positions"), DeviceDay.decks)
    .where(DeviceDay.device_id == bindparam("device_id"), DeviceDay.gaming_day == bindparam("gaming_day"))
    .with_for_update()
)
_COUNT = (
    update(cast(Table, DeviceDay.__table__))
    .where(DeviceDay.id == bindparam("day_id"))
    .values(
        positions=bindparam("positions", type_=LargeBinary),
        decks=bindparam("decks"),
        updated_at=bindparam("now"),
    )
)
_COUNTED = insert(cast(Table, DeckPositionCount.__table__))


def count_deck(db: Db, feed_id: int, now: datetime) -> bool:
    """Add a received deck's card positions to its device's day, once;
    False when it was counted before. The first deck of a device's new day
    queues the test of its days that have ended and are not tested."""
    found = db.execute(_FEED, {"feed_id": feed_id}).first()
    if found is not None and found.counted is not None:
        return False
    if found is None:
        raise LookupError(f"no deck {feed_id}")
    return count_found(db, feed_id, found, now)


def count_found(db: Db, feed_id: int, found: Any, now: datetime) -> bool:
    """:func:`count_deck` of a deck read uncounted: ``found`` has its
    ``device_id``, ``received_at`` and ``cards``, and its table's
    ``timezone`` and ``shift_starts``."""
    gaming_day = place(found.received_at, found.timezone, found.shift_starts).gaming_day
    day = db.execute(_DAY, {"device_id": found.device_id, "gaming_day": gaming_day}).first()
    if day is None or identity_key(DeviceDay, day.id) in db.identity_map:
        # The day's first deck (its row made, as the other checks make it),
        # or a day a caller holds (its test counting a lost deck): mapped.
        return _count_mapped(db, feed_id, now)
    db.execute(_COUNT, _counted(day.id, day.positions, day.decks, found.cards, now))  # locked just now
    # the natural key: a concurrent run of the deck fails here, and is retried
    db.execute(_COUNTED, {"feed_id": feed_id, "day_id": day.id, "counted_at": now})
    return True


def _counted(day_id: int, stored: bytes, decks: int, cards: list[str], now: datetime) -> dict[str, object]:
    """The day's counts (as stored) with the deck's cards' positions added."""
    counts = counts_array(bytes(stored))
    for position, code in enumerate(cards):
        counts[CARD_ROWS[code] * SIDE + position] += 1
    return {"day_id": day_id, "positions": packed(counts), "decks": decks + 1, "now": now}


def _count_mapped(db: Db, feed_id: int, now: datetime) -> bool:
    feed = db.get(DeckFeed, feed_id)
    assert feed is not None  # read just now
    day, made = day_of_feed(db, feed, now)
    add_deck(db, day, feed, now)
    if made:
        for ended in untested_days(db, now, feed.device_id, day.gaming_day):
            queue_job(db, JobKind.POSITIONS_TEST, ended)
    return True


def add_deck(db: Db, day: DeviceDay, feed: DeckFeed, now: datetime) -> None:
    """Count the deck into the (locked) day, with its marker."""
    positions = [list(row) for row in day.positions]  # a new value: the JSON column is assigned whole
    for position, code in enumerate(feed.cards):
        positions[CARD_ROWS[code]][position] += 1
    day.positions = positions
    day.decks += 1
    day.updated_at = now
    db.add(DeckPositionCount(feed_id=feed.id, day_id=day.id, counted_at=now))
    db.flush()


def _untested() -> ColumnElement[bool]:
    tested = select(PositionTestRow.day_id).where(PositionTestRow.day_id == DeviceDay.id)
    return ~tested.exists()


def untested_days(
    db: Db, before: datetime, device_id: str | None = None, earlier: date | None = None, limit: int = 1000
) -> list[int]:
    """The device days that ended before ``before`` and are not tested yet:
    of all devices (work undone, which the sweep sends again), or of one
    device before its day ``earlier``."""
    query = select(DeviceDay.id).where(DeviceDay.ends_at <= before, _untested())
    if device_id is not None:
        query = query.where(DeviceDay.device_id == device_id)
    if earlier is not None:
        query = query.where(DeviceDay.gaming_day < earlier)
    return list(db.scalars(query.order_by(DeviceDay.id).limit(limit)))


def _uncounted() -> ColumnElement[bool]:
    counted = select(DeckPositionCount.feed_id).where(DeckPositionCount.feed_id == DeckFeed.id)
    return ~counted.exists()


def uncounted_decks(db: Db, before: datetime | None = None, limit: int = 1000) -> list[int]:
    """Decks received (before ``before``) not counted into their device's
    day yet: work undone, which the sweep sends again."""
    query = select(DeckFeed.id).where(_uncounted())
    if before is not None:
        query = query.where(DeckFeed.received_at < before)
    return list(db.scalars(query.order_by(DeckFeed.id).limit(limit)))


def shuffler_work_count(db: Db, now: datetime) -> int:
    """The shuffler checks' work undone (the ops status): decks not
    counted, ended days not tested, dealt decks' changes not checked."""
    changes = select(DeckChangeCheck.feed_id).where(DeckChangeCheck.feed_id == RoundDeck.feed_id)
    counts = (
        select(func.count()).select_from(DeckFeed).where(_uncounted()),
        select(func.count()).select_from(DeviceDay).where(DeviceDay.ends_at <= now, _untested()),
        select(func.count()).select_from(RoundDeck).where(~changes.exists()),
    )
    return sum(int(db.scalar(query) or 0) for query in counts)


def uncounted_of_day(db: Db, day: DeviceDay) -> list[DeckFeed]:
    """The day's decks not counted yet (a job lost or behind): read by the
    device's decks' index over the day's hours, never all decks."""
    return list(
        db.scalars(
            select(DeckFeed)
            .where(
                DeckFeed.device_id == day.device_id,
                DeckFeed.received_at >= day.starts_at,
                DeckFeed.received_at < day.ends_at,
                _uncounted(),
            )
            .order_by(DeckFeed.id)
        )
    )
