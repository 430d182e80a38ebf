"""The rounds a report says it lags by (``pending_rounds``), read from the
aggregates and the approved voids and corrections, are exactly the round
records the totals do not reflect (``out_of_step``), for every period:
rounds never counted, counted and then voided or corrected, voided before
they were counted, a correction's new record, a request still undecided."""

from __future__ import annotations

import copy
import random
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.reports.aggregate_sums import in_period, pending_rounds
from service.reports.periods import floor_scope, resolve_period, table_scope
from service.review.decisions import decide
from service.review.exceptions import request_correction, request_void
from service.rounds.aggregates import aggregate_round, out_of_step
from service.rounds.entering import enter_round
from service.store.db import utc_now
from service.store.models import GameTable, RoundRecord, User
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.bench.office_steps import random_deal
from tests.support.app import PASSWORD, databases

pytestmark = pytest.mark.store

PERIODS = (("shift", 1), ("shift", 2), ("shift", 3), ("day", None), ("mtd", None), ("ytd", None))


def out_of_step_count(db, scope, period) -> int:
    """The definition, one round at a time (what the report read before)."""
    query = (
        select(func.count())
        .select_from(RoundRecord)
        .where(RoundRecord.table_id.in_(scope.table_ids), out_of_step())
    )
    return int(db.scalar(in_period(query, RoundRecord.gaming_day, RoundRecord.shift, period)) or 0)


def assert_pending_as_defined(app, table_id) -> int:
    now = utc_now()
    found = 0
    with databases(app)() as db:
        days = set(db.scalars(select(RoundRecord.gaming_day)))
        for scope in (table_scope(db, table_id), floor_scope(db)):
            for day in days:
                for kind, shift in PERIODS:
                    period, _ = resolve_period(scope, kind, day, shift, now)
                    expected = out_of_step_count(db, scope, period)
                    assert pending_rounds(db, scope, period) == expected, (kind, day, shift)
                    found += expected
    return found


def floor(app) -> tuple[dict[str, int], int]:
    """Its users (ids by name) and a table, made here."""
    names = (("dealer", Role.DEALER), ("pit_boss", Role.PIT_BOSS), ("pit_boss2", Role.PIT_BOSS))
    with unit_of_work(databases(app)) as db:
        users = {name: create_user(db, f"pending-{name}", role, PASSWORD).id for name, role in names}
        admin = create_user(db, "pending-admin", Role.ADMIN, PASSWORD)
        return users, create_table(db, admin, "BP-PENDING").id


def test_pending_rounds_are_the_records_out_of_step(app):
    users, table_id = floor(app)
    rng = random.Random(7)
    start = utc_now() - timedelta(hours=30)  # two gaming days, every shift
    with unit_of_work(databases(app)) as db:
        table = db.get_one(GameTable, table_id)
        dealer = db.get_one(User, users["dealer"])
        ids = []
        for n in range(12):
            at = start + timedelta(hours=n)
            entered = enter_round(db, table, dealer, random_deal(rng, n), f"k{n}", at, sessionless=True)
            ids.append(entered.record.id)
    assert assert_pending_as_defined(app, table_id) > 0  # nothing counted yet

    with unit_of_work(databases(app)) as db:
        for round_id in ids[:8]:
            aggregate_round(db, round_id)
    assert assert_pending_as_defined(app, table_id) > 0  # four never counted

    now = utc_now()
    with unit_of_work(databases(app)) as db:
        asker = db.get_one(User, users["pit_boss"])
        approver = db.get_one(User, users["pit_boss2"])
        asked = [
            request_void(db, db.get_one(RoundRecord, ids[1]), asker, "counted, voided", now),
            request_void(db, db.get_one(RoundRecord, ids[9]), asker, "voided uncounted", now),
        ]
        request_void(db, db.get_one(RoundRecord, ids[2]), asker, "never decided", now)
        record = db.get_one(RoundRecord, ids[3])
        body = copy.deepcopy(record.entered)
        body["seats"][0]["bets"]["main"] += 1000
        asked.append(request_correction(db, record, asker, "counted, corrected", body, now))
        for exception in asked:
            decide(db, exception, approver, True, "", now)
    assert assert_pending_as_defined(app, table_id) > 0

    with unit_of_work(databases(app)) as db:
        for round_id in db.scalars(select(RoundRecord.id)):
            aggregate_round(db, round_id)
    assert assert_pending_as_defined(app, table_id) == 0
