"""The rows ``bench-rated`` reads, a year of a floor at the scale bench's
1M rounds, written in bulk (the workers' jobs would write the same rows
one slot at a time; what is timed is reading them):

- the floor's year of derived rows: per table, gaming day, shift and
  dealer, a ``shift_aggregates`` row (all play) and a
  ``rated_shift_figures`` row (the rated play). The rounds are spread
  over every day of the year so that a year-to-date report reads the most
  rows 1M rounds can make: tables × days × shifts × dealers a shift;
- the heavy player's lifetime in full (:mod:`tests.bench.rated_player`).

The exact numerators are random integers of the sizes real ones have (a
slot's theoretical win over C(53,7) C(46,7) is about 10^20, a variance
about 10^45): the report's cost is in their digits, not their values."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, insert

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.players.players import enrol_player
from service.players.slot_figures import Slot, refresh_month, slot_columns
from service.store.db import Databases
from service.store.models import GameTable, RatedShiftFigures, ShiftAggregate
from service.store.work import unit_of_work
from service.tables.tables import create_table, current_config
from tests.bench.rated_player import HEAVY, PASSWORD, heavy_player, parts

BATCH = 5_000


@dataclass(frozen=True)
class Shape:
    rounds: int
    tables: int
    days: int
    shifts: int
    dealers_per_shift: int
    rated_share: float  # of the seats
    player_ratings: int
    rounds_per_rating: int

    @property
    def slots(self) -> int:
        return self.tables * self.days * self.shifts * self.dealers_per_shift


@dataclass(frozen=True)
class Filled:
    last_day: date
    rated_seats: int  # the year's, in the slots' rows
    slot_rows: int
    month_rows: int
    aggregate_rows: int
    player_ratings: int
    player_rounds: int


def fill(databases: Databases, shape: Shape, seed: int) -> Filled:
    randomly = random.Random(seed)
    first = date(2026, 1, 1)
    with unit_of_work(databases) as db:
        admin = create_user(db, "admin", Role.ADMIN, PASSWORD)
        create_user(db, "pit_boss", Role.PIT_BOSS, PASSWORD)
        dealers = [
            create_user(db, f"dealer{n}", Role.DEALER, PASSWORD).id
            for n in range(shape.shifts * shape.dealers_per_shift * 2)
        ]
        tables = [create_table(db, admin, f"BP-{n + 1}") for n in range(shape.tables)]
        configs = {table.id: current_config(db, table).id for table in tables}
        enrol_player(db, admin, HEAVY, "Heavy Player")
    per_slot = shape.rounds / shape.slots
    months, rated_seats = _slots(databases, shape, first, tables, configs, dealers, per_slot, randomly)
    rounds = heavy_player(databases, shape, first, tables[0], configs, dealers, randomly)
    last = first + timedelta(days=shape.days - 1)
    return Filled(last, rated_seats, shape.slots, months, shape.slots, shape.player_ratings, rounds)


def _slots(
    databases: Databases,
    shape: Shape,
    first: date,
    tables: list[GameTable],
    configs: dict[int, int],
    dealers: list[int],
    per_slot: float,
    randomly: random.Random,
) -> tuple[int, int]:
    """The slots' rows and the shift aggregates, then each table's and
    dealer's months added up by the job's own code; how many months, and
    how many rated seats in all."""
    aggregates: list[dict[str, Any]] = []
    months: set[Slot] = set()
    rated_seats = 0
    rated: list[dict[str, Any]] = []
    now = datetime.now(UTC)
    for number in range(shape.days):
        day = first + timedelta(days=number)
        for table in tables:
            for shift in range(1, shape.shifts + 1):
                for turn in range(shape.dealers_per_shift):
                    dealer = dealers[((shift - 1) * shape.dealers_per_shift + turn + number) % len(dealers)]
                    rounds = max(1, round(per_slot * randomly.uniform(0.8, 1.2)))
                    seats = rounds * 3
                    key = {"table_id": table.id, "gaming_day": day, "shift": shift, "dealer_id": dealer}
                    aggregates.append(_aggregate(key, configs[table.id], rounds, seats))
                    rated.append(_rated(key, round(seats * shape.rated_share), randomly, now))
                    rated_seats += rated[-1]["rounds"]
                    months.add(Slot(table.id, day.replace(day=1), 1, dealer))
        if len(rated) >= BATCH or number == shape.days - 1:
            with unit_of_work(databases) as db:
                db.execute(insert(cast(Table, ShiftAggregate.__table__)), aggregates)
                db.execute(insert(cast(Table, RatedShiftFigures.__table__)), rated)
            aggregates, rated = [], []
    for month in sorted(months):
        with unit_of_work(databases) as db:
            refresh_month(db, month, now)
    return len(months), rated_seats


def _aggregate(key: dict[str, Any], config_id: int, rounds: int, seats: int) -> dict[str, Any]:
    return {
        **key,
        "config_id": config_id,
        "rounds": rounds,
        "seats": seats,
        "main_bets": seats,
        "main_handle": seats * 2_500,
        "main_house_net": seats * 50,
        "main_stake_squares": float(seats * 2_500**2),
        "dealer_break_bonus_bets": seats,
        "dealer_break_bonus_handle": seats * 500,
        "dealer_break_bonus_house_net": seats * 20,
        "dealer_break_bonus_stake_squares": float(seats * 500**2),
        "break_bonus_bets": seats,
        "break_bonus_handle": seats * 100,
        "break_bonus_house_net": seats * 5,
        "break_bonus_stake_squares": float(seats * 100**2),
    }


def _rated(key: dict[str, Any], seats: int, randomly: random.Random, now: datetime) -> dict[str, Any]:
    return {
        **key,
        "rounds": seats,
        "pending_rounds": 0,
        "last_seat_id": None,
        "main_handle": seats * 2_500,
        "dealer_break_bonus_handle": seats * 500,
        "break_bonus_handle": seats * 100,
        **slot_columns(parts(randomly, randomly.randrange(-seats * 3_000, seats * 3_000))),
        "figured_at": now,
    }
