"""``bench-scale``'s floor: its tables, users and gaming days as the
service's use cases store them. A day: every table opened with its tray
counted and a fill signed at every step, rounds entered
(:func:`service.rounds.entering.enter_round`), a credit, the table closed,
its drop box counted and its figures kept, and every round counted into
the aggregates (the jobs' work, in process). The first day is the
template :mod:`tests.bench.scale_load` copies; the table accounting
of every later day goes through here too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from service.accounting.drop_counts import count_drop
from service.accounting.figures import figure_session
from service.accounting.rounds_net import rounds_side
from service.accounting.sessions import close_session, open_session, open_session_of
from service.accounting.slips import issue_slip, receive_slip, request_slip
from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.rounds.aggregates import aggregate_round
from service.rounds.entering import enter_round
from service.rounds.samples import random_round
from service.store.db import Databases, Db, utc_now
from service.store.models import AuditEvent, GameTable, User
from service.store.work import unit_of_work
from service.tables.tables import create_table

PASSWORD = "bench-scale password"
ENTER_BATCH = 500  # rounds entered (and counted) per transaction on the template day
FILL = {"2500": 500_000}  # each session's fill and credit, minor units
CREDIT = {"2500": 250_000}
TRAY = {"100": 2_000_000, "100000": 8_000_000}  # a table's first opener


@dataclass(frozen=True)
class Shape:
    """The floor: how many tables, how fast they deal, from which gaming day."""

    tables: int
    rounds_per_hour: int
    first_day: date
    seed: int = 1

    @property
    def rounds_per_table(self) -> int:
        return 24 * self.rounds_per_hour

    @property
    def rounds_per_day(self) -> int:
        return self.tables * self.rounds_per_table

    def day_start(self, index: int) -> datetime:
        """When gaming day ``index`` starts: the first shift, 06:00 UTC."""
        return datetime.combine(self.first_day + timedelta(days=index), time(6), UTC)

    def round_time(self, index: int, number: int) -> datetime:
        return self.day_start(index) + timedelta(seconds=60 + number * 3600 / self.rounds_per_hour)


@dataclass(frozen=True)
class Template:
    """The first gaming day's rounds as stored, to copy to the next days."""

    day: date
    rounds: list[dict[str, Any]]  # each record's columns, without its id
    seats: list[list[dict[str, Any]]]  # each record's seat rows, without id and round
    events: list[tuple[int, int]]  # each record's event: its actor and configuration version
    aggregates: list[dict[str, Any]]  # the day's shift aggregates, without ids
    value_sums: list[dict[str, Any]]  # the day's expected-win totals, without ids
    #: the seats' values as the database driver is sent them, made once
    sent_seats: dict[str, list[list[tuple[Any, ...]]]] = field(default_factory=dict)


@dataclass
class Floor:
    databases: Databases
    instance: Path
    shape: Shape
    users: dict[str, int]
    tables: list[int]  # table i's dealer is dealers[i]
    dealers: list[str]
    setup_events: int  # the newest event of the setup
    trays: dict[int, dict[str, int]] = field(default_factory=dict)  # each table's last closer
    days: int = 0  # gaming days stored
    template: Template | None = None


def setup_floor(databases: Databases, instance: Path, shape: Shape) -> Floor:
    """The floor's users (a dealer a table, two pit bosses, a cashier, two
    counters, compliance and an admin) and its tables, in UTC."""
    dealers = [f"dealer-{number:02d}" for number in range(1, shape.tables + 1)]
    roles = dict.fromkeys(dealers, Role.DEALER)
    roles |= {"pit-1": Role.PIT_BOSS, "pit-2": Role.PIT_BOSS, "cage": Role.CAGE}
    roles |= {
        "count-1": Role.COUNT,
        "count-2": Role.COUNT,
        "compliance": Role.COMPLIANCE,
        "admin": Role.ADMIN,
    }
    with unit_of_work(databases) as db:
        users = {name: create_user(db, name, role, PASSWORD).id for name, role in roles.items()}
        admin = db.get_one(User, users["admin"])
        tables = [
            create_table(db, admin, f"BP-{number:02d}", timezone="UTC").id
            for number in range(1, shape.tables + 1)
        ]
        newest = db.scalar(select(func.max(AuditEvent.id))) or 0
    floor = Floor(databases, instance, shape, users, tables, dealers, newest)
    floor.trays = {table_id: dict(TRAY) for table_id in tables}
    return floor


def round_id(table_name: str, day: date, number: int) -> str:
    return f"{table_name}-{day:%Y%m%d}-{number:04d}"


