"""A deck's hands marked exposed (rule book section 15, "deck order is
secret"): a deck a device sent is shown to no one until the dealer marks
the round's hands exposed, naming the seats in play. Then, and on every
repeat, the answer is those seats' hands and the dealer's as the deal
order gave them, never the other seats' or the cards left undealt; every
such answer is a ``deck_read`` event, the marking itself ``deck_exposed``
(once). A round is dealt from a deck only once its hands are exposed, and
only for the seats named (``service.rounds.deck_round``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.engine.dealing import DEALER
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.store.db import Db, iso
from service.store.models import DeckExposure, DeckFeed, GameTable, User
from service.tables.decks import taken_by

SEATS_FIELD = "seats"


class ExposedJson(TypedDict):
    id: Annotated[int, "the deck's id: a round's deck_id"]
    table_id: Annotated[int, "the table it was read at"]
    device_id: Annotated[str, "the device's own name, e.g. its serial number"]
    sequence: Annotated[int, "the device's number for this deck: each deck a new one (a retry repeats it)"]
    seats: Annotated[list[int], "the seats in play, ascending"]
    exposed_at: Annotated[str, "ISO 8601, UTC: when the dealer marked the hands exposed"]
    hands: dict[str, list[str]]  # "dealer" and each seat in play: seven codes, as dealt


class Exposed(TypedDict):
    deck: ExposedJson
    first: bool  # marked exposed just now


def exposure_of(db: Db, feed_id: int) -> DeckExposure | None:
    return db.get(DeckExposure, feed_id)


def exposed_hands(feed: DeckFeed, seats: list[int]) -> dict[str, list[str]]:
    """The dealer's hand and the hands of ``seats``: nothing else of the deck."""
    shown = [DEALER, *(str(seat) for seat in seats)]
    return {hand: list(feed.hands[hand]) for hand in shown}


def _feed_of(db: Db, table: GameTable, deck_id: int) -> DeckFeed:
    feed = db.get(DeckFeed, deck_id)
    if feed is None or feed.table_id != table.id:
        raise NotFound(
            ErrorCode.DECK_NOT_FOUND, f"no deck with id {deck_id} was read at table {table.name!r}", "deck_id"
        )
    return feed


def _seats(feed: DeckFeed, data: object) -> list[int]:
    """The seats in play as sent: distinct seats the deck dealt to, at least one."""
    dealt = sorted(int(hand) for hand in feed.hands if hand != DEALER)
    if (
        not isinstance(data, list)
        or not data
        or any(type(seat) is not int or seat not in dealt for seat in data)
        or len(set(data)) != len(data)
    ):
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"seats must be the seats in play, each once, among {', '.join(map(str, dealt))}",
            SEATS_FIELD,
        )
    return sorted(data)


def _json(feed: DeckFeed, exposure: DeckExposure) -> ExposedJson:
    return {
        "id": feed.id,
        "table_id": feed.table_id,
        "device_id": feed.device_id,
        "sequence": feed.sequence,
        "seats": list(exposure.seats),
        "exposed_at": iso(exposure.exposed_at),
        "hands": exposed_hands(feed, list(exposure.seats)),
    }


def record_read(db: Db, feed: DeckFeed, hands: list[str], via: str, user: User, now: datetime) -> None:
    """A ``deck_read`` event: who was shown which hands of the deck, and where."""
    record_event(
        db,
        EventKind.DECK_READ,
        f"deck:{feed.id}",
        {"deck_id": feed.id, "hands": hands, "via": via},
        user.id,
        feed.table_id,
        at=now,
    )


def expose_deck(db: Db, table: GameTable, deck_id: int, user: User, seats: object, now: datetime) -> Exposed:
    """Mark the deck's hands exposed for these seats (once) and answer them;
    the same seats again answer the same hands. Each answer is a read."""
    feed = _feed_of(db, table, deck_id)
    wanted = _seats(feed, seats)
    exposure = exposure_of(db, feed.id)
    first = exposure is None
    if exposure is None:
        taken = taken_by(db, feed.id)
        if taken is not None:
            raise Conflict(
                ErrorCode.DECK_USED, f"deck {deck_id} was dealt in round {taken} already", "deck_id"
            )
        exposure = DeckExposure(feed_id=feed.id, seats=wanted, exposed_by=user.id, exposed_at=now)
        db.add(exposure)
        db.flush()
        record_event(
            db,
            EventKind.DECK_EXPOSED,
            f"deck:{feed.id}",
            {"deck_id": feed.id, "seats": wanted},
            user.id,
            feed.table_id,
            at=now,
        )
    elif list(exposure.seats) != wanted:
        raise Conflict(
            ErrorCode.DECK_EXPOSED,
            f"deck {deck_id}'s hands were exposed for seats {', '.join(map(str, exposure.seats))}: "
            "a round dealt from it plays those seats",
            SEATS_FIELD,
        )
    shown = _json(feed, exposure)
    record_read(db, feed, list(shown["hands"]), "exposure", user, now)
    return {"deck": shown, "first": first}
