"""What the benchmarks share: their scratch database (only an empty one is
used, and its tables are dropped again at the end unless the bench is told
to keep them, so a bench never touches real data), cheap password hashing,
sealing every event there is, and printing the result."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from alembic import command
from argon2 import PasswordHasher
from sqlalchemy import func, inspect, select
from sqlalchemy.engine import Engine, make_url

import service.accounts.auth
from service.audit.chain import seal_batch
from service.audit.event_mac import keyed_databases
from service.config.settings import Settings
from service.store.db import Databases, make_engine
from service.store.migrate import alembic_config
from service.store.models import AuditEvent
from service.store.work import unit_of_work

# The benches' users are hashed with argon2 at its smallest cost, as the API
# tests do: a bench times the service's work, not the sign-in's deliberate
# slowness.
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
SEAL_PROGRESS = 100_000  # a progress line every so many events sealed


@contextmanager
def scratch(
    database_url: str | None, bench: str, *, keep: bool = False, stored: bool = False
) -> Iterator[tuple[str, Path]]:
    """A temporary instance folder and the database to use in it: the empty
    one given (its tables dropped again at the end, unless ``keep``) or a
    temporary SQLite one (which goes with the folder). ``stored``: the
    database given is one a bench kept, rows and all, and stays as it is."""
    with tempfile.TemporaryDirectory(prefix=f"breakpoker-{bench}-") as folder:
        instance = Path(folder)
        if database_url and stored:
            yield database_url, instance
            return
        if database_url:
            refuse_used(database_url, bench)
        try:
            yield database_url or f"sqlite:///{instance / 'bench.sqlite3'}", instance
        finally:
            if database_url and keep:
                click.echo(
                    f"{bench}: kept its tables and rows in {shown_database(database_url, False)}; "
                    "drop and create that database before the next run",
                    err=True,
                )
            elif database_url:
                drop_tables(database_url, bench)


def scratch_databases(engine: Engine, url: str, instance: Path) -> Databases:
    """Sessions on the scratch database whose events are authenticated by
    the scratch folder's key: a bench never writes a key into the real
    instance folder."""
    return keyed_databases(engine, Settings(instance=instance, database_url=url))


@contextmanager
def cheap_password_hashing() -> Iterator[None]:
    saved = service.accounts.auth._HASHER
    service.accounts.auth._HASHER = CHEAP_HASHER
    try:
        yield
    finally:
        service.accounts.auth._HASHER = saved


def finish(
    result: dict[str, Any], as_json: bool, show: Callable[[dict[str, Any]], None], failure: str | None
) -> None:
    """Print the result (JSON or ``show``), then fail loudly if it failed."""
    if as_json:
        click.echo(json.dumps(result, indent=1))
    else:
        show(result)
    if failure is not None:
        click.secho(failure, fg="red", bold=True, err=True)
        raise SystemExit(1)


def refuse_used(url: str, bench: str) -> None:
    """Only an empty database: the bench must never touch real data."""
    engine = make_engine(url)
    try:
        tables = inspect(engine).get_table_names()
    finally:
        engine.dispose()
    if tables:
        shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
        raise click.ClickException(
            f"{shown_database(url, False)} already has {len(tables)} table(s) ({shown}); "
            f"{bench} runs only on an empty scratch database"
        )


def drop_tables(url: str, bench: str) -> None:
    """Undo the migrations on the scratch database, so it can be used again."""
    click.echo(f"{bench}: dropping its tables from the scratch database (alembic downgrade base)", err=True)
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            if connection.dialect.name == "sqlite":
                # The downgrade rebuilds tables that still hold the bench's rows.
                connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
                connection.commit()
            with connection.begin():
                config = alembic_config(url)
                config.attributes["connection"] = connection
                command.downgrade(config, "base")
            with connection.begin():
                connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    except Exception as error:  # noqa: BLE001 - the figures are still worth printing
        click.secho(
            f"{bench}: could not drop the bench's tables ({type(error).__name__}: {error}); "
            "drop and create the scratch database before the next run",
            fg="yellow",
            err=True,
        )
    finally:
        engine.dispose()


def shown_database(url: str, temporary: bool) -> str:
    parsed = make_url(url)
    if temporary:
        return "SQLite (temporary)"
    return f"{parsed.get_backend_name()} {parsed.render_as_string(hide_password=True)}"


def seal_all(databases: Databases, progress: Callable[[str], None] | None = None) -> int:
    """Seal every event there is, a batch a transaction, as the audit job
    does; how many links were added."""
    with databases() as db:
        newest = db.scalar(select(func.max(AuditEvent.id))) or 0
    links = 0
    while True:
        with unit_of_work(databases) as db:
            sealed, _ = seal_batch(db, newest)
        if not sealed:
            return links
        links += sealed
        if progress is not None and links % SEAL_PROGRESS < sealed:
            progress(f"sealed {links:,} events")
