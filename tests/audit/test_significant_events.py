"""The significant-event log: sign-ins and failures, lockouts, users and
role changes, configuration (pay-table) changes, verification runs, and the
start and stop of the API, the workers and the dispatcher."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from sqlalchemy import select, text

from service.audit.events import EVENT_ORDER_LOCK
from service.cli import main
from service.store.db import make_engine
from service.store.models import AuditEvent
from tests.cli.test_serve import free_port, wait_until_ready
from tests.support.app import PASSWORD, databases, edit, sign_in
from tests.support.background import WORKER, worker_env
from tests.support.verifying import verified

pytestmark = pytest.mark.store
COMMAND = [sys.executable, "-m", "service.cli"]


def events(app, kind: str | None = None) -> list[AuditEvent]:
    query = select(AuditEvent).order_by(AuditEvent.id)
    if kind is not None:
        query = query.where(AuditEvent.kind == kind)
    with databases(app)() as db:
        return list(db.scalars(query))


def cli(settings, *arguments: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(arguments), input=stdin, env={"DATABASE_URL": settings.database})


def test_the_log_covers_sign_ins_lockouts_users_roles_and_pay_tables(app, client, as_role, table, settings):
    for _ in range(settings.lockout_failures):
        client.post("/api/v1/auth/login", json={"name": "dealer2", "password": "not the password"})
    client.post("/api/v1/auth/login", json={"name": "nobody", "password": "whatever"})
    client.post("/api/v1/auth/logout", headers=sign_in(client, "compliance2"))
    pays = {**table["config"]["break_bonus_pays"], "five_aces": 500}
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"break_bonus_pays": pays}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200
    assert (
        cli(
            settings, "users", "create", "eve", "--role", "dealer", "--password-stdin", stdin="s3cret-pass!\n"
        ).exit_code
        == 0
    )
    assert cli(settings, "users", "set-role", "eve", "pit_boss").exit_code == 0
    verified(app, client, as_role["compliance"])

    kinds = {event.kind for event in events(app)}
    assert kinds >= {
        "user_created",
        "login",
        "login_failed",
        "lockout",
        "logout",
        "table_created",
        "config_changed",
        "role_changed",
        "audit_verified",
    }
    failed = [event.payload["reason"] for event in events(app, "login_failed")]
    assert failed == ["password"] * settings.lockout_failures + ["unknown user"]
    (lockout,) = events(app, "lockout")
    assert lockout.payload["name"] == "dealer2"
    (config,) = events(app, "config_changed")
    assert config.payload["changed"] == {
        "break_bonus_pays": {"before": table["config"]["break_bonus_pays"], "after": pays}
    }
    (role,) = events(app, "role_changed")
    assert role.payload == {"name": "eve", "before": "dealer", "after": "pit_boss"}
    assert events(app, "user_created")[-1].payload == {"name": "eve", "role": "dealer"}


def test_a_role_change_applies_at_once_and_keeps_an_admin(app, client, table, settings):
    dealer = sign_in(client, "dealer2")
    url = f"/api/v1/tables/{table['id']}/config"
    assert edit(client, url, json={"config": {"seats": 5}}, headers=dealer).status_code == 403
    result = cli(settings, "users", "set-role", "dealer2", "admin")
    assert result.output == "'dealer2' is now admin (was dealer)\n"
    assert edit(client, url, json={"config": {"seats": 5}}, headers=dealer).status_code == 200

    same = cli(settings, "users", "set-role", "dealer2", "admin")
    assert same.output == "'dealer2' is already admin; nothing changed\n"
    assert len(events(app, "role_changed")) == 1

    for name in ("admin", "admin2"):
        assert cli(settings, "users", "set-role", name, "dealer").exit_code == 0
    last = cli(settings, "users", "set-role", "dealer2", "compliance")
    assert last.exit_code == 2
    assert "'dealer2' is the last active admin; make another admin first" in last.output
    unknown = cli(settings, "users", "set-role", "nobody", "dealer")
    assert unknown.exit_code == 2
    assert "no user named 'nobody'" in unknown.output
    assert cli(settings, "users", "set-role", "dealer", "boss").exit_code == 2


def wait_for(app, kind: str, component: str, seconds: float = 30.0) -> AuditEvent:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = [event for event in events(app, kind) if event.payload["component"] == component]
        if found:
            return found[-1]
        time.sleep(0.2)
    raise AssertionError(f"no {kind} event of the {component}")


def test_the_api_records_its_start_and_stop(app, settings):
    port = free_port()
    server = subprocess.Popen(
        [*COMMAND, "serve", "--port", str(port), "--workers", "1"],
        env=worker_env(settings),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        started = wait_for(app, "service_started", "api")
        wait_until_ready(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=20)
    stopped = wait_for(app, "service_stopped", "api")
    for event in (started, stopped):
        assert event.payload["pid"] == server.pid  # the gunicorn master
        assert event.payload["bind"] == [f"127.0.0.1:{port}"]
        assert event.payload["version"]
        assert event.subject == "service:api"
    assert started.id < stopped.id


@pytest.mark.parametrize(
    ("argv", "component"), [(WORKER, "worker"), ([*COMMAND, "dispatcher"], "dispatcher")]
)
def test_workers_and_the_dispatcher_record_their_start_and_stop(app, redis_settings, argv, component):
    process = subprocess.Popen(
        argv, env=worker_env(redis_settings), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        started = wait_for(app, "service_started", component)
        time.sleep(0.5)  # past its signal handlers being set up
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stopped = wait_for(app, "service_stopped", component)
    assert started.payload["pid"] == stopped.payload["pid"] == process.pid
    assert stopped.payload["reason"] == "stopped"
    if component == "worker":
        assert "audit" in started.payload["queues"]


def test_a_burst_worker_records_no_start_or_stop(app, redis_settings):
    subprocess.run([*WORKER, "--burst"], env=worker_env(redis_settings), check=True, capture_output=True)
    assert not events(app, "service_started")
    assert not events(app, "service_stopped")


def test_a_service_starts_even_when_its_start_cannot_be_recorded(tmp_path):
    from service.audit.lifecycle import service_event

    # A database with no tables: the service logs the failure and carries on.
    assert service_event(f"sqlite:///{tmp_path / 'empty.sqlite3'}", "service_started", "api") is False


@contextmanager
def busy(database_url):
    """Another writer holding what recording an event needs: SQLite's write
    lock, or PostgreSQL's event-order lock."""
    if database_url.startswith("sqlite"):
        blocker = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        return
    engine = make_engine(database_url)
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": EVENT_ORDER_LOCK})
        try:
            yield
        finally:
            connection.rollback()
    engine.dispose()


def test_a_busy_database_delays_a_start_only_briefly(settings):
    from service.audit.lifecycle import WAIT_MILLISECONDS, service_event

    with busy(settings.database):
        began = time.monotonic()
        assert service_event(settings.database, "service_started", "worker") is False
        assert time.monotonic() - began < WAIT_MILLISECONDS / 1000 + 5
    assert service_event(settings.database, "service_started", "worker") is True


def test_login_events_name_the_user(app, client):
    sign_in(client, "pit_boss")
    client.post("/api/v1/auth/login", json={"name": "pit_boss", "password": PASSWORD + "x"})
    logins = [(e.kind, e.payload["name"]) for e in events(app) if e.kind.startswith("login")]
    assert logins == [("login", "pit_boss"), ("login_failed", "pit_boss")]
