"""A round dealt from a deck a shoe read (``deck_id`` in its body): the
feed must be the table's and no other round's, and its hands marked
exposed for the round's seats (``service.tables.deck_exposure``: else the
round's answer, naming the cards the shoe dealt, would show a hidden
hand); every card the dealer
entered otherwise than the feed dealt it is recorded as changed by hand,
and a round with any is a ``deck_cards_changed`` event the pit sees. Each
dealt deck queues the workers' check of its changes (``cards_changed``:
a warning alert for a deck with any, :mod:`service.protection.cards_changed`),
and its changes are counted against its dealer (``dealer_counts.py``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Any, TypedDict, cast

from sqlalchemy import Table, insert, select

from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.engine.cards import codes
from service.engine.dealing import DEALER
from service.engine.round import Round
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.jobs.queues import JobKind
from service.rounds.dealer_counts import count_dealt
from service.rounds.value_sums import ShiftKey
from service.store.db import Db
from service.store.models import DeckFeed, GameTable, RoundDeck
from service.tables.deck_exposure import exposed_hands, exposure_of
from service.tables.decks import taken_by

#: the round body's key naming the feed (the engine's rules read the rest)
DECK_KEY = "deck_id"
EXTRA_KEYS = frozenset({DECK_KEY})

_ROUND_DECKS = cast(Table, RoundDeck.__table__)
MAX_DECK_ID = 2**31 - 1  # an integer primary key on PostgreSQL


class ChangedCardJson(TypedDict):
    hand: Annotated[str, "dealer or a seat's number"]
    position: Annotated[int, "1 to 7: the fed card's place in the hand"]
    fed: Annotated[str, "the card the shoe dealt there"]
    entered: Annotated[str, "the card the dealer entered instead"]


class RoundDeckJson(TypedDict):
    id: Annotated[int, "the deck's id"]
    device_id: Annotated[str, "the device's own name, e.g. its serial number"]
    sequence: Annotated[int, "the device's number for this deck: each deck a new one (a retry repeats it)"]
    changed: Annotated[
        list[ChangedCardJson],
        "each card entered otherwise than the shoe dealt it (empty: none)",
    ]


def deck_id_of(body: Any) -> int | None:  # the body as sent: a JSON boundary
    """The feed a round body names, if any; refused naming the field."""
    if not isinstance(body, dict) or DECK_KEY not in body or body[DECK_KEY] is None:
        return None
    found = body[DECK_KEY]
    if type(found) is not int or not 1 <= found <= MAX_DECK_ID:
        raise Invalid(
            ErrorCode.INVALID_FIELD, "deck_id must be the id of a deck the table's shoe sent", DECK_KEY
        )
    return found


def feed_for_round(db: Db, table: GameTable, body: Any) -> DeckFeed | None:
    """The feed a round is dealt from: the table's, taken by no round yet."""
    deck_id = deck_id_of(body)
    if deck_id is None:
        return None
    feed = db.get(DeckFeed, deck_id)
    if feed is None:
        raise NotFound(ErrorCode.DECK_NOT_FOUND, f"no deck with id {deck_id}", DECK_KEY)
    if feed.table_id != table.id:
        raise Conflict(ErrorCode.DECK_OTHER_TABLE, f"deck {deck_id} was read at another table", DECK_KEY)
    taken = taken_by(db, feed.id)
    if taken is not None:
        raise Conflict(ErrorCode.DECK_USED, f"deck {deck_id} was dealt in round {taken} already", DECK_KEY)
    if exposure_of(db, feed.id) is None:
        raise Conflict(
            ErrorCode.DECK_NOT_EXPOSED,
            f"deck {deck_id}'s hands are not marked exposed: the dealer marks them first",
            DECK_KEY,
        )
    return feed


def exposed_for(db: Db, feed: DeckFeed, round_: Round) -> dict[str, list[str]]:
    """The hands of the deck exposed for the round's seats; refused when the
    round plays a seat whose hand was not exposed."""
    exposure = exposure_of(db, feed.id)
    seats = [] if exposure is None else list(exposure.seats)
    hidden = sorted(seat.seat for seat in round_.seats if seat.seat not in seats)
    if hidden:
        raise Conflict(
            ErrorCode.DECK_NOT_EXPOSED,
            f"deck {feed.id}'s hands were exposed for seats {', '.join(map(str, seats)) or 'none'}, "
            f"not seat {', '.join(map(str, hidden))}",
            DECK_KEY,
        )
    return exposed_hands(feed, seats)


def changed_cards(feed_hands: dict[str, list[str]], round_: Round) -> list[ChangedCardJson]:
    """Each card entered that the feed did not deal to its hand, beside the
    fed card it replaced (the hand's cards in any order are no change)."""
    entered = [(DEALER, codes(round_.dealer))]
    entered += [(str(seat.seat), codes(seat.cards)) for seat in round_.seats]
    found: list[ChangedCardJson] = []
    for hand, cards in entered:
        fed = feed_hands.get(hand, [])
        missing = [(at, card) for at, card in enumerate(fed, start=1) if card not in cards]
        extra = [card for card in cards if card not in fed]
        found += [
            {"hand": hand, "position": at, "fed": was, "entered": now}
            for (at, was), now in zip(missing, extra, strict=False)
        ]
    return found


def _deck_json(feed: DeckFeed, changed: list[ChangedCardJson]) -> RoundDeckJson:
    return {"id": feed.id, "device_id": feed.device_id, "sequence": feed.sequence, "changed": changed}


def record_deck(
    db: Db,
    record_id: int,
    key: ShiftKey,
    feed: DeckFeed,
    round_: Round,
    actor_id: int,
    now: datetime,
) -> RoundDeckJson:
    """Mark the feed taken by the stored round, with the cards changed by
    hand (and their event), counted against the dealer of ``key`` (the
    round's table, gaming day, shift and dealer); what the round's JSON
    shows of it."""
    table_id = key.table_id
    changed = changed_cards(exposed_for(db, feed, round_), round_)
    connection = db.connection()
    connection.execute(
        insert(_ROUND_DECKS),
        {"round_id": record_id, "feed_id": feed.id, "changed": changed, "recorded_at": now},
    )
    count_dealt(connection, key, len(changed))
    shown = _deck_json(feed, changed)
    queue_job(db, JobKind.CARDS_CHANGED, feed.id)  # game protection: a change counts against the dealer
    if changed:
        record_event(
            db,
            EventKind.DECK_CARDS_CHANGED,
            f"round:{record_id}",
            {"deck_id": feed.id, "device_id": feed.device_id, "sequence": feed.sequence, "changed": changed},
            actor_id,
            table_id,
            at=now,
        )
    return shown


def decks_of(db: Db, record_ids: Iterable[int]) -> dict[int, RoundDeckJson]:
    """The feeds of these stored rounds (a round without one is left out)."""
    ids = list(record_ids)
    if not ids:
        return {}
    rows = db.execute(
        select(RoundDeck, DeckFeed)
        .join(DeckFeed, DeckFeed.id == RoundDeck.feed_id)
        .where(RoundDeck.round_id.in_(ids))
    )
    # The column is JSON; changed_cards wrote it in this shape.
    return {
        taken.round_id: _deck_json(feed, cast(list[ChangedCardJson], taken.changed)) for taken, feed in rows
    }
