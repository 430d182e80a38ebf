"""``breakpoker tables``: make and list tables without the API, for the
first steps on a new install (the admin page is the API's client too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from sqlalchemy import func, or_, select

from service.accounts.roles import Role
from service.cli.changes import changing_records
from service.config.currency import USD
from service.config.settings import Settings
from service.engine.table_config import BetType
from service.rounds.batch_settle import parse_json
from service.store.db import Db, database_factory, make_engine
from service.store.models import GameTable, User
from service.tables.tables import (
    change_config,
    change_schedule,
    config_of,
    create_table,
    currency_of_table,
    current_config,
    list_tables,
)
from service.tables.versions import config_versions


@click.group("tables")
def tables() -> None:
    """Gaming tables and their configurations."""


@tables.command("create")
@click.argument("name")
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="JSON file of configuration fields as in the rule book (seats, limits, ...); "
    "omitted fields keep the defaults. Amounts in minor units (500 is 5.00).",
)
@click.option("--timezone", default="UTC", show_default=True, help="IANA zone the gaming day is read in.")
@click.option(
    "--currency",
    help="ISO 4217 code of the table's currency (JPY, EUR, ...), fixed once created; "
    "default BREAKPOKER_CURRENCY (USD).",
)
@click.option("--by", "admin_name", default="admin", show_default=True, help="The admin recorded as creator.")
def create(name: str, config_file: Path | None, timezone: str, currency: str | None, admin_name: str) -> None:
    """Create table NAME, closed until a session opens it, with configuration version 1."""
    config = _read_config(config_file) if config_file is not None else {}
    money = Settings.from_environment().currency if currency is None else currency
    with changing_records() as db:
        admin = _admin(db, admin_name)
        table = create_table(db, admin, name, config, timezone, currency=money)
        click.echo(f"created table {table.name!r} (id {table.id}): {_rules_line(db, table)}")


@tables.command("list")
def list_command() -> None:
    """Every table: id, name, status, zone and its current rules."""
    engine = make_engine(Settings.from_environment().database)
    try:
        with database_factory(engine)() as db:
            found = list_tables(db)
            if not found:
                click.echo("no tables yet: breakpoker tables create NAME")
            for table in found:
                zone = f"{table.status}, {table.timezone}, {currency_of_table(db, table).code}"
                click.echo(f"{table.id:>4}  {table.name}  ({zone})")
                click.echo(f"      {_rules_line(db, table)}")
    finally:
        engine.dispose()


@tables.command("configure")
@click.argument("table_name")
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="JSON file of the configuration fields to change (as in the rule book); the rest are kept.",
)
@click.option(
    "--by", "admin_name", default="admin", show_default=True, help="The admin recorded as its maker."
)
def configure(table_name: str, config_file: Path, admin_name: str) -> None:
    """A new configuration version of table TABLE_NAME (its name or id), as
    the admin page's Save makes one."""
    changes = _read_config(config_file)
    with changing_records() as db:
        table = _table(db, table_name)
        change_config(db, table, _admin(db, admin_name), changes)
        click.echo(f"table {table.name!r}: {_rules_line(db, table)}")


@tables.command("schedule")
@click.argument("table_name")
@click.option("--timezone", help="IANA zone the gaming day is read in.")
@click.option(
    "--shift-start",
    "shift_starts",
    multiple=True,
    help="HH:MM a shift starts, once a shift in order (the first starts the gaming day).",
)
@click.option(
    "--by", "admin_name", default="admin", show_default=True, help="The admin recorded as its maker."
)
def schedule(table_name: str, timezone: str | None, shift_starts: tuple[str, ...], admin_name: str) -> None:
    """Move table TABLE_NAME's gaming-day and shift boundaries or their zone;
    stored rounds keep their day and shift."""
    with changing_records() as db:
        table = _table(db, table_name)
        user = _admin(db, admin_name)
        change_schedule(db, table, user, timezone, list(shift_starts) or None)
        click.echo(f"table {table.name!r}: {table.timezone}, shifts start {', '.join(table.shift_starts)}")


@tables.command("versions")
@click.argument("table_name")
def versions(table_name: str) -> None:
    """Every configuration version of table TABLE_NAME, newest first, with who made it."""
    engine = make_engine(Settings.from_environment().database)
    try:
        with database_factory(engine)() as db:
            for version in config_versions(db, _table(db, table_name)):
                made = version["created_at"].isoformat(timespec="seconds")
                click.echo(
                    f"v{version['version']:<4} {made}  by {version['created_by']}  {version['digest'][:12]}"
                )
    finally:
        engine.dispose()


def _table(db: Db, name_or_id: str) -> GameTable:
    """The table of that name (any letter case) or id."""
    wanted = func.lower(GameTable.name) == name_or_id.lower()
    if name_or_id.isdigit():
        wanted = or_(wanted, GameTable.id == int(name_or_id))
    found = db.scalars(select(GameTable).where(wanted)).first()
    if found is None:
        raise click.UsageError(f"no table named {name_or_id!r}: see breakpoker tables list")
    return found


def _read_config(path: Path) -> dict[str, Any]:
    try:
        data = parse_json(path.read_bytes())
    except ValueError as error:  # JSONDecodeError is one
        raise click.BadParameter(f"{path} is not valid JSON: {error}", param_hint="--config") from None
    if not isinstance(data, dict):
        raise click.BadParameter(
            f"{path} must hold a JSON object of configuration fields", param_hint="--config"
        )
    return data


def _admin(db: Db, name: str) -> User:
    user = db.scalar(select(User).where(User.name == name))
    if user is None or user.role != Role.ADMIN:
        raise click.UsageError(f"no admin named {name!r}: name one with --by")
    return user


def _rules_line(db: Db, table: GameTable) -> str:
    version = current_config(db, table)
    rules = config_of(version)
    main = rules.limit(BetType.MAIN)
    money = currency_of_table(db, table)
    return (
        f"config v{version.version}, {rules.seats} seats, "
        f"main {money.amount(main.minimum)}-{money.text(main.maximum)}, "
        f"foul {rules.foul_policy.value}, qualifier {rules.dealer_qualifier.text}"
    )


def money(minor: int) -> str:
    """Minor units of a table in USD (the demo's), as the tablet shows them.

    >>> money(500), money(1_000_000), money(5)
    ('5.00', '10,000.00', '0.05')
    """
    return USD.amount(minor)
