"""An app on a fresh database per test: SQLite always, and PostgreSQL too
for the store tests when TEST_DATABASE_URL names a server (.ci/run sets it)."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping

from flask import Flask
from sqlalchemy import select, text

from service.accounts.auth import create_user
from service.api.app import bind, create_app
from service.store.db import make_engine
from service.store.models import User
from service.store.work import unit_of_work
from tests.postgres import postgres_url

PASSWORD = "correct horse battery"


#: the people's roles; a device (a shuffler's or shoe's credential) posts decks only
PEOPLE = ("dealer", "pit_boss", "compliance", "admin", "cage", "count")
ROLES = (*PEOPLE, "device")


def fresh_postgresql() -> str:
    url = postgres_url()
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url


#: Apps this test process built whose tests are over. Building the routes
#: and the OpenAPI document is most of the cost of a new app, so the next
#: test takes one of these bound to its own settings (all a request reads
#: of them); a test that holds one already is given another.
_IDLE: list[Flask] = []


def app_with_users(settings):
    """The API on ``settings`` with two users of each role, named after it."""
    if _IDLE:
        app = _IDLE.pop()
        bind(app, settings)
    else:
        app = create_app(settings)
    try:
        with unit_of_work(databases(app)) as db:
            for role in ROLES:
                create_user(db, role, role, PASSWORD)
                create_user(db, f"{role}2", role, PASSWORD)
        yield app
    finally:
        app.extensions["breakpoker"]["engine"].dispose()
        _IDLE.append(app)


def sign_in(client, name: str) -> dict[str, str]:
    response = client.post("/api/v1/auth/login", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.json
    return {"Authorization": f"Bearer {response.json['token']}"}


class SignedIn(Mapping[str, dict[str, str]]):
    """Headers signed in as each role, each signed in at its first use:
    most tests act as two or three of the seven roles, and a sign-in is a
    request with its checks and its audit event. A test that needs a
    role's sign-in to come before something else asks for it first."""

    def __init__(self, client) -> None:
        self._client = client
        self._headers: dict[str, dict[str, str]] = {}

    def __getitem__(self, role: str) -> dict[str, str]:
        if role not in ROLES:
            raise KeyError(role)
        if role not in self._headers:
            self._headers[role] = sign_in(self._client, role)
        return self._headers[role]

    def __iter__(self) -> Iterator[str]:
        return iter(ROLES)

    def __len__(self) -> int:
        return len(ROLES)


def parallel(count, send):
    """``send()`` from ``count`` threads at once; their results."""
    results = []
    threads = [threading.Thread(target=lambda: results.append(send())) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def databases(app):
    return app.extensions["breakpoker"]["databases"]


def user_id(app, name):
    """The id of the user called ``name``."""
    with databases(app)() as db:
        found = db.scalar(select(User.id).where(User.name == name))
        assert found is not None, name
        return found


def edit(client, url, json=None, headers=None, method="PUT", **kwargs):
    """The PUT of a table's configuration or schedule (the PATCH of a
    player's name) as a client that read it first: with the ETag its GET
    answered as If-Match (none when the GET is refused, so the edit's own
    refusal shows)."""
    read = client.get(url, headers=headers)
    tag = {"If-Match": read.headers["ETag"]} if read.status_code == 200 else {}
    return client.open(url, method=method, json=json, headers={**(headers or {}), **tag}, **kwargs)
