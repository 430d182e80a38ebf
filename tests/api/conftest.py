"""An app on a fresh database per test: SQLite always, and PostgreSQL too
for the store tests when TEST_DATABASE_URL names a server (.ci/run sets it)."""

from __future__ import annotations

import os
import threading
from dataclasses import replace

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

import service.accounts.auth
from service.accounts.auth import create_user
from service.analysis.cache import store_par_sheet
from service.api.app import create_app
from service.config.redis_server import connect
from service.config.settings import Settings
from service.store.db import make_engine, unit_of_work
from service.store.migrate import upgrade
from tests.par_sheets import default_sheet
from tests.postgres import postgres_url

PASSWORD = "correct horse battery"
ROLES = ("dealer", "pit_boss", "compliance", "admin")


def pytest_generate_tests(metafunc):
    if "database" in metafunc.fixturenames:
        backends = ["sqlite"]
        if os.environ.get("TEST_DATABASE_URL") and metafunc.definition.get_closest_marker("store"):
            backends.append("postgresql")
        metafunc.parametrize("database", backends)


def fresh_postgresql() -> str:
    url = postgres_url()
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url


@pytest.fixture(autouse=True)
def quick_password_hashing(monkeypatch):
    """argon2 with the smallest cost: the tests check behaviour, and the
    production cost (tens of milliseconds a hash) would dominate them."""
    monkeypatch.setattr(
        service.accounts.auth, "_HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )


@pytest.fixture
def database_url(database, tmp_path):
    if database == "postgresql":
        return fresh_postgresql()
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def settings(database_url, tmp_path):
    upgrade(database_url)
    return Settings(instance=tmp_path, database_url=database_url, lockout_failures=3, lockout_minutes=15)


def app_with_users(settings):
    """The API on ``settings`` with two users of each role, named after it."""
    app = create_app(settings)
    with unit_of_work(sessions(app)) as session:
        for role in ROLES:
            create_user(session, role, role, PASSWORD)
            create_user(session, f"{role}2", role, PASSWORD)
    yield app
    app.extensions["breakpoker"]["engine"].dispose()


@pytest.fixture
def app(settings):
    yield from app_with_users(settings)


@pytest.fixture
def app_with_par_sheet(redis_settings):
    """The API on the test's Redis (for a worker) with the default rules'
    par sheet cached as its job would leave it: computing it here would only
    slow the tests down."""
    store_par_sheet(default_sheet(), redis_settings.instance)
    yield from app_with_users(redis_settings)


@pytest.fixture
def client(app):
    return app.test_client()


def sign_in(client, name: str) -> dict[str, str]:
    response = client.post("/api/v1/auth/login", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.json
    return {"Authorization": f"Bearer {response.json['token']}"}


@pytest.fixture
def as_role(client):
    """Headers signed in as each role (users named after their role)."""
    return {role: sign_in(client, role) for role in ROLES}


@pytest.fixture
def table(client, as_role):
    response = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=as_role["admin"])
    assert response.status_code == 201, response.json
    return response.json


def parallel(count, send):
    """``send()`` from ``count`` threads at once; their results."""
    results = []
    threads = [threading.Thread(target=lambda: results.append(send())) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def sessions(app):
    return app.extensions["breakpoker"]["sessions"]


@pytest.fixture
def redis_server(shared_redis):
    connect(shared_redis.url).flushall()
    return shared_redis


@pytest.fixture
def redis_settings(settings, redis_server):
    return replace(settings, redis_url=redis_server.url)


@pytest.fixture
def bg_app(redis_settings):
    # The default rules' par sheet, as the background job would leave it:
    # computing it in every test would only repeat test_analysis_*.
    store_par_sheet(default_sheet(), redis_settings.instance)
    app = create_app(redis_settings)
    with unit_of_work(app.extensions["breakpoker"]["sessions"]) as session:
        for role in ROLES:
            create_user(session, role, role, PASSWORD)
    yield app
    app.extensions["breakpoker"]["engine"].dispose()
