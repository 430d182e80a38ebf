"""``python -m tests.bench bench-office``: speed of the back office, end to end, on a
database of its own.

In a temporary instance folder (removed at the end) and a temporary SQLite
database, or an empty scratch database given with ``--database``, it times:
migrating; entering six-seat rounds; sealing and verifying the audit chain;
counting the rounds into the shift aggregates; an approved void and
correction; a day and a month-to-date report; game recall; re-settling every
round; and a compliance export of the whole period.

The bench calls the use cases directly, in the worker's and the API's
transactions, without HTTP, Redis or the outbox dispatcher: the figures are
those of the back office's own work. The steps after the setup are
:mod:`tests.bench.office_steps`; the figures and how they are printed,
:mod:`tests.bench.office_figures`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.store.db import Databases, make_engine
from service.store.migrate import upgrade
from service.store.models import User
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.bench.office_figures import Figures, failure, print_result
from tests.bench.office_steps import (
    SEATS,
    Office,
    count_rounds,
    enter_rounds,
    export_period,
    gaming_days,
    recall_games,
    reports,
    resettle_all,
    seal_and_verify,
    void_and_correct,
)
from tests.bench.scratch import cheap_password_hashing, finish, scratch, scratch_databases, shown_database

PASSWORD = "bench-office password"
HASHING_NOTE = (
    "the bench's users' passwords are hashed with argon2 at its smallest cost "
    "(time_cost 1, memory_cost 8 KiB) instead of the production cost"
)


@click.command("bench-office")
@click.option(
    "--rounds", type=click.IntRange(min=2), default=5_000, show_default=True, help="Six-seat rounds entered."
)
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database (e.g. postgresql://user@host/scratch) instead of a temporary "
    "SQLite one; refused if it has tables. Its tables are dropped again at the end.",
)
@click.option("--seed", default=1, show_default=True, help="Seed of the random deals.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_office(rounds: int, database_url: str | None, seed: int, as_json: bool) -> None:
    """Time the back office end to end on a database of its own: migrate,
    enter ROUNDS six-seat rounds, seal and verify the audit chain, count the
    aggregates, approve a void and a correction, a day and a month-to-date
    report, game recall, re-settle every round and a compliance export.
    Exit status 1 if the chain is not intact or any round does not
    re-settle to what was stored."""
    with scratch(database_url, "bench-office") as (url, instance), cheap_password_hashing():
        result = _run(url, instance, rounds, seed)
    result["database"] = shown_database(url, temporary=not database_url)
    finish(result, as_json, print_result, None if result["ok"] else failure(result))


def _run(url: str, instance: Path, rounds: int, seed: int) -> dict[str, Any]:
    figures = Figures()
    figures.begin("migrating, creating 5 users and a table")
    figures.timed("migrate", "migrate to head", 1, None, lambda: upgrade(url))
    engine = make_engine(url)
    try:
        databases = scratch_databases(engine, url, instance)
        users, table_id = figures.timed(
            "setup", "create 5 users and 1 table", 6, None, lambda: setup_floor(databases)
        )
        return _steps(Office(databases, instance, users, table_id, figures), rounds, seed)
    finally:
        engine.dispose()


def setup_floor(databases: Databases) -> tuple[dict[str, int], int]:
    """The bench's users (their ids by name) and its table."""
    users: dict[str, int] = {}
    with unit_of_work(databases) as db:
        for name, role in (
            ("dealer", Role.DEALER),
            ("pit_boss", Role.PIT_BOSS),
            ("pit_boss2", Role.PIT_BOSS),
            ("compliance", Role.COMPLIANCE),
            ("admin", Role.ADMIN),
        ):
            users[name] = create_user(db, name, role, PASSWORD).id
        admin = db.get_one(User, users["admin"])
        table_id = create_table(db, admin, "BP-BENCH").id
    return users, table_id


def _steps(office: Office, rounds: int, seed: int) -> dict[str, Any]:
    enter_rounds(office, rounds, seed)
    first_day, last_day, busiest = gaming_days(office)
    chain = seal_and_verify(office)
    count_rounds(office)
    void_and_correct(office)
    shown = reports(office, busiest)
    recall_games(office, rounds)
    checked, mismatched, examples = resettle_all(office)
    export = export_period(office, first_day, last_day)
    return {
        "rounds": rounds,
        "seats_per_round": SEATS,
        "seed": seed,
        "password_hashing": HASHING_NOTE,
        "gaming_days": {"first": first_day.isoformat(), "last": last_day.isoformat()},
        "figures": office.figures.to_json(),
        "chain": chain,
        "resettle": {"checked": checked, "mismatched": mismatched, "examples": examples},
        "reports": shown,
        "export": export,
        "ok": bool(chain["intact"]) and mismatched == 0,
    }
