"""The expected win's per-shift totals (``shift_expected_values``) stay
equal to a recount from the rounds through every change: rounds entered,
their values stored by the job, voids and corrections approved before or
after the values, the values of a round taken out; and a report's expected
win read from them is what the former reading, round by round, gave."""

from __future__ import annotations

import contextlib
import copy
import itertools
import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from alembic import command
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st
from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

import service.rounds.value_sums
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
from service.rounds.value_sums import TOTALS
from service.store.db import unit_of_work, utc_now
from service.store.migrate import alembic_config, upgrade
from service.store.models import (
    GameTable,
    RoundExpectedValue,
    RoundRecord,
    SeatRecord,
    ShiftExpectedValues,
    User,
)
from service.tables.tables import create_table
from tests.support.app import PASSWORD, sessions
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks

pytestmark = pytest.mark.store

PERIODS = (("shift", 1), ("shift", 2), ("shift", 3), ("day", None), ("mtd", None), ("ytd", None))
NAMES = (("dealer", Role.DEALER), ("dealer2", Role.DEALER), ("boss", Role.PIT_BOSS), ("boss2", Role.PIT_BOSS))


def by_rounds(session: Session, scope: Scope, period: Period) -> dict[tuple[int, int], _Sums]:
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
    for row in session.execute(valued):
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
    for row in session.execute(missing):
        sums = found.setdefault((row[0], row[1]), _Sums())
        sums.seats_without, sums.rounds_without = int(row[2]), int(row[3])
    return found


def assert_exact(app: Any, table_id: int) -> None:
    """The totals equal the recount, and every period's sums the former reading."""
    now = utc_now()
    with sessions(app)() as session:
        check = check_value_sums(session)
        assert check.differing == 0, check.differences
        days = set(session.scalars(select(RoundRecord.gaming_day)))
        for scope in (table_scope(session, table_id), floor_scope(session)):
            for day, (kind, shift) in itertools.product(days, PERIODS):
                period, _ = resolve_period(scope, kind, day, shift, now)
                got, want = period_values(session, scope, period), by_rounds(session, scope, period)
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
        with unit_of_work(sessions(app)) as session:
            self.users = {
                name: create_user(session, f"sums-{name}", role, PASSWORD).id for name, role in NAMES
            }
            admin = create_user(session, "sums-admin", Role.ADMIN, PASSWORD)
            self.table_id = create_table(session, admin, "BP-SUMS").id
        self.start = utc_now() - timedelta(hours=30)  # two gaming days, every shift
        self.rounds: list[int] = []
        self.numbers = itertools.count()

    def enter(self, dealer: str, hour: int, stakes: tuple[int, int, int]) -> int:
        number = next(self.numbers)
        body = round_body(f"s{number}")
        for seat, stake in zip(body["seats"], stakes, strict=True):
            seat["bets"] = {"main": stake, "dealer_break_bonus": stake // 2, "break_bonus": 100}
        with unit_of_work(sessions(self.app)) as session:
            table = session.get_one(GameTable, self.table_id)
            user = session.get_one(User, self.users[dealer])
            at = self.start + timedelta(hours=hour, seconds=number)
            record_id = enter_round(session, table, user, body, f"s{number}", at, sessionless=True).record.id
        self.rounds.append(record_id)
        return record_id

    def value(self, record_id: int) -> bool:
        with unit_of_work(sessions(self.app)) as session:
            return expect_round(session, record_id, self.instance)

    def value_batch(self, record_ids: list[int]) -> int:
        with unit_of_work(sessions(self.app)) as session:
            return expect_rounds(session, record_ids, self.instance)

    def void(self, record_id: int) -> None:
        self._decided(record_id, None)

    def correct(self, record_id: int, stake: int) -> int | None:
        return self._decided(record_id, stake)

    def _decided(self, record_id: int, stake: int | None) -> int | None:
        """The void or correction approved (``None`` if the round no longer
        counts); a correction's new record."""
        now = utc_now()
        with unit_of_work(sessions(self.app)) as session:
            record = session.get_one(RoundRecord, record_id)
            if not session.scalar(select(counting()).where(RoundRecord.id == record_id)):
                return None
            asker, approver = (session.get_one(User, self.users[name]) for name in ("boss", "boss2"))
            if stake is None:
                asked = request_void(session, record, asker, "a misdeal", now)
            else:
                body = copy.deepcopy(record.entered)
                was = body["seats"][0]["bets"]["main"]
                body["seats"][0]["bets"]["main"] = stake if stake != was else stake % 20_000 + 500
                asked = request_correction(session, record, asker, "a wrong stake", body, now)
            decision = decide(session, asked, approver, True, "", now)
            replacement = decision.replacement_id
        if replacement is not None:
            self.rounds.append(replacement)
        return replacement


@pytest.fixture
def floor(app: Any) -> Floor:
    return Floor(app)


def test_the_totals_stay_exact_through_every_change(app, floor):
    valued_then_voided = floor.enter("dealer", 0, (1000, 2500, 500))
    voided_unvalued = floor.enter("dealer2", 1, (2000, 1000, 3000))
    valued_then_corrected = floor.enter("dealer", 9, (500, 500, 500))
    corrected_unvalued = floor.enter("dealer2", 17, (700, 800, 900))
    kept = floor.enter("dealer", 25, (1500, 1500, 1500))
    assert_exact(app, floor.table_id)  # records, nothing valued
    for record_id in (valued_then_voided, valued_then_corrected, kept):
        assert floor.value(record_id)
    assert not floor.value(kept)  # once
    assert_exact(app, floor.table_id)
    floor.void(valued_then_voided)
    floor.void(voided_unvalued)
    first = floor.correct(valued_then_corrected, 4000)
    second = floor.correct(corrected_unvalued, 500)
    assert first is not None
    assert second is not None
    assert_exact(app, floor.table_id)  # taken out, the new records without values
    # One batch over two dealers' shifts: stored, added only where the round counts.
    assert floor.value_batch([voided_unvalued, corrected_unvalued, first, second, kept]) == 4
    assert_exact(app, floor.table_id)
    with sessions(app)() as session:
        scope = table_scope(session, floor.table_id)
        period, _ = resolve_period(scope, "ytd", utc_now().date(), None, utc_now())
        sums = _Sums.of(period_values(session, scope, period).values())
    assert (sums.rounds, sums.rounds_without) == (3, 0)  # kept and the two new records


#: a Main Bet within the default limits (its Dealer Break Bonus is half of it)
STAKE = st.integers(1, 40).map(lambda units: units * 500)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("enter"),
            st.sampled_from(["dealer", "dealer2"]),
            st.integers(0, 29),
            st.tuples(STAKE, STAKE, STAKE),
        ),
        st.tuples(st.just("value"), st.integers(0, 1_000)),
        st.tuples(st.just("values"), st.lists(st.integers(0, 1_000), min_size=2, max_size=5)),
        st.tuples(st.just("void"), st.integers(0, 1_000)),
        st.tuples(
            st.just("correct"), st.integers(0, 1_000), st.integers(1, 40).map(lambda units: units * 500)
        ),
    ),
    min_size=1,
    max_size=6,
)


