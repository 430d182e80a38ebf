"""What the per-shift expected value totals' tests share: the periods and
users, the totals recounted from the rounds, and a floor (the fixture
``floor``) on which rounds are entered, valued, voided and corrected."""

from __future__ import annotations

import copy
import itertools
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import ColumnElement, func, select

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.compliance.value_sums_check import check_value_sums
from service.reports.aggregate_sums import in_period
from service.reports.expected_win import VALUES, _Sums, period_values
from service.reports.periods import Period, Scope, floor_scope, resolve_period, table_scope
from service.review.decisions import decide
from service.review.exceptions import request_correction, request_void
from service.rounds.entering import enter_round
from service.rounds.expected_values import expect_round, expect_rounds
from service.rounds.status import counting
from service.store.db import Db, utc_now
from service.store.models import (
    GameTable,
    RoundExpectedValue,
    RoundRecord,
    SeatRecord,
    User,
)
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.support.app import PASSWORD, databases
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks

PERIODS = (("shift", 1), ("shift", 2), ("shift", 3), ("day", None), ("mtd", None), ("ytd", None))
NAMES = (("dealer", Role.DEALER), ("dealer2", Role.DEALER), ("boss", Role.PIT_BOSS), ("boss2", Role.PIT_BOSS))


def by_rounds(db: Db, scope: Scope, period: Period) -> dict[tuple[int, int], _Sums]:
    """The expected win's sums as the report read them before the totals:
    the period's counting rounds with their stored values, and those
    without, round by round and seat by seat."""

    def scoped(query: Any) -> Any:
        query = query.where(RoundRecord.table_id.in_(scope.table_ids), counting())
        return in_period(query, RoundRecord.gaming_day, RoundRecord.shift, period)

    def squares(bet: str) -> ColumnElement[float]:
        column = getattr(RoundExpectedValue, f"{bet}_sd_sum")
        return func.coalesce(func.sum(column * column), 0.0)

    key = (RoundRecord.table_id, RoundRecord.entered_by)
    columns = [func.coalesce(func.sum(getattr(RoundExpectedValue, name)), 0) for name in VALUES]
    bets = ("main", "dealer_break_bonus", "break_bonus")
    valued = scoped(
        select(*key, func.count(), *columns, *(squares(bet) for bet in bets)).join(
            RoundRecord, RoundRecord.id == RoundExpectedValue.round_id
        )
    ).group_by(*key)
    found: dict[tuple[int, int], _Sums] = {}
    for row in db.execute(valued):
        sums = found.setdefault((row[0], row[1]), _Sums())
        sums.rounds = int(row[2])
        sums.values = {name: int(value) for name, value in zip(VALUES, row[3 : 3 + len(VALUES)], strict=True)}
        sums.squares = {bet: float(value) for bet, value in zip(bets, row[3 + len(VALUES) :], strict=True)}
    unvalued = (
        ~select(RoundExpectedValue.round_id).where(RoundExpectedValue.round_id == RoundRecord.id).exists()
    )
    missing = scoped(
        select(*key, func.count(SeatRecord.id), func.count(func.distinct(RoundRecord.id)))
        .select_from(SeatRecord)
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .where(unvalued)
    ).group_by(*key)
    for row in db.execute(missing):
        sums = found.setdefault((row[0], row[1]), _Sums())
        sums.seats_without, sums.rounds_without = int(row[2]), int(row[3])
    return found


def assert_exact(app: Any, table_id: int) -> None:
    """The totals equal the recount, and every period's sums the former reading."""
    now = utc_now()
    with databases(app)() as db:
        check = check_value_sums(db)
        assert check.differing == 0, check.differences
        days = set(db.scalars(select(RoundRecord.gaming_day)))
        for scope in (table_scope(db, table_id), floor_scope(db)):
            for day, (kind, shift) in itertools.product(days, PERIODS):
                period, _ = resolve_period(scope, kind, day, shift, now)
                got, want = period_values(db, scope, period), by_rounds(db, scope, period)
                assert got.keys() == want.keys(), (kind, day, shift)
                for key, sums in got.items():
                    other = want[key]
                    assert (sums.rounds, sums.values) == (other.rounds, other.values)
                    assert (sums.rounds_without, sums.seats_without) == (
                        other.rounds_without,
                        other.seats_without,
                    )
                    for bet, square in sums.squares.items():
                        assert square == pytest.approx(other.squares[bet], rel=1e-9, abs=1e-6)


class Floor:
    """A table, two dealers and two pit bosses, and the rounds entered so far."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.instance = app.extensions["breakpoker"]["settings"].instance
        strategy_blocks(self.instance, SEATS.values())
        with unit_of_work(databases(app)) as db:
            self.users = {name: create_user(db, f"sums-{name}", role, PASSWORD).id for name, role in NAMES}
            admin = create_user(db, "sums-admin", Role.ADMIN, PASSWORD)
            self.table_id = create_table(db, admin, "BP-SUMS").id
        self.start = utc_now() - timedelta(hours=30)  # two gaming days, every shift
        self.rounds: list[int] = []
        self.numbers = itertools.count()

    def enter(self, dealer: str, hour: int, stakes: tuple[int, int, int]) -> int:
        number = next(self.numbers)
        body = round_body(f"s{number}")
        for seat, stake in zip(body["seats"], stakes, strict=True):
            seat["bets"] = {"main": stake, "dealer_break_bonus": stake // 2, "break_bonus": 100}
        with unit_of_work(databases(self.app)) as db:
            table = db.get_one(GameTable, self.table_id)
            user = db.get_one(User, self.users[dealer])
            at = self.start + timedelta(hours=hour, seconds=number)
            record_id = enter_round(db, table, user, body, f"s{number}", at, sessionless=True).record.id
        self.rounds.append(record_id)
        return record_id

    def value(self, record_id: int) -> bool:
        with unit_of_work(databases(self.app)) as db:
            return expect_round(db, record_id, self.instance)

    def value_batch(self, record_ids: list[int]) -> int:
        with unit_of_work(databases(self.app)) as db:
            return expect_rounds(db, record_ids, self.instance)

    def void(self, record_id: int) -> None:
        self._decided(record_id, None)

    def correct(self, record_id: int, stake: int) -> int | None:
        return self._decided(record_id, stake)

    def _decided(self, record_id: int, stake: int | None) -> int | None:
        """The void or correction approved (``None`` if the round no longer
        counts); a correction's new record."""
        now = utc_now()
        with unit_of_work(databases(self.app)) as db:
            record = db.get_one(RoundRecord, record_id)
            if not db.scalar(select(counting()).where(RoundRecord.id == record_id)):
                return None
            asker, approver = (db.get_one(User, self.users[name]) for name in ("boss", "boss2"))
            if stake is None:
                asked = request_void(db, record, asker, "a misdeal", now)
            else:
                body = copy.deepcopy(record.entered)
                was = body["seats"][0]["bets"]["main"]
                body["seats"][0]["bets"]["main"] = stake if stake != was else stake % 20_000 + 500
                asked = request_correction(db, record, asker, "a wrong stake", body, now)
            decision = decide(db, asked, approver, True, "", now)
            replacement = decision.replacement_id
        if replacement is not None:
            self.rounds.append(replacement)
        return replacement


@pytest.fixture
def floor(app: Any) -> Floor:
    return Floor(app)
