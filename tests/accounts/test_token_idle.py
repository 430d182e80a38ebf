"""The idle timeout of tokens and the maximum age of a password, by the
app's clock (moved, never slept)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from sqlalchemy import select

from service.store.db import utc_now
from service.store.models import Token
from tests.support.app import PASSWORD, databases, sign_in

pytestmark = pytest.mark.store


@pytest.fixture
def clock(app):
    """The app's clock, moved by ``clock.now += ...``."""

    class Clock:
        now = utc_now()

    app.extensions["breakpoker"]["clock"] = lambda: Clock.now
    return Clock


def use(app, **settings):
    bound = app.extensions["breakpoker"]
    bound["settings"] = dataclasses.replace(bound["settings"], **settings)


def last_used(app):
    with databases(app)() as db:
        return db.scalars(select(Token.last_used_at).order_by(Token.id)).all()[-1]


def test_a_token_unused_for_the_idle_time_is_refused(app, client, clock):
    use(app, token_idle_minutes=5)
    headers = sign_in(client, "dealer")
    for _ in range(3):  # used every four minutes: kept alive
        clock.now += timedelta(minutes=4)
        assert client.get("/api/v1/auth/me", headers=headers).status_code == 200
    clock.now += timedelta(minutes=5)
    idle = client.get("/api/v1/auth/me", headers=headers)
    assert (idle.status_code, idle.json["code"], idle.json["field"]) == (401, "token_idle", "Authorization")
    assert idle.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/api/v1/auth/me", headers=sign_in(client, "dealer")).status_code == 200


def test_a_page_polling_by_itself_does_not_keep_its_token_alive(app, client, clock):
    """The pages mark the requests they make on a timer (asking for the
    next deck, the pending count, a job's progress): a tablet left open
    goes idle like one closed."""
    use(app, token_idle_minutes=5)
    headers = sign_in(client, "dealer")
    polling = {**headers, "Breakpoker-Background": "1"}
    for _ in range(3):  # a poll every minute and a half: answered, but no use
        clock.now += timedelta(seconds=90)
        assert client.get("/api/v1/tables", headers=polling).status_code == 200
    assert last_used(app) is None
    clock.now += timedelta(seconds=90)
    idle = client.get("/api/v1/tables", headers=polling)
    assert (idle.status_code, idle.json["code"]) == (401, "token_idle")


def test_a_use_is_written_at_most_once_a_minute(app, client, clock):
    use(app, token_idle_minutes=30)
    headers = sign_in(client, "pit_boss")
    assert last_used(app) is None  # issued just now: its issue counts
    clock.now += timedelta(seconds=61)
    assert client.get("/api/v1/auth/me", headers=headers).status_code == 200
    noted = last_used(app)
    assert noted == clock.now
    clock.now += timedelta(seconds=30)
    assert client.get("/api/v1/tables", headers=headers).status_code == 200  # a read: nothing written
    assert last_used(app) == noted


def test_past_the_maximum_age_a_password_must_be_changed(app, client, clock):
    use(app, password_max_age_days=90)
    assert (
        client.post("/api/v1/auth/login", json={"name": "cage", "password": PASSWORD}).json[
            "must_change_password"
        ]
        is False
    )
    clock.now += timedelta(days=91)
    signed_in = client.post("/api/v1/auth/login", json={"name": "cage", "password": PASSWORD})
    assert signed_in.json["must_change_password"] is True
    headers = {"Authorization": f"Bearer {signed_in.json['token']}"}
    assert client.get("/api/v1/slips", headers=headers).json["code"] == "password_change_required"
    body = {"old_password": PASSWORD, "new_password": "a fresh one for the till"}
    assert client.post("/api/v1/auth/password", json=body, headers=headers).status_code == 200
    assert client.get("/api/v1/slips", headers=headers).status_code == 200


def test_with_no_maximum_age_an_old_password_stays(app, client, clock):
    clock.now += timedelta(days=3650)
    response = client.post("/api/v1/auth/login", json={"name": "count", "password": PASSWORD})
    assert response.json["must_change_password"] is False