@examples(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_totals_equal_a_recount_whatever_happens(app, floor, operations):
    """Any sequence of the changes, on the rounds so far (the database
    keeps them from one example to the next: the totals must hold at every
    moment, not only from an empty start)."""
    for operation in operations:
        kind, *arguments = operation
        if kind == "enter":
            floor.enter(*arguments)
            continue
        if not floor.rounds:
            continue
        if kind == "values":  # the values queue's batch, duplicates and all
            floor.value_batch([floor.rounds[index % len(floor.rounds)] for index in arguments[0]])
            continue
        record_id = floor.rounds[arguments[0] % len(floor.rounds)]
        if kind == "value":
            floor.value(record_id)
        elif kind == "void":
            floor.void(record_id)
        else:
            floor.correct(record_id, arguments[1])
    assert_exact(app, floor.table_id)


def stored_totals(app: Any) -> list[tuple[Any, ...]]:
    columns = [
        getattr(ShiftExpectedValues, name) for name in ("table_id", "gaming_day", "shift", "dealer_id")
    ]
    with sessions(app)() as session:
        rows = session.execute(select(*columns, *(getattr(ShiftExpectedValues, name) for name in TOTALS)))
        return sorted(
            tuple(round(value, 6) if isinstance(value, float) else value for value in row) for row in rows
        )


def test_the_migration_fills_the_totals_from_what_is_stored(app, settings, floor):
    """Down to 0019 and up again: the backfill sums what the service kept."""
    entered = [floor.enter("dealer", hour, (1000, 500, 2500)) for hour in (0, 9, 17, 25)]
    valued, voided, corrected = entered[:3]  # the fourth waits for its values
    for record_id in (valued, voided, corrected):
        floor.value(record_id)
    floor.void(voided)
    floor.value(floor.correct(corrected, 3000))
    kept = stored_totals(app)
    assert sum(row[4] for row in kept) == 5  # records: four and a correction's
    command.downgrade(alembic_config(settings.database_url), "0019")
    upgrade(settings.database_url)
    assert stored_totals(app) == kept
    assert_exact(app, floor.table_id)


@pytest.mark.parametrize("first", ["values", "void"])
def test_the_values_job_and_a_void_at_once_leave_the_totals_exact(app, floor, monkeypatch, first):
    """Each waits, once it holds the shift's row, for the other to get that
    far too: with the row locked before the decisive read (does the round
    count, has it values), the other waits out the timeout on the lock and
    then reads what the first committed."""
    record_id = floor.enter("dealer", 0, (1000, 500, 2500))
    floor.enter("dealer", 0, (500, 500, 500))  # the shift's row exists; another round keeps it counting
    both_locked = threading.Barrier(2, timeout=1.5)
    locked_row = service.rounds.value_sums._locked_row

    def locked_then_wait(session: Session, key: Any) -> int:
        row_id = locked_row(session, key)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_locked.wait()
        return row_id

    monkeypatch.setattr(service.rounds.value_sums, "_locked_row", locked_then_wait)
    failures: list[BaseException] = []

    def run(work: Any) -> None:
        try:
            work(record_id)
        except Exception as error:  # noqa: BLE001 - shown by the assertion below
            failures.append(error)

    works = [floor.value, floor.void] if first == "values" else [floor.void, floor.value]
    threads = [threading.Thread(target=run, args=(work,)) for work in works]
    for thread in threads:
        thread.start()
        time.sleep(0.2)  # the first asked first
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert_exact(app, floor.table_id)
