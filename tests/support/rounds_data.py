"""Round bodies for the API tests, in the shape `breakpoker settle` reads,
and entering one through the API."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any
from unittest import mock

import service.rounds.entering
from service.engine.round_json import round_from_json

DEALER = ["Qs", "Qh", "As", "9d", "7c", "4h", "2s"]  # A-9 / Q-Q-7, the rule book's dealer
SEATS = {
    1: ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"],  # K-T / A-8-6: loses both
    2: ["Kh", "Ks", "8h", "8s", "3c", "3d", "Ac"],  # 8-8 / K-K-A: wins both
    3: ["Ad", "Kc", "Qc", "8d", "6s", "4s", "2d"],  # 8-6 / Q-K-A: one each
}


def round_body(round_id: Any = "r1", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "round_id": round_id,
        "dealer": list(DEALER),
        "seats": [
            {
                "seat": seat,
                "cards": list(cards),
                "setting": "house_way",
                "bets": {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100},
            }
            for seat, cards in SEATS.items()
        ],
    }
    body.update(changes)
    return body


def enter(client: Any, headers: dict[str, str], table: dict[str, Any], round_id: Any, **changes: Any) -> Any:
    """Enter a round at ``table`` (keyed by table and round id); its JSON."""
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body(round_id, **changes),
        headers={**headers, "Idempotency-Key": f"{table['id']}-{round_id}"},
    )
    assert response.status_code == 201, response.json
    return response.json


def void_approved(client: Any, requester: dict[str, str], approver: dict[str, str], round_id: int) -> Any:
    """A void of stored round ``round_id`` asked for and approved (by two
    pit bosses); the decision's JSON."""
    asked = client.post(f"/api/v1/rounds/{round_id}/void", json={"reason": "misdeal"}, headers=requester)
    assert asked.status_code == 201, asked.json
    approved = client.post(f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=approver)
    assert approved.status_code == 200, approved.json
    return approved.json


@contextmanager
def number_round_ids() -> Iterator[None]:
    """Rounds entered in the block are stored as before a round_id had to
    be a string: a whole number is taken too."""
    legacy = partial(round_from_json, legacy_number_id=True)
    with mock.patch.object(service.rounds.entering, "round_from_json", legacy):
        yield


def correct(client: Any, boss: dict[str, str], boss2: dict[str, str], record_id: int, body: Any) -> Any:
    """A correction of a stored round asked by ``boss`` and approved by
    ``boss2``: the record that now stands for the round."""
    asked = client.post(
        f"/api/v1/rounds/{record_id}/corrections",
        json={"reason": "a bet keyed wrong", "round": body},
        headers=boss,
    )
    assert asked.status_code == 201, asked.json
    approved = client.post(f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=boss2)
    assert approved.status_code == 200, approved.json
    return approved.json["round_after"]
