"""Every endpoint without a token, with a malformed one, an expired one and a
tampered one: 401, never 403 and never an answer."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from sqlalchemy import update

from service.store.db import utc_now
from service.store.models import Token
from service.store.work import unit_of_work
from tests.api.role_matrix.role_calls import call
from tests.api.role_matrix.role_endpoints import ENDPOINT_IDS, ENDPOINTS
from tests.support.app import databases, sign_in

# Each endpoint's case tries every one in turn: a refused request changes
# nothing, and the case's records (a third of a second) are made once.
BAD_AUTHORIZATIONS = (None, "Bearer nonsense", "Basic abc", "Bearer ")


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_every_endpoint_needs_a_valid_token(client, request, method, path, body, allowed):
    for authorization in BAD_AUTHORIZATIONS:
        headers = {} if authorization is None else {"Authorization": authorization}
        response = call(client, request, method, path, body, "nobody", headers)
        assert response.status_code == 401, (authorization, response.json)
        assert response.json["field"] == "Authorization", authorization


#: the OpenAPI document, read once: every case's app serves the same one
_DOCUMENT: list[dict] = []


def documented_401(client, method, path):
    if not _DOCUMENT:
        _DOCUMENT.append(client.get("/api/v1/openapi.json").json)
    spec = _DOCUMENT[0]
    template = re.sub(r"\{(\w+)\}", r"{\1_id}", "/api/v1" + path).replace("{slip_id}", "{number}")
    template = template.replace("{player_id}", "{club_number}")  # a player is named by their club number
    return spec["paths"][template][method.lower()]["responses"]["401"]["description"]


def refused(client, request, method, path, body, allowed, token, code):
    role = sorted(allowed)[0]  # a role the endpoint would serve
    response = call(client, request, method, path, body, role, {"Authorization": f"Bearer {token}"})
    assert response.status_code == 401, response.json
    assert response.json["code"] == code
    assert response.json["field"] == "Authorization"
    assert code in documented_401(client, method, path)


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_an_expired_token_is_refused_everywhere(app, client, request, method, path, body, allowed):
    role = sorted(allowed)[0]
    token = sign_in(client, role)["Authorization"].removeprefix("Bearer ")
    digest = hashlib.sha256(token.encode()).hexdigest()  # what the database keeps
    with unit_of_work(databases(app)) as db:
        moved = db.execute(
            update(Token).where(Token.digest == digest).values(expires_at=utc_now() - timedelta(seconds=1))
        )
        assert moved.rowcount == 1
    refused(client, request, method, path, body, allowed, token, "token_expired")


def tampered(token: str) -> str:
    """The token with one character changed (to another of its alphabet)."""
    middle = len(token) // 2
    return token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_a_tampered_token_is_refused_everywhere(client, request, method, path, body, allowed):
    token = sign_in(client, sorted(allowed)[0])["Authorization"].removeprefix("Bearer ")
    assert tampered(token) != token
    assert len(tampered(token)) == len(token)
    refused(client, request, method, path, body, allowed, tampered(token), "invalid_token")
    # The real token still works: only the changed one was refused (every
    # role may sign out, a device too).
    assert client.post("/api/v1/auth/logout", headers={"Authorization": f"Bearer {token}"}).status_code == 204
