"""Every role against every endpoint: a dealer only enters rounds, only an
admin changes configuration, compliance only reads."""

from __future__ import annotations

import pytest

from tests.api.conftest import ROLES
from tests.api.rounds_data import round_body

ANY = frozenset(ROLES)
HOUSE_WAY_CARDS = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]

# method, path, body, roles allowed
ENDPOINTS = [
    ("GET", "/tables", None, ANY),
    ("POST", "/tables", lambda role: {"name": f"new-{role}"}, {"admin"}),
    ("GET", "/tables/{table}", None, ANY),
    ("PUT", "/tables/{table}/config", {"config": {"seats": 5}}, {"admin"}),
    ("PUT", "/tables/{table}/schedule", {"shift_starts": ["06:00", "18:00"]}, {"admin"}),
    ("POST", "/tables/{table}/config/preview", {"config": {"seats": 5}}, {"admin"}),
    ("POST", "/tables/{table}/house-way", {"cards": HOUSE_WAY_CARDS}, ANY),
    ("POST", "/tables/{table}/rounds", lambda role: round_body(f"round-{role}"), {"dealer", "pit_boss"}),
    ("POST", "/tables/{table}/rounds/preview", lambda role: round_body(f"p-{role}"), {"dealer", "pit_boss"}),
    ("GET", "/tables/{table}/rounds", None, {"pit_boss", "compliance", "admin"}),
    ("GET", "/rounds/{round}", None, ANY),
    ("GET", "/tables/{table}/recall", None, {"pit_boss", "compliance", "admin"}),
    ("POST", "/rounds/{round}/void", {"reason": "misdeal"}, {"pit_boss"}),
    (
        "POST",
        "/rounds/{round}/corrections",
        {
            "reason": "wrong bet keyed",
            "round": round_body("seed", dealer=["Qs", "Qh", "As", "9d", "7c", "4h", "3s"]),
        },
        {"pit_boss"},
    ),
    ("GET", "/exceptions", None, {"pit_boss", "compliance", "admin"}),
    ("POST", "/compliance/exports", {"from": "2026-11-01", "to": "2026-11-02"}, {"compliance", "admin"}),
    ("GET", "/compliance/exports", None, {"compliance", "admin"}),
    ("GET", "/compliance/audit/verify", None, {"compliance", "admin"}),
    ("GET", "/reports/tables/{table}", None, {"pit_boss", "compliance", "admin"}),
    ("GET", "/reports/floor", None, {"pit_boss", "compliance", "admin"}),
    ("GET", "/reports/dealers", None, {"pit_boss", "compliance", "admin"}),
    (
        "POST",
        "/reports/variance-notes",
        {"period": "day", "day": "2026-12-01", "bet": "main", "note": "looked into"},
        {"pit_boss", "admin"},
    ),
]


@pytest.fixture
def stored_round(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("seed"),
        headers={**as_role["dealer"], "Idempotency-Key": "seed"},
    )
    assert response.status_code == 201
    return response.json


def call(client, method, path, body, role, headers, table, stored_round):
    url = "/api/v1" + path.format(table=table["id"], round=stored_round["id"])
    payload = body(role) if callable(body) else body
    headers = {**headers, "Idempotency-Key": f"key-{role}"}
    return client.open(url, method=method, json=payload, headers=headers)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("method", "path", "body", "allowed"), ENDPOINTS, ids=[f"{m} {p}" for m, p, *_ in ENDPOINTS]
)
def test_role_matrix(client, as_role, table, stored_round, role, method, path, body, allowed):
    response = call(client, method, path, body, role, as_role[role], table, stored_round)
    if role in allowed:
        assert 200 <= response.status_code < 300, response.json
    else:
        assert response.status_code == 403, response.json
        assert response.json["code"] == "forbidden"
        assert role in response.json["message"]


@pytest.mark.parametrize(
    ("method", "path", "body", "allowed"), ENDPOINTS, ids=[f"{m} {p}" for m, p, *_ in ENDPOINTS]
)
@pytest.mark.parametrize("authorization", [None, "Bearer nonsense", "Basic abc", "Bearer "])
def test_every_endpoint_needs_a_valid_token(
    client, table, stored_round, method, path, body, allowed, authorization
):
    headers = {} if authorization is None else {"Authorization": authorization}
    response = call(client, method, path, body, "nobody", headers, table, stored_round)
    assert response.status_code == 401
    assert response.json["field"] == "Authorization"


def test_refused_requests_change_nothing(client, as_role, table):
    for role in ("dealer", "pit_boss", "compliance"):
        response = client.put(
            f"/api/v1/tables/{table['id']}/config", json={"config": {"seats": 2}}, headers=as_role[role]
        )
        assert response.status_code == 403
    assert (
        client.get(f"/api/v1/tables/{table['id']}", headers=as_role["dealer"]).json["config"]["version"] == 1
    )
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("x"),
        headers={**as_role["compliance"], "Idempotency-Key": "x"},
    )
    assert response.status_code == 403
    listed = client.get(f"/api/v1/tables/{table['id']}/rounds", headers=as_role["compliance"]).json
    assert listed["total"] == 0


@pytest.mark.parametrize("role", ROLES)
def test_every_role_can_sign_out(client, as_role, role):
    headers = as_role[role]
    assert client.post("/api/v1/auth/logout", headers=headers).status_code == 204
    response = client.get("/api/v1/tables", headers=headers)
    assert response.status_code == 401
    assert response.json["code"] == "invalid_token"