def deals(floor: Floor, index: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Every round of gaming day ``index`` in time order: (table, number,
    body). The same cards and bets every day (the template's seed)."""
    rng = random.Random(floor.shape.seed)
    day = floor.shape.first_day + timedelta(days=index)
    bodies = [
        [
            dict(random_round(rng, round_id(f"BP-{place_ + 1:02d}", day, number)))
            for number in range(floor.shape.rounds_per_table)
        ]
        for place_ in range(floor.shape.tables)
    ]
    for number in range(floor.shape.rounds_per_table):
        for place_, table_id in enumerate(floor.tables):
            yield table_id, number, bodies[place_][number]


def service_day(floor: Floor, index: int) -> None:
    """Gaming day ``index`` entirely through the use cases, and its jobs."""
    open_tables(floor, index)
    entered = _enter_day(floor, index)
    close_tables(floor, index)
    for start in range(0, len(entered), ENTER_BATCH):
        with unit_of_work(floor.databases) as db:
            for record_id in entered[start : start + ENTER_BATCH]:
                aggregate_round(db, record_id)
    floor.days = max(floor.days, index + 1)


def _enter_day(floor: Floor, index: int) -> list[int]:
    entered: list[int] = []
    pending = list(deals(floor, index))
    dealer_of = dict(zip(floor.tables, floor.dealers, strict=True))
    for start in range(0, len(pending), ENTER_BATCH):
        with unit_of_work(floor.databases) as db:
            tables = {table_id: db.get_one(GameTable, table_id) for table_id in floor.tables}
            dealers = {name: db.get_one(User, floor.users[name]) for name in floor.dealers}
            for table_id, number, body in pending[start : start + ENTER_BATCH]:
                dealer = dealers[dealer_of[table_id]]
                now = floor.shape.round_time(index, number)
                done = enter_round(db, tables[table_id], dealer, body, body["round_id"], now)
                entered.append(done.record.id)
    return entered


def open_tables(floor: Floor, index: int) -> None:
    """Every table opened at the day's start, its tray as last counted, and
    a fill brought in half an hour later."""
    start = floor.shape.day_start(index)
    with unit_of_work(floor.databases) as db:
        users = _users(db, floor)
        for place_, table_id in enumerate(floor.tables):
            table = db.get_one(GameTable, table_id)
            dealer = users[floor.dealers[place_]]
            open_session(db, table, dealer, users["pit-1"], floor.trays[table_id], None, start)
            _slip(db, table, users, dealer, "fill", FILL, start + timedelta(minutes=30))


def close_tables(floor: Floor, index: int) -> None:
    """A credit near the day's end, then every table closed just before the
    next day starts, its drop box counted an hour later and its figures
    kept (the job's work). The drop is what the rounds' net leaves once the
    tray is back to its opener, so the check balances (to within a note)."""
    start = floor.shape.day_start(index)
    with unit_of_work(floor.databases) as db:
        users = _users(db, floor)
        for place_, table_id in enumerate(floor.tables):
            table = db.get_one(GameTable, table_id)
            dealer = users[floor.dealers[place_]]
            _slip(db, table, users, dealer, "credit", CREDIT, start + timedelta(hours=22))
            opened = open_session_of(db, table)
            assert opened is not None  # opened by open_tables
            owed = rounds_side(db, opened).net + sum(FILL.values()) - sum(CREDIT.values())
            drop = max(0, owed - owed % 100)
            tray = dict(floor.trays[table_id])
            tray["100"] = tray.get("100", 0) + (owed - drop) // 100 * 100
            close_session(
                db, table, dealer, users["pit-1"], tray, lambda: start + timedelta(hours=24, seconds=-15)
            )
            counters = [users["count-1"], users["count-2"]]
            count_drop(db, opened, counters, {"100": drop}, None, start + timedelta(hours=25))
            figure_session(db, opened.id, utc_now())
            floor.trays[table_id] = tray


def _users(db: Db, floor: Floor) -> dict[str, User]:
    return {name: db.get_one(User, user_id) for name, user_id in floor.users.items()}


def _slip(
    db: Db,
    table: GameTable,
    users: dict[str, User],
    dealer: User,
    kind: str,
    lines: dict[str, int],
    at: datetime,
) -> None:
    slip = request_slip(db, table, users["pit-1"], kind, lines, at)
    issue_slip(db, slip, users["cage"], at + timedelta(minutes=1))
    receive_slip(db, slip, dealer, users["pit-2"], at + timedelta(minutes=2))
