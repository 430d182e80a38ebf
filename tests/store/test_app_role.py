"""Least privilege on PostgreSQL: migrated as the owner role, granted with
``breakpoker db grant-app-role``, the app role reads and writes rows but
is refused ALTER TABLE, DISABLE TRIGGER and TRUNCATE (and the migration
revision, new tables of its own, and deleting or moving a session's
figures).

Always on PostgreSQL (TEST_DATABASE_URL's server, else the machine's own):
roles are PostgreSQL's. They are the whole server's, not one database's,
so each run makes its own names and drops them after."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from service.cli import main
from service.store.accounting_models import SESSION_FIGURES_FIXED
from service.store.db import make_engine
from service.store.models import SessionFigures
from service.store.roles import RoleRefused, statements
from tests.postgres import scratch_database

pytestmark = pytest.mark.store

INSUFFICIENT_PRIVILEGE = "42501"


@dataclass(frozen=True)
class Roles:
    owner: str
    owner_url: str
    app: str
    app_url: str


def _admin(url: str, database: str | None = None):
    server = make_url(url).set(drivername="postgresql+psycopg")
    if database:
        server = server.set(database=database)
    return create_engine(server, isolation_level="AUTOCOMMIT")


# One database, two roles and one migration for the module (a migration on
# PostgreSQL takes seconds); each refused statement rolls back its own
# transaction, and what the tests write does not meet what others check.
@pytest.fixture(scope="module")
def roles() -> Iterator[Roles]:
    suffix = uuid.uuid4().hex[:10]
    owner, app = f"bp_owner_{suffix}", f"bp_app_{suffix}"
    password = uuid.uuid4().hex
    server = None
    try:
        with scratch_database() as url:
            server = url
            database = make_url(url).database
            admin = _admin(url)
            with admin.connect() as connection:
                for role in (owner, app):
                    connection.execute(text(f"CREATE ROLE {role} LOGIN PASSWORD '{password}'"))
                # As compose's init script does: the owner role owns the
                # database, so its public schema (PostgreSQL 15 and later).
                connection.execute(text(f'ALTER DATABASE "{database}" OWNER TO {owner}'))
            admin.dispose()
            as_role = make_url(url).set(password=password)
            yield Roles(
                owner,
                as_role.set(username=owner).render_as_string(hide_password=False),
                app,
                as_role.set(username=app).render_as_string(hide_password=False),
            )
    finally:
        if server is not None:  # the database (and what the roles owned in it) is gone
            admin = _admin(server, "postgres")
            with admin.connect() as connection:
                for role in (app, owner):
                    connection.execute(text(f"DROP ROLE IF EXISTS {role}"))
            admin.dispose()


def _as_service(roles: Roles, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", roles.app_url)
    monkeypatch.setenv("MIGRATE_DATABASE_URL", roles.owner_url)


@pytest.fixture(scope="module")
def granted(roles) -> Roles:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _as_service(roles, monkeypatch)
        runner = CliRunner()
        upgraded = runner.invoke(main, ["db", "upgrade"])
        assert upgraded.exit_code == 0, upgraded.output
        granted = runner.invoke(main, ["db", "grant-app-role"])  # DATABASE_URL's user
        assert granted.exit_code == 0, granted.output
    assert f"granted {roles.app} the app's rights on the tables of {roles.owner}" in granted.output
    return roles


def _refused(app_url: str, statement: str) -> str:
    engine = make_engine(app_url)
    try:
        with engine.begin() as connection, pytest.raises(DBAPIError) as refused:
            connection.execute(text(statement))
    finally:
        engine.dispose()
    assert refused.value.orig.sqlstate == INSUFFICIENT_PRIVILEGE, refused.value
    return str(refused.value.orig)


def test_the_app_role_writes_and_reads_rows(granted, monkeypatch):
    # The service's own first write: the first admin and its audit event.
    _as_service(granted, monkeypatch)
    created = CliRunner().invoke(main, ["users", "ensure-admin"])
    assert created.exit_code == 0, created.output
    engine = make_engine(granted.app_url)
    try:
        with engine.begin() as connection:
            assert connection.scalar(text("SELECT name FROM users")) == "admin"
            assert connection.scalar(text("SELECT count(*) FROM audit_events")) >= 1
            # Rows the service changes in place (a deactivation, a password).
            connection.execute(text("UPDATE users SET name = 'admin2' WHERE name = 'admin'"))
            owners = connection.scalars(
                text("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")
            ).all()
        assert owners == [granted.owner]
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("statement", "words"),
    [
        ("ALTER TABLE audit_events ADD COLUMN forged text", "must be owner"),
        ("ALTER TABLE audit_events DISABLE TRIGGER ALL", "must be owner"),
        ("ALTER TABLE round_seats DISABLE TRIGGER round_seats_no_update", "must be owner"),
        ("TRUNCATE audit_events", "permission denied"),
        ("TRUNCATE audit_seals", "permission denied"),
        ("DROP TABLE audit_seals", "must be owner"),
        ("UPDATE alembic_version SET version_num = 'forged'", "permission denied"),
        ("CREATE TABLE forged (id int)", "permission denied"),
    ],
    ids=[
        "alter",
        "disable triggers",
        "disable one trigger",
        "truncate events",
        "truncate seals",
        "drop",
        "move the revision",
        "create",
    ],
)
def test_the_app_role_is_refused_what_would_let_it_forge(granted, statement, words):
    assert words in _refused(granted.app_url, statement)


#: what the session figures job writes in a row it rewrites (service/accounting/figures.py)
KEPT = [c.name for c in SessionFigures.__table__.columns if c.name not in SESSION_FIGURES_FIXED]


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM session_figures",
        "UPDATE session_figures SET session_id = session_id + 1",
        "UPDATE session_figures SET table_id = 1, gaming_day = '2026-01-01', shift = 1",
    ],
    ids=["delete", "move a row to another session", "move a row to another table or day"],
)
def test_the_app_role_may_not_delete_figures_or_move_them(granted, statement):
    """The API and the workers connect as one role: the grants cannot tell
    the job from a request, but they narrow the table to what the job
    does (a verification derives every row again)."""
    assert "permission denied" in _refused(granted.app_url, statement)


def test_the_app_role_writes_figures_as_the_job_does(granted):
    app = make_engine(granted.app_url)
    columns = ", ".join(c.name for c in SessionFigures.__table__.columns)
    kept = ", ".join(f'"{name}" = "{name}"' for name in KEPT)
    try:
        with app.begin() as connection:  # no rows: the rights are checked all the same
            connection.execute(
                text(f"INSERT INTO session_figures ({columns}) SELECT {columns} FROM session_figures")
            )
            connection.execute(text("SELECT session_id FROM session_figures WHERE session_id = 0 FOR UPDATE"))
            connection.execute(text(f"UPDATE session_figures SET {kept} WHERE session_id = 0"))
    finally:
        app.dispose()


def test_a_table_a_later_migration_adds_is_granted_too(granted):
    owner = make_engine(granted.owner_url)
    with owner.begin() as connection:
        connection.execute(text("CREATE TABLE later (id integer GENERATED ALWAYS AS IDENTITY, note text)"))
    owner.dispose()
    app = make_engine(granted.app_url)
    try:
        with app.begin() as connection:
            connection.execute(text("INSERT INTO later (note) VALUES ('new')"))
            assert connection.scalar(text("SELECT note FROM later")) == "new"
    finally:
        app.dispose()
    assert "must be owner" in _refused(granted.app_url, "ALTER TABLE later DISABLE TRIGGER ALL")
    assert "permission denied" in _refused(granted.app_url, "TRUNCATE later")


@pytest.mark.parametrize(
    ("role", "owner", "field"),
    [("Robert'); DROP", "owner", "role"), ("app", "x y", "owner"), ("same", "same", "role")],
    ids=["quoted role", "bad owner", "the owner itself"],
)
def test_a_bad_role_name_is_refused_naming_it(role, owner, field):
    with pytest.raises(RoleRefused) as refused:
        statements(role, owner)
    assert refused.value.field == field
    assert refused.value.message.startswith(f"{field}: ")


def test_sqlite_has_no_roles(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("MIGRATE_DATABASE_URL", raising=False)
    refused = CliRunner().invoke(main, ["db", "grant-app-role", "someone"])
    assert refused.exit_code == 1
    assert "database: roles are PostgreSQL's" in refused.output
