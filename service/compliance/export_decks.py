"""The decks file of a compliance export: each round of the period dealt
from a deck a shuffler or shoe read, with the deck as the device sent it
and the cards the dealer changed by hand."""

from __future__ import annotations

from sqlalchemy import select

from service.compliance.export_queries import Line, Query, Scope, rounds_in
from service.compliance.export_values import cards, compact, round_id
from service.store.models import DeckFeed, RoundDeck, RoundRecord

COLUMNS = (
    "record_id",
    "table_id",
    "round_id",
    "gaming_day",
    "deck_id",
    "device_id",
    "sequence",
    "received_at_utc",
    "cards",
    "deal_order",
    "changed",
)


def decks_query(scope: Scope) -> Query:
    return (
        select(
            RoundDeck.round_id,
            RoundRecord.table_id,
            RoundRecord.round_ref,
            RoundRecord.revision,
            RoundRecord.gaming_day,
            DeckFeed.id,
            DeckFeed.device_id,
            DeckFeed.sequence,
            DeckFeed.received_at,
            DeckFeed.cards,
            DeckFeed.deal_order,
            RoundDeck.changed,
        )
        .join(RoundRecord, RoundRecord.id == RoundDeck.round_id)
        .join(DeckFeed, DeckFeed.id == RoundDeck.feed_id)
        .where(*rounds_in(scope))
        .order_by(RoundDeck.round_id)
    )


def deck_row(row: Line) -> list[object]:
    record_id, table_id, ref, revision, gaming_day, deck_id, device_id, sequence, received_at = row[:9]
    dealt, order, changed = row[9:]
    return [
        record_id,
        table_id,
        round_id(ref, revision),
        gaming_day,
        deck_id,
        device_id,
        sequence,
        received_at,
        cards(dealt),
        compact(order),
        compact(changed),
    ]
