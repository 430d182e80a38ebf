"""The scratch databases of the benchmarks: only an empty one is used, and
its tables are dropped again at the end, so a bench never touches real data."""

from __future__ import annotations

import click
from alembic import command
from sqlalchemy import inspect
from sqlalchemy.engine import make_url

from service.db import make_engine
from service.migrate import alembic_config


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
