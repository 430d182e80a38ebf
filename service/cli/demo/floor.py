"""The demo's people and tables. The people are made in the database (as
``breakpoker users create`` makes them) with generated passwords; a demo
user found from an earlier demo gets a new one. The tables are made through
the API, by the demo's admin."""

from __future__ import annotations

import click
from sqlalchemy import func, select

from service.accounts.auth import create_user
from service.accounts.password_policy import generate_password
from service.accounts.passwords import set_password
from service.accounts.roles import Role
from service.cli.demo.client import Api
from service.store.db import Databases
from service.store.models import RoundRecord, User
from service.store.work import unit_of_work

TABLES = ("DEMO-1", "DEMO-2", "DEMO-3")
DEALERS = ("demo-dealer-1", "demo-dealer-2", "demo-dealer-3")  # one a table
PIT_BOSSES = ("demo-pit-1", "demo-pit-2")  # the first opens, closes and requests; the second receives
CAGE = "demo-cage"
COUNTERS = ("demo-count-1", "demo-count-2")
ADMIN = "demo-admin"  # makes the tables and enrols the club members
COMPLIANCE = "demo-compliance"  # reads the day listed for a currency transaction report
CAST: tuple[tuple[str, Role], ...] = (
    *((name, Role.DEALER) for name in DEALERS),
    *((name, Role.PIT_BOSS) for name in PIT_BOSSES),
    (CAGE, Role.CAGE),
    *((name, Role.COUNT) for name in COUNTERS),
    (ADMIN, Role.ADMIN),
    (COMPLIANCE, Role.COMPLIANCE),
)


def rounds_stored(databases: Databases) -> int:
    with databases() as db:
        return int(db.scalar(select(func.count(RoundRecord.id))) or 0)


def cast(databases: Databases) -> tuple[dict[str, str], list[str]]:
    """Every demo user with a fresh password: the passwords by name, and the
    names made just now (the others were there from an earlier demo)."""
    passwords = {name: generate_password(name) for name, _ in CAST}
    made: list[str] = []
    with unit_of_work(databases) as db:
        for name, role in CAST:
            found = db.scalar(select(User).where(User.name == name))
            if found is None:
                create_user(db, name, role, passwords[name])
                made.append(name)
            elif found.role != role:
                raise click.ClickException(
                    f"a user {name!r} exists as {found.role}, not {role}: the demo will not use it"
                )
            else:
                set_password(db, name, passwords[name])
    return passwords, made


def tables(api: Api) -> dict[str, int]:
    """DEMO-1 to DEMO-3's ids, each made with the default rules if missing."""
    found = {str(table["name"]): int(table["id"]) for table in api.get(ADMIN, "/tables")}
    for name in TABLES:
        if name not in found:
            found[name] = int(api.post(ADMIN, "/tables", {"name": name, "timezone": "UTC"})["id"])
    return {name: found[name] for name in TABLES}
