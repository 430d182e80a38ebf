"""Decks as a shuffler or shoe would post them, for the API tests."""

from __future__ import annotations

import random
from typing import Any

from service.engine.cards import DECK, codes
from tests.support.rounds_data import DEALER, SEATS


def shuffled(seed: int = 0) -> list[str]:
    cards = codes(DECK)
    random.Random(seed).shuffle(cards)
    return cards


def dealing(
    dealer: list[str] = DEALER, seats: dict[int, list[str]] = SEATS, table_seats: int = 6
) -> list[str]:
    """A deck that deals these hands by the default order (seat 1 first,
    seven cards a hand, the dealer's last): the seats without a hand here
    and the undealt cards get the rest."""
    used = {card for hand in (dealer, *seats.values()) for card in hand}
    rest = [card for card in codes(DECK) if card not in used]
    deck: list[str] = []
    for seat in range(1, table_seats + 1):
        deck += seats[seat] if seat in seats else [rest.pop(0) for _ in range(7)]
    return deck + dealer + rest


def deck_body(cards: list[str], sequence: int = 1, device_id: str = "shoe-7") -> dict[str, Any]:
    return {"device_id": device_id, "sequence": sequence, "cards": cards}


def post_deck(client: Any, headers: dict[str, str], table_id: int, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/tables/{table_id}/decks", json=body, headers=headers)


def expose(
    client: Any, headers: dict[str, str], table_id: int, deck_id: int, seats: list[int] | None = None
) -> Any:
    """The dealer marks the deck's hands exposed for ``seats`` (the rounds'
    seats 1 to 3 unless told): the answer is their hands and the dealer's."""
    body = {"seats": list(SEATS) if seats is None else seats}
    return client.post(f"/api/v1/tables/{table_id}/decks/{deck_id}/exposure", json=body, headers=headers)
