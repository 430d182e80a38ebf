"""Applying the Alembic migrations: one set for SQLite and PostgreSQL."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from service.db import make_engine


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("service") / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    engine: Engine = make_engine(url)
    try:
        with engine.begin() as connection:
            config = alembic_config(url)
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
