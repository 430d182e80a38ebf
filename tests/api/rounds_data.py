"""Round bodies for the API tests, in the shape `breakpoker settle` reads,
and entering one through the API."""

from __future__ import annotations

from typing import Any

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
