"""No password and no bearer token (nor its SHA-256, which is what the
database keeps) is ever written to a log or into an audit event: sign-ins,
calls with the token, failed and locked logins, a user created with a
password, a database failure in the middle of a sign-in, and a password
typed into the name field."""

from __future__ import annotations

import hashlib
import json
import logging

import pytest
from click.testing import CliRunner
from sqlalchemy import select, text

from service.cli import main
from service.store.models import AuditEvent
from tests.support.app import PASSWORD, databases
from tests.support.rounds_data import round_body

NEW_PASSWORD = "a brand new secret 42"
GUESSES = ["hunter2-guess", "correct horse batter", PASSWORD.upper()]
KNOWN_TOKEN = "known-token-for-the-failed-sign-in-0123456789abcdef"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def everything_recorded(app, caplog) -> str:
    with databases(app)() as db:
        events = [(event.kind, event.subject, event.payload) for event in db.scalars(select(AuditEvent))]
    assert len(events) > 10  # the scenario did record events: the check below means something
    return caplog.text + json.dumps(events)


def test_no_password_or_token_is_logged_or_recorded(app, client, settings, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG)
    secrets: list[str] = [PASSWORD, NEW_PASSWORD, *GUESSES]

    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    created = CliRunner().invoke(
        main, ["users", "create", "newbie", "--role", "dealer", "--password-stdin"], input=NEW_PASSWORD + "\n"
    )
    assert created.exit_code == 0, created.output
    assert NEW_PASSWORD not in created.output

    for name, password in (("newbie", NEW_PASSWORD), ("admin", PASSWORD), ("dealer", PASSWORD)):
        response = client.post("/api/v1/auth/login", json={"name": name, "password": password})
        assert response.status_code == 200
        secrets.append(response.json["token"])
    newbie, admin, dealer = ({"Authorization": f"Bearer {token}"} for token in secrets[-3:])
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r1"),
        headers={**dealer, "Idempotency-Key": "k1"},
    )
    assert entered.status_code == 201
    assert client.get("/api/v1/tables", headers=newbie).status_code == 200
    assert client.get("/api/v1/compliance/exports", headers=dealer).status_code == 403

    for guess in GUESSES:  # three wrong: the test settings lock the account
        assert (
            client.post("/api/v1/auth/login", json={"name": "pit_boss", "password": guess}).status_code == 401
        )
    locked = client.post("/api/v1/auth/login", json={"name": "pit_boss", "password": PASSWORD})
    assert locked.json["code"] == "account_locked"
    assert (
        client.post("/api/v1/auth/login", json={"name": "nobody", "password": GUESSES[0]}).status_code == 401
    )
    assert client.post("/api/v1/auth/logout", headers=newbie).status_code == 204
    assert client.get("/api/v1/tables", headers=newbie).status_code == 401

    # A database failure while the token is stored: the error is logged with
    # its statement, but not with the statement's values (the digest).
    monkeypatch.setattr("service.accounts.auth.secrets.token_urlsafe", lambda _size: KNOWN_TOKEN)
    with databases(app)() as db:
        db.execute(text("ALTER TABLE tokens RENAME TO tokens_away"))
        db.commit()
    failed = client.post("/api/v1/auth/login", json={"name": "compliance", "password": PASSWORD})
    assert failed.status_code == 503
    assert "INSERT INTO tokens" in caplog.text  # the failure was logged, statement and all
    secrets.append(KNOWN_TOKEN)

    recorded = everything_recorded(app, caplog)
    for secret in secrets:
        assert secret not in recorded
        assert digest(secret) not in recorded


@pytest.mark.parametrize("where", ["Authorization", "body"])
def test_a_token_sent_where_it_should_not_be_is_not_echoed(client, where):
    token = "Bearer abcdefghijklmnopqrstuvwxyz0123456789-secret"
    if where == "Authorization":
        response = client.get("/api/v1/tables", headers={"Authorization": token})
    else:
        response = client.post("/api/v1/auth/login", json={"name": "x", "password": token})
    assert response.status_code == 401
    assert "secret" not in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "typed",
    [
        "correct horse battery staple 77",  # a password typed into the name field
        "tab\tbetween the words of a password",  # not printable: no name can be it
    ],
)
def test_a_password_typed_as_the_name_is_recorded_as_unknown(app, client, caplog, typed):
    caplog.set_level(logging.DEBUG)
    for name in ("dealer", "admin"):
        assert client.post("/api/v1/auth/login", json={"name": name, "password": PASSWORD}).status_code == 200
    response = client.post("/api/v1/auth/login", json={"name": typed, "password": "anything at all"})
    assert response.status_code == 401
    with databases(app)() as db:
        (failed,) = db.scalars(select(AuditEvent).where(AuditEvent.kind == "login_failed"))
    assert (failed.subject, failed.payload) == ("name:unknown", {"name": None, "reason": "unknown user"})
    recorded = everything_recorded(app, caplog)
    for kept in (typed, typed[:60], typed[:80], typed.encode("unicode_escape").decode()[:80]):
        assert kept not in recorded
        assert digest(kept) not in recorded
