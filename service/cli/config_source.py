"""Which table configuration a CLI command works on: a table's current
one from the database (``--table``), a JSON file's (``--config``; omitted
fields keep their defaults), or the default rules."""

from __future__ import annotations

import json
from pathlib import Path

import click
from sqlalchemy.exc import SQLAlchemyError

from service.config.settings import Settings
from service.engine.errors import RulesError
from service.engine.table_config import TableConfig
from service.errors import ServiceError
from service.store.db import database_factory, make_engine
from service.tables.tables import config_of, current_config, get_table


def config_from(table_id: int | None, config_file: Path | None) -> TableConfig:
    """``--table`` and ``--config`` (give one at most)."""
    if table_id is not None and config_file is not None:
        raise click.UsageError("give --table or --config, not both")
    return table_config(table_id) if table_id is not None else load_config(config_file)


def table_config(table_id: int) -> TableConfig:
    engine = make_engine(Settings.from_environment().database)
    try:
        with database_factory(engine)() as db:
            return config_of(current_config(db, get_table(db, table_id)))
    except ServiceError as error:
        raise click.BadParameter(error.message, param_hint="--table") from None
    except SQLAlchemyError as error:
        raise click.ClickException(
            f"cannot read the tables: {error.__class__.__name__} (run breakpoker db upgrade?)"
        ) from None
    finally:
        engine.dispose()


def load_config(path: Path | None) -> TableConfig:
    if path is None:
        return TableConfig()
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise click.BadParameter(f"cannot read {path} as JSON: {error}", param_hint="--config") from None
    try:
        return TableConfig.from_json(data)
    except RulesError as error:
        raise click.BadParameter(error.message, param_hint="--config") from None
