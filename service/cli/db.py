"""``breakpoker db``: the database schema."""

from __future__ import annotations

import click

from service.config.settings import Settings
from service.store.migrate import upgrade


@click.group("db")
def db() -> None:
    """The database (SQLite in the instance folder, or DATABASE_URL)."""


@db.command("upgrade")
def upgrade_command() -> None:
    """Apply every migration not yet applied."""
    settings = Settings.from_environment()
    upgrade(settings.database)
    click.echo(f"database is up to date: {_shown(settings.database)}")


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
