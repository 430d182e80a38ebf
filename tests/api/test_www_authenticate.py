"""Every 401 carries a WWW-Authenticate challenge, as RFC 9110 requires:
Bearer, with error="invalid_token" when a bearer token was sent and refused
(RFC 6750), also from /metrics; and the OpenAPI document says so."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from service.api.app import create_app
from service.store.models import Token
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in

CHALLENGE = 'Bearer realm="breakpoker"'


def refused(description: str) -> str:
    return f'{CHALLENGE}, error="invalid_token", error_description="{description}"'


def challenge(response) -> str | None:
    assert response.status_code == 401, response.json
    return response.headers.get("WWW-Authenticate")


@pytest.mark.parametrize("authorization", [None, "Basic eDp5", "Bearer ", "bearer"])
def test_a_request_without_a_bearer_token_is_challenged(client, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    assert challenge(client.get("/api/v1/tables", headers=headers)) == CHALLENGE


def test_a_refused_token_is_an_invalid_token(app, client):
    bad = client.get("/api/v1/tables", headers={"Authorization": "Bearer nonsense"})
    assert challenge(bad) == refused("the bearer token is not valid; sign in again")
    headers = sign_in(client, "dealer")
    with unit_of_work(databases(app)) as db:
        db.execute(update(Token).values(expires_at=datetime(2000, 1, 1, tzinfo=UTC)))
    expired = client.get("/api/v1/tables", headers=headers)
    assert challenge(expired) == refused("the bearer token has expired; sign in again")


def test_a_failed_sign_in_is_challenged(client):
    failed = client.post("/api/v1/auth/login", json={"name": "dealer", "password": "wrong password"})
    assert challenge(failed) == CHALLENGE


@pytest.mark.parametrize(
    ("authorization", "expected"),
    [
        (None, CHALLENGE),
        ("Basic scrape-me", CHALLENGE),
        ("Bearer nonsense", refused("/metrics needs the scrape token: Authorization: Bearer <token>")),
    ],
)
def test_metrics_challenges_a_scraper_without_the_token(settings, authorization, expected):
    app = create_app(replace(settings, metrics_token="scrape-me"))
    try:
        headers = {} if authorization is None else {"Authorization": authorization}
        assert challenge(app.test_client().get("/metrics", headers=headers)) == expected
    finally:
        app.extensions["breakpoker"]["engine"].dispose()


def test_the_document_declares_the_challenge_with_every_401(client):
    spec = client.get("/api/v1/openapi.json").json
    unauthorized = {
        (method, path): answer["responses"]["401"]
        for path, operations in spec["paths"].items()
        for method, answer in operations.items()
        if method != "parameters" and "401" in answer["responses"]
    }
    assert ("post", "/api/v1/auth/login") in unauthorized
    assert ("get", "/api/v1/tables") in unauthorized
    without = [
        key for key, answer in unauthorized.items() if "WWW-Authenticate" not in answer.get("headers", {})
    ]
    assert without == []
