"""Sign-in: argon2 passwords, expiring tokens, lockout after failures."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select

from service.accounts import auth
from service.store.models import LoginFailure, Token, User
from tests.support.app import PASSWORD, databases, sign_in

pytestmark = pytest.mark.store


def login(client, name, password):
    return client.post("/api/v1/auth/login", json={"name": name, "password": password})


def test_login_returns_an_expiring_bearer_token(app, client):
    response = login(client, "dealer", PASSWORD)
    assert response.status_code == 200
    assert response.json["role"] == "dealer"
    assert response.json["expires_at"] > "2026"
    with databases(app)() as db:
        stored = db.scalars(select(Token.digest)).all()
        password_hash = db.scalar(select(User.password_hash).where(User.name == "dealer"))
    # Only a digest of the token and an argon2 hash of the password are kept.
    assert response.json["token"] not in stored
    assert password_hash.startswith("$argon2")


@pytest.mark.parametrize(("name", "password"), [("dealer", "wrong password"), ("nobody", PASSWORD)])
def test_wrong_name_or_password_is_401_without_saying_which(client, name, password):
    response = login(client, name, password)
    assert response.status_code == 401
    assert response.json["code"] == "bad_credentials"
    assert response.json["message"] == "name or password is wrong"


def test_an_unknown_name_is_checked_as_long_as_a_known_one():
    """The hash an unknown name is checked against is written out in the
    source: it must be a hash under the service's hasher's parameters (which
    set the check's cost; argon2's defaults, where the tests swap in a
    cheap hasher), of no password anyone has."""
    production = PasswordHasher()
    assert not production.check_needs_rehash(auth._DUMMY_HASH)
    assert production.verify(auth._DUMMY_HASH, "not a real password")


def test_repeated_failures_lock_the_account(client):
    for _ in range(3):  # the test settings lock after 3
        assert login(client, "pit_boss", "guess").status_code == 401
    locked = login(client, "pit_boss", PASSWORD)
    assert locked.status_code == 403
    assert locked.json["code"] == "account_locked"
    # Another account is untouched.
    assert login(client, "pit_boss2", PASSWORD).status_code == 200


def test_a_success_resets_the_failure_count(client):
    for _ in range(2):
        login(client, "compliance", "guess")
    assert login(client, "compliance", PASSWORD).status_code == 200
    for _ in range(2):
        login(client, "compliance", "guess")
    assert login(client, "compliance", PASSWORD).status_code == 200


def test_the_lock_ends_after_its_time(app, client):
    for _ in range(3):
        login(client, "admin", "guess")
    with databases(app)() as db:
        # The lock is kept per user and client address (test_login_lockout.py).
        lock = db.scalar(select(LoginFailure).join(User).where(User.name == "admin"))
        lock.locked_until = lock.locked_until.replace(year=2000)
        db.commit()
    assert login(client, "admin", PASSWORD).status_code == 200


def test_an_expired_token_is_refused(app, client):
    headers = sign_in(client, "dealer")
    with databases(app)() as db:
        for token in db.scalars(select(Token)):
            token.expires_at = token.expires_at.replace(year=2000)
        db.commit()
    response = client.get("/api/v1/tables", headers=headers)
    assert response.status_code == 401
    assert response.json["code"] == "token_expired"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": "dealer"},
        {"password": PASSWORD},
        {"name": "", "password": "x"},
        {"name": 5, "password": "x"},
    ],
)
def test_malformed_logins_name_the_field(client, body):
    response = client.post("/api/v1/auth/login", json=body)
    assert response.status_code == 422
    assert response.json["field"] in ("name", "password")
