"""Shared test helpers and Hypothesis settings."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
from dataclasses import replace
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from hypothesis import HealthCheck, settings

import service.accounts.auth
from service.accounts.auth import create_user
from service.analysis.cache import store_par_sheet
from service.api.app import create_app
from service.config.environment import SessionlessRounds, StrategyTables
from service.config.redis_server import EmbeddedRedis, connect
from service.config.settings import Settings
from service.store.migrate import upgrade
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.postgres import migrated_copy, postgres_url
from tests.support.app import PASSWORD, ROLES, SignedIn, app_with_users, fresh_postgresql

PROJECT = Path(__file__).resolve().parent.parent
# The workers the tests start must not build a strategy table (a minute and
# 300 MB each): tests/analysis builds the blocks it checks.
os.environ.setdefault("BREAKPOKER_STRATEGY_TABLES", "manual")

settings.register_profile(
    "default",
    deadline=None,  # timing belongs in benchmarks, not in tests
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def shared_redis(tmp_path_factory):
    """One real Redis server (the embedded one) for the tests that only use it."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


def redis_servers_under(*folders: Path) -> dict[int, str]:
    """Running redis-server processes whose socket or data is in one of the
    folders: pid to command line (redis-server shows its socket there)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        # Its arguments, not its program: the project's own .venv holds the
        # redis-server binary of every run that uses it, at once or not.
        program, _, arguments = line.partition(" ")
        # With the separator: pytest-4 must not claim pytest-47's servers.
        if "redis-server" in program and any(f"{folder}{os.sep}" in arguments for folder in folders):
            found[int(entry.name)] = line.strip()
    return found


@pytest.fixture(scope="session", autouse=True)
def no_redis_outlives_the_suite(tmp_path_factory):
    """Every Redis server a test starts (embedded, or `breakpoker run`'s) is
    stopped by the end: set up first, so this check runs after every other
    session fixture has stopped its servers. Leftovers are killed and fail."""
    # Under pytest-xdist each worker has a base folder of its own; the
    # project folder is shared, so only a lone run can tell whose it is.
    alone = "PYTEST_XDIST_WORKER" not in os.environ
    folders = (tmp_path_factory.getbasetemp(), PROJECT) if alone else (tmp_path_factory.getbasetemp(),)
    before = set(redis_servers_under(*folders))
    yield
    left = {pid: line for pid, line in redis_servers_under(*folders).items() if pid not in before}
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"redis-server processes outlived the tests: {sorted(left.values())}"


# --- an app on a fresh database per test: SQLite always, and PostgreSQL too
# for the store tests when TEST_DATABASE_URL names a server (.ci/run sets it)


def pytest_generate_tests(metafunc):
    if "database" in metafunc.fixturenames:
        backends = ["sqlite"]
        if os.environ.get("TEST_DATABASE_URL") and metafunc.definition.get_closest_marker("store"):
            backends.append("postgresql")
        metafunc.parametrize("database", backends)


@pytest.fixture(autouse=True)
def quick_password_hashing(monkeypatch):
    """argon2 with the smallest cost: the tests check behaviour, and the
    production cost (tens of milliseconds a hash) would dominate them."""
    monkeypatch.setattr(
        service.accounts.auth, "_HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )


@pytest.fixture
def database_url(database, tmp_path, request):
    if database == "postgresql":
        if "settings" in request.fixturenames:
            # The settings migrate it next (tests/postgres.py): emptying
            # its schema first would be work thrown away.
            return postgres_url()
        return fresh_postgresql()
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """A SQLite database migrated to head, once a test process: a test's
    SQLite database starts as a copy of it, a file copy (a millisecond)
    where running the migrations again took a third of a second a test."""
    path = tmp_path_factory.mktemp("migrated") / "head.sqlite3"
    upgrade(f"sqlite:///{path}")
    # upgrade() disposed of its engine: the last connection's close folded
    # the write-ahead log into the file, so the file alone is the database.
    assert not path.with_name(f"{path.name}-wal").exists()
    return path


def migrated(database_url: str, template: Path) -> None:
    """The database at ``database_url`` migrated to head: a new SQLite file
    as a copy of the template, the process's PostgreSQL database as a copy
    of its migrated template, anything else by the migrations."""
    path = Path(database_url.removeprefix("sqlite:///"))
    if database_url.startswith("sqlite:///") and not path.exists():
        shutil.copyfile(template, path)
    elif "TEST_DATABASE_URL" in os.environ and database_url == postgres_url():
        migrated_copy(database_url)  # the process's own database, emptied for this test
    else:
        upgrade(database_url)


@pytest.fixture
def settings(database_url, tmp_path, migrated_sqlite):
    migrated(database_url, migrated_sqlite)
    # Rounds at tables with no open session: the tests of other parts deal
    # at tables they have just made; tests/accounting holds the refusal.
    return Settings(
        instance=tmp_path,
        database_url=database_url,
        lockout_failures=3,
        lockout_minutes=15,
        # Tests move the app's clock by hours with one sign-in; the idle
        # timeout has its own tests (tests/accounts/test_token_idle.py).
        token_idle_minutes=10080,
        rounds_without_session=SessionlessRounds.ALLOW,
        strategy_tables=StrategyTables.MANUAL,
    )


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


@pytest.fixture
def as_role(client):
    """Headers signed in as each role (users named after their role), each at its first use."""
    return SignedIn(client)


@pytest.fixture
def table(client, as_role):
    response = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=as_role["admin"])
    assert response.status_code == 201, response.json
    return response.json


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
    with unit_of_work(app.extensions["breakpoker"]["databases"]) as db:
        for role in ROLES:
            create_user(db, role, role, PASSWORD)
    yield app
    app.extensions["breakpoker"]["engine"].dispose()
