"""A missing strategy-table block: the job queues the par sheet job and fails
for a retry when the workers build the tables, and leaves the round
without values when the CLI does; a batch does the same, storing the
rounds it can."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

import workers.jobs
from service.analysis.hand_advice import StrategyTableMissing
from service.config.environment import StrategyTables
from service.jobs.queues import JobKind
from service.ops.undone import undone
from service.rounds.expected_values import expect_round
from service.store.db import utc_now
from service.store.models import OutboxEntry, RoundExpectedValue, RoundRecord, SeatExpectedValue
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.rounds_data import SEATS, enter, round_body
from tests.support.strategy import block_number
from tests.workers import expected_values_support
from tests.workers.expected_values_support import check_against_advise, rows

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
instance = expected_values_support.instance


def test_without_the_block_the_cli_left_unbuilt_the_round_waits(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = app.extensions["breakpoker"]["settings"]
    with unit_of_work(databases(app)) as db, pytest.raises(StrategyTableMissing):
        expect_round(db, entered["id"], settings.instance)
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)
    assert settings.strategy_tables is StrategyTables.MANUAL
    assert workers.jobs.expect_round(entered["id"]) is False
    assert rows(app, SeatExpectedValue) == rows(app, RoundExpectedValue) == []
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unvalued_rounds"] == 1  # the operator sees it waits
    with databases(app)() as db:
        # The sweep leaves it alone until the table is built.
        assert undone(db, settings.instance).rounds_without_values == []
        assert undone(db, settings.instance, tables_built_by_workers=True).rounds_without_values == [
            entered["id"]
        ]


def test_without_the_block_the_workers_build_the_table_and_retry(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = replace(app.extensions["breakpoker"]["settings"], strategy_tables=StrategyTables.BUILD)
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)

    def par_sheet_rows():
        with databases(app)() as db:
            waiting = select(OutboxEntry.ref).where(
                OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.dispatched_at.is_(None)
            )
            return db.scalars(waiting).all()

    with unit_of_work(databases(app)) as db:
        # The table's own par sheet job went out when it was made, moments
        # ago: it may be building the table still, so it is not asked again.
        db.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
        config_id = db.get(RoundRecord, entered["id"]).config_id
    with pytest.raises(StrategyTableMissing):
        workers.jobs.expect_round(entered["id"])
    assert par_sheet_rows() == []
    with unit_of_work(databases(app)) as db:
        # An hour on, that build is over and the block still missing.
        long_ago = utc_now() - timedelta(hours=1)
        db.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
    with pytest.raises(StrategyTableMissing):  # RQ retries it on its schedule
        workers.jobs.expect_round(entered["id"])
    assert par_sheet_rows() == [config_id]  # its job builds the table
    waiting = len(par_sheet_rows())
    with pytest.raises(StrategyTableMissing):  # a retry: the par sheet job is queued already
        workers.jobs.expect_round(entered["id"])
    assert len(par_sheet_rows()) == waiting
    assert rows(app, SeatExpectedValue) == []
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(RoundExpectedValue)) == 0


def test_a_batch_without_the_block_waits_or_queues_the_build(app, client, table, monkeypatch):
    dealer = sign_in(client, "dealer")
    ids = [enter(client, dealer, table, f"w{n}")["id"] for n in range(2)]
    settings = app.extensions["breakpoker"]["settings"]
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)
    assert workers.jobs.expect_rounds(ids) == 0  # left to the CLI: the rounds wait
    building = replace(settings, strategy_tables=StrategyTables.BUILD)
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: building)
    with unit_of_work(databases(app)) as db:
        long_ago = utc_now() - timedelta(hours=1)  # the table's own build is long over
        db.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
        config_id = db.get(RoundRecord, ids[0]).config_id
    with pytest.raises(StrategyTableMissing):  # RQ retries the batch on its schedule
        workers.jobs.expect_rounds(ids)
    with databases(app)() as db:
        waiting = select(OutboxEntry.ref).where(
            OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.dispatched_at.is_(None)
        )
        assert db.scalars(waiting).all() == [config_id]
    assert rows(app, RoundExpectedValue) == []


def test_a_batch_with_a_block_not_built_stores_the_rounds_it_can(app, client, table, instance, monkeypatch):
    """A batch is one transaction; a round whose block is missing from a
    table partly built sends it round by round, so the others are stored."""
    unbuilt = ["5h", "5d", "5s", "5c", "6h", "6d", "6c"]
    assert block_number(unbuilt) not in {block_number(cards) for cards in SEATS.values()}
    dealer = sign_in(client, "dealer")
    body = round_body("x")
    body["seats"][0]["cards"] = unbuilt
    odd = client.post(
        f"/api/v1/tables/{table['id']}/rounds", json=body, headers={**dealer, "Idempotency-Key": "odd"}
    ).json["id"]
    ids = [enter(client, dealer, table, "a")["id"], odd, enter(client, dealer, table, "b")["id"]]
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(
        workers.jobs.Settings, "from_environment", lambda: app.extensions["breakpoker"]["settings"]
    )
    assert workers.jobs.expect_rounds(ids) == 2  # tables left to the CLI: the odd round waits
    with databases(app)() as db:
        valued = set(db.scalars(select(RoundExpectedValue.round_id)))
    assert valued == {ids[0], ids[2]}
    for round_id in (ids[0], ids[2]):
        check_against_advise(app, round_id, instance)
