"""What the deck tests share: the events of a kind, a round entered with its
key, a deck with one card changed, and the seats as entered."""

from __future__ import annotations

from sqlalchemy import select

from service.store.models import AuditEvent
from tests.support.app import databases
from tests.support.rounds_data import round_body


def events(app, kind):
    with databases(app)() as db:
        return [event.payload for event in db.scalars(select(AuditEvent).where(AuditEvent.kind == kind))]


def enter(client, headers, table_id, body, key):
    return client.post(
        f"/api/v1/tables/{table_id}/rounds", json=body, headers={**headers, "Idempotency-Key": key}
    )


def with_card(cards, at, card):
    changed = list(cards)
    changed[at] = card
    return changed


def entered_seats():
    seats = round_body()["seats"]
    seats[0]["bets"]["main"] = 2000
    return seats
