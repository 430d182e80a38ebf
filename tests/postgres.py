"""A PostgreSQL database for the tests that need one whatever the run:
TEST_DATABASE_URL's server when it is set, else the machine's own on
127.0.0.1:5432, started first if it is down (as .ci/run does)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from service.store.migrate import upgrade
from tests.postgres_reset import note_head, reset_to_head

LOCAL = "postgresql://postgres@127.0.0.1:5432/postgres"


@functools.cache  # the variables are the run's: one look (and CREATE) a process
def postgres_url() -> str:
    """TEST_DATABASE_URL, or under pytest-xdist a database of this worker's
    own beside it (``<name>_gw0``, made when missing): the store tests empty
    their database, and two workers must not empty each other's."""
    url = make_url(os.environ["TEST_DATABASE_URL"])
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url.render_as_string(hide_password=False)
    own = url.set(database=f"{url.database}_{worker}")
    engine = create_engine(url.set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            found = connection.scalar(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": own.database}
            )
            if found is None:
                connection.execute(text(f'CREATE DATABASE "{own.database}"'))
    finally:
        engine.dispose()
    return own.render_as_string(hide_password=False)


def _admin_engine(url: str):
    """An engine on the server's ``postgres`` database, outside any
    transaction (CREATE and DROP DATABASE run in none)."""
    admin = make_url(url).set(database="postgres", drivername="postgresql+psycopg")
    return create_engine(admin, isolation_level="AUTOCOMMIT")


def _recreate(url: str, template: str | None = None) -> None:
    """Drop the database ``url`` names (ending what is still connected to
    it: a finished test's pool) and make it again, as a copy of
    ``template`` when one is named."""
    name = make_url(url).database
    engine = _admin_engine(url)
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            copy = f' TEMPLATE "{template}"' if template else ""
            connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))
    finally:
        engine.dispose()


@functools.cache  # once a test process
def _head_template() -> str:
    """A database migrated to head beside this process's own (its name and
    ``_head``): running the migrations took 1-3 s, copying it takes a tenth
    of that (CREATE DATABASE ... TEMPLATE)."""
    url = make_url(postgres_url())
    template = url.set(database=f"{url.database}_head").render_as_string(hide_password=False)
    _recreate(template)
    upgrade(template)  # disposes of its engine: a template must have no connection
    return str(make_url(template).database)


def migrated_copy(url: str) -> None:
    """The database ``url`` names as the migrated head holds it: emptied
    back to the head's rows when nothing but rows changed since it was
    last made (a tenth of a copy's time), else made again as a copy."""
    if not reset_to_head(url):
        _recreate(url, _head_template())
        note_head(url)


def _reachable(url: str) -> bool:
    driver = make_url(url).set(drivername="postgresql+psycopg")
    engine = create_engine(driver, connect_args={"connect_timeout": 3})
    try:
        with engine.connect():
            return True
    except Exception:  # noqa: BLE001 - any failure means not reachable yet
        return False
    finally:
        engine.dispose()


def ensure_server(url: str) -> None:
    if _reachable(url):
        return
    versions = sorted(Path("/etc/postgresql").glob("*")) if Path("/etc/postgresql").is_dir() else []
    if not versions or not shutil.which("pg_ctlcluster"):
        raise RuntimeError(f"no PostgreSQL answers at {url} and none is installed here to start")
    subprocess.run(["pg_ctlcluster", versions[-1].name, "main", "start"], check=False, capture_output=True)
    for _ in range(30):
        if _reachable(url):
            return
        time.sleep(1)
    raise RuntimeError(f"PostgreSQL did not start at {url}")


@contextmanager
def scratch_database() -> Iterator[str]:
    """A new, empty database, dropped afterwards; its URL."""
    server = make_url(os.environ.get("TEST_DATABASE_URL") or LOCAL)
    admin = server.set(database="postgres")
    ensure_server(admin.render_as_string(hide_password=False))
    name = f"breakpoker_test_{uuid.uuid4().hex[:12]}"
    engine = create_engine(admin.set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()


@contextmanager
def migrated_scratch_database() -> Iterator[str]:
    """:func:`scratch_database`, migrated to head."""
    with scratch_database() as url:
        upgrade(url)
        yield url
