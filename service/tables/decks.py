"""Decks read by a card-reading shuffler or shoe: a device posts the 53
cards as dealt with its own id and sequence number, the table's deal order
deals them to every hand, and the tablet fills the round from the newest
deck no round has taken once the dealer marks its hands exposed
(``deck_exposure.py``). No answer here shows a card: the deck's order is
secret until then (rule book section 15), and its event holds no card
either (the audit trail is read through the API).

Every refusal is also a ``deck_refused`` event, which the caller commits
before it answers: a shoe that misreads or repeats itself is something the
pit and compliance must see, not only the device.

Each deck stored is also its order's digest (``order_hash``, a
``deck_orders`` row) and a job (``deck_received``) that checks it against
every deck before (game protection,
:mod:`service.protection.repeated_decks`) and counts the deck's card
positions into its device's gaming day (the shuffler's chi-square test,
:mod:`service.protection.shuffler_positions`); a replay stores nothing
and queues nothing."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Annotated, NoReturn, TypedDict

from sqlalchemy import select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.engine.cards import codes
from service.engine.dealing import check_deck, deal
from service.engine.errors import RulesError
from service.errors import Conflict, ErrorCode, Invalid, NotFound, ServiceError
from service.jobs.queues import JobKind
from service.store.db import Db, iso
from service.store.models import DeckExposure, DeckFeed, DeckOrder, GameTable, RoundDeck, User
from service.tables.deal_order import deal_order, seats_of
from service.tables.status import TableStatus


class DeckStatus(StrEnum):
    WAITING = "waiting"  # no one has seen a card of it
    EXPOSED = "exposed"  # the dealer marked its hands exposed
    DEALT = "dealt"  # a stored round was dealt from it


class DeckFeedJson(TypedDict):
    """A deck without its cards: what the device and the waiting tablet see."""

    id: Annotated[int, "the deck's id: a round's deck_id"]
    table_id: Annotated[int, "the table it was read at"]
    device_id: Annotated[str, "the device's own name, e.g. its serial number"]
    sequence: Annotated[int, "the device's number for this deck: each deck a new one (a retry repeats it)"]
    received_at: Annotated[str, "ISO 8601, UTC"]
    status: DeckStatus


class Received(TypedDict):
    feed: DeckFeedJson
    replayed: bool  # the device sent this very deck before


def feed_json(db: Db, feed: DeckFeed) -> DeckFeedJson:
    if taken_by(db, feed.id) is not None:
        status = DeckStatus.DEALT
    elif db.get(DeckExposure, feed.id) is not None:
        status = DeckStatus.EXPOSED
    else:
        status = DeckStatus.WAITING
    return {
        "id": feed.id,
        "table_id": feed.table_id,
        "device_id": feed.device_id,
        "sequence": feed.sequence,
        "received_at": iso(feed.received_at),
        "status": status,
    }


def _refuse(
    db: Db, error: ServiceError, table_id: int, user: User, what: dict[str, object], now: datetime
) -> NoReturn:
    known = db.get(GameTable, table_id) is not None
    record_event(
        db,
        EventKind.DECK_REFUSED,
        f"table:{table_id}",
        {**what, "code": error.code, "field": error.field, "message": error.message},
        user.id,
        table_id if known else None,
        at=now,
    )
    raise error


def receive_deck(
    db: Db,
    table_id: int,
    user: User,
    device_id: str,
    sequence: int,
    cards: object,
    now: datetime,
    *,
    sessionless: bool = False,
) -> Received:
    """Store a deck a device read at the table (the caller commits, refused
    or not). The same device and sequence with the same cards again answers
    the stored deck; with other cards, or once a round took it, a conflict."""
    # A name no database or report can hold is recorded as Python writes it.
    shown = device_id if _storable(device_id) else repr(device_id)
    what: dict[str, object] = {"device_id": shown, "sequence": sequence}
    try:
        return _receive(db, table_id, user, device_id, sequence, cards, now, sessionless)
    except ServiceError as error:
        _refuse(db, error, table_id, user, what, now)


def _receive(
    db: Db,
    table_id: int,
    user: User,
    device_id: str,
    sequence: int,
    cards: object,
    now: datetime,
    sessionless: bool,
) -> Received:
    table = db.get(GameTable, table_id)
    if table is None:
        raise NotFound(ErrorCode.TABLE_NOT_FOUND, f"no table with id {table_id}", "table_id")
    if not _storable(device_id):
        raise Invalid(ErrorCode.INVALID_FIELD, "device_id must be printable and not blank", "device_id")
    earlier = db.scalar(
        select(DeckFeed).where(DeckFeed.device_id == device_id, DeckFeed.sequence == sequence)
    )
    if earlier is not None:
        return {"feed": _again(db, earlier, table, cards), "replayed": True}
    if table.status != TableStatus.OPEN and not sessionless:
        raise Conflict(
            ErrorCode.TABLE_CLOSED, f"table {table.name!r} has no open session: it deals no decks", "table_id"
        )
    try:
        deck = check_deck(cards)
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field) from None
    seats = seats_of(db, table)
    order = deal_order(db, table)
    hands = {hand: codes(dealt) for hand, dealt in deal(deck, order, seats).items()}
    feed = DeckFeed(
        table_id=table.id,
        device_id=device_id,
        sequence=sequence,
        cards=codes(deck),
        deal_order=order.to_json(seats),
        hands=hands,
        posted_by=user.id,
        received_at=now,
    )
    db.add(feed)
    db.flush()
    record_event(
        db,
        EventKind.DECK_RECEIVED,
        f"deck:{feed.id}",
        # No card: the trail is read through the API before the hands are exposed.
        {"device_id": device_id, "sequence": sequence, "deal_order": feed.deal_order},
        user.id,
        table.id,
        at=now,
    )
    db.add(DeckOrder(feed_id=feed.id, order_hash=order_hash(feed.cards), received_at=now))
    # a repeated order is a critical alert; the positions count to the
    # device's day: one job does both
    queue_job(db, JobKind.DECK_RECEIVED, feed.id)
    return {"feed": feed_json(db, feed), "replayed": False}


def order_hash(cards: Sequence[str]) -> str:
    """A deck's order as its SHA-256 digest (hex) of the codes comma-joined
    (migration 0037 wrote the earlier decks' so too)."""
    return hashlib.sha256(",".join(cards).encode()).hexdigest()


def _storable(text: str) -> bool:
    return text.isprintable() and bool(text.strip())


def _again(db: Db, earlier: DeckFeed, table: GameTable, cards: object) -> DeckFeedJson:
    """A device and sequence sent before: a retry answers the stored deck."""
    taken = taken_by(db, earlier.id)
    if taken is not None:
        raise Conflict(
            ErrorCode.ROUND_SETTLED,
            f"deck {earlier.sequence} of {earlier.device_id!r} was dealt in round {taken}, settled already: "
            f"send the next deck with the next sequence number (the last sent is "
            f"{latest_sequence(db, earlier.device_id)})",
            "sequence",
        )
    try:
        same = earlier.table_id == table.id and codes(check_deck(cards)) == earlier.cards
    except RulesError:
        same = False
    if not same:
        raise Conflict(
            ErrorCode.SEQUENCE_USED,
            f"{earlier.device_id!r} sent sequence {earlier.sequence} already (deck {earlier.id}) with other "
            f"cards or to another table: number each deck anew (the last sent is "
            f"{latest_sequence(db, earlier.device_id)})",
            "sequence",
        )
    return feed_json(db, earlier)


def taken_by(db: Db, feed_id: int) -> int | None:
    """The stored round dealt from this deck, if one was."""
    return db.scalar(select(RoundDeck.round_id).where(RoundDeck.feed_id == feed_id))


def latest_sequence(db: Db, device_id: str) -> int | None:
    """The last sequence number this device sent, at any table."""
    found = db.scalar(
        select(DeckFeed.sequence)
        .where(DeckFeed.device_id == device_id)
        .order_by(DeckFeed.sequence.desc())
        .limit(1)
    )
    return None if found is None else int(found)


def next_deck(db: Db, table: GameTable) -> DeckFeed:
    """The newest deck of the table that no stored round has taken."""
    taken = select(RoundDeck.feed_id).where(RoundDeck.feed_id == DeckFeed.id)
    found = db.scalar(
        select(DeckFeed)
        .where(DeckFeed.table_id == table.id, ~taken.exists())
        .order_by(DeckFeed.id.desc())
        .limit(1)
    )
    if found is None:
        raise NotFound(
            ErrorCode.NO_DECK, f"no deck read at table {table.name!r} waits for a round", "table_id"
        )
    return found
