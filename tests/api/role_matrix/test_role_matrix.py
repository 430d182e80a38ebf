"""Every role against every endpoint: a dealer only enters rounds, only an
admin changes configuration, compliance only reads; the matrix covers every
endpoint of the app and agrees with the OpenAPI document; refused requests
change nothing; every role can sign out."""

from __future__ import annotations

import re

import pytest

from tests.api.role_matrix.role_calls import call
from tests.api.role_matrix.role_endpoints import ENDPOINT_IDS, ENDPOINTS, PUBLIC
from tests.support.app import ROLES, edit
from tests.support.rounds_data import round_body

# A role the endpoint serves gets a case of its own (its call changes the
# records); the roles it refuses share one, each refused in turn (a refusal
# changes nothing, and a case's records cost a third of a second).
REFUSED = "refused"
CASES = [
    pytest.param(*endpoint, role, id=f"{endpoint_id}-{role}")
    for endpoint, endpoint_id in zip(ENDPOINTS, ENDPOINT_IDS, strict=True)
    for role in [
        *(role for role in ROLES if role in endpoint[3]),
        *([REFUSED] if set(ROLES) - set(endpoint[3]) else []),
    ]
]


@pytest.mark.parametrize(("method", "path", "body", "allowed", "role"), CASES)
def test_role_matrix(client, request, as_role, method, path, body, allowed, role):
    if role != REFUSED:
        response = call(client, request, method, path, body, role, as_role[role])
        assert 200 <= response.status_code < 300, response.json
        return
    for refused in [each for each in ROLES if each not in allowed]:
        response = call(client, request, method, path, body, refused, as_role[refused])
        assert response.status_code == 403, (refused, response.json)
        assert response.json["code"] == "forbidden", refused
        assert refused in response.json["message"]


def matrix_rule(method: str, rule: str) -> tuple[str, str]:
    """A Flask rule as the matrix writes it: /api/v1/rounds/<id:round_id> is /rounds/{round}."""
    path = re.sub(r"<id:(\w+)_id>", r"{\1}", rule.removeprefix("/api/v1"))
    path = re.sub(r"<(?:id:)?club_number>", "{player}", path)  # a player is named by their club number
    path = path.replace("<device_id>", "{device}")  # a shuffler is named by the id it sends
    return method, path.replace("<id:number>", "{slip}")  # a slip is named by its number


def test_the_matrix_covers_every_endpoint_of_the_app(app):
    served = {
        (method, rule.rule)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    guarded = {matrix_rule(method, rule) for method, rule in served - PUBLIC}
    assert guarded == {(method, path) for method, path, *_ in ENDPOINTS}
    assert served >= PUBLIC  # no stale entries either


def test_the_matrix_is_what_the_openapi_document_says(client):
    spec = client.get("/api/v1/openapi.json").json
    documented = {
        matrix_rule(method.upper(), re.sub(r"\{(\w+)\}", r"<id:\1>", path)): set(operation.get("x-roles", ()))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method != "parameters"
    }
    public = {matrix_rule(method, rule) for method, rule in PUBLIC}
    assert {key: roles for key, roles in documented.items() if key not in public} == {
        (method, path): set(allowed) for method, path, _, allowed in ENDPOINTS
    }
    assert all(not roles for key, roles in documented.items() if key in public)


def test_refused_requests_change_nothing(client, as_role, table):
    for role in ("dealer", "pit_boss", "compliance"):
        response = edit(
            client,
            f"/api/v1/tables/{table['id']}/config",
            json={"config": {"seats": 2}},
            headers=as_role[role],
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
