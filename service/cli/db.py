"""``breakpoker db``: the database schema, and the app role's rights."""

from __future__ import annotations

import click

from service.config.settings import Settings
from service.errors import ServiceError
from service.store.migrate import upgrade
from service.store.roles import app_role_of, grant_app_role


@click.group("db")
def db() -> None:
    """The database (SQLite in the instance folder, or DATABASE_URL)."""


@db.command("upgrade")
def upgrade_command() -> None:
    """Apply every migration not yet applied, as MIGRATE_DATABASE_URL's role
    (the tables' owner), DATABASE_URL when it is unset."""
    settings = Settings.from_environment()
    upgrade(settings.migration_database)
    click.echo(f"database is up to date: {_shown(settings.migration_database)}")


@db.command("grant-app-role")
@click.argument("role", required=False)
def grant_app_role_command(role: str | None) -> None:
    """Give ROLE (default: DATABASE_URL's user) the app's rights on a migrated
    PostgreSQL database: read and write rows, use the sequences; no ALTER,
    TRIGGER or TRUNCATE. Run as the owner (MIGRATE_DATABASE_URL), after
    `breakpoker db upgrade`."""
    settings = Settings.from_environment()
    try:
        role = role or app_role_of(settings.database)
        owner = grant_app_role(settings.migration_database, role)
    except ServiceError as error:
        raise click.ClickException(error.message) from error
    click.echo(
        f"granted {role} the app's rights on the tables of {owner}: {_shown(settings.migration_database)}"
    )


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
