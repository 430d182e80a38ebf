"""A strategy-table block the hidden-information test needs is missing:
nothing is written; the round waits while the CLI leaves the table
unbuilt, and the workers' build is queued and the job retried when they
build it; once built, the job (or the sweep's batch) tests the round.
Corrections are never tested; the ops status counts what waits."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select, update

import workers.jobs
import workers.protection_jobs
from service.analysis.hand_advice import StrategyTableMissing
from service.config.environment import StrategyTables
from service.jobs.queues import JobKind
from service.ops.undone import undone
from service.store.db import utc_now
from service.store.models import HiddenBet, HiddenRound, OutboxEntry
from service.store.work import unit_of_work
from tests.protection.hidden_support import judge, table_rows
from tests.support.app import databases, sign_in
from tests.support.rounds_data import SEATS, correct, enter, round_body
from tests.support.strategy import strategy_blocks

pytestmark = pytest.mark.store


def _workers_on(app, monkeypatch, settings):
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)


def test_without_the_block_the_round_waits_then_is_tested(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = app.extensions["breakpoker"]["settings"]
    before = table_rows(app)
    with pytest.raises(StrategyTableMissing):
        judge(app, [entered["id"]], settings.instance)
    assert table_rows(app) == before  # nothing half-written
    _workers_on(app, monkeypatch, settings)
    assert settings.strategy_tables is StrategyTables.MANUAL
    assert workers.protection_jobs.judge_round(entered["id"]) is False
    assert workers.protection_jobs.judge_rounds([entered["id"]]) == 0
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["untested_rounds"] == 1
    with databases(app)() as db:
        assert undone(db, settings.instance).untested_rounds == []  # left alone until built
        assert undone(db, settings.instance, tables_built_by_workers=True).untested_rounds == [entered["id"]]
    strategy_blocks(settings.instance, SEATS.values())
    with databases(app)() as db:
        # Only these blocks are built: the table is not complete, so the
        # sweep still waits; the job itself runs.
        assert undone(db, settings.instance).untested_rounds == []
    assert workers.protection_jobs.judge_rounds([entered["id"]]) == 1
    with databases(app)() as db:
        assert db.get(HiddenRound, entered["id"]) is not None
        assert len(db.scalars(select(HiddenBet)).all()) == len(SEATS)
        assert undone(db, settings.instance, tables_built_by_workers=True).untested_rounds == []


def test_without_the_block_the_workers_build_the_table_and_retry(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = replace(app.extensions["breakpoker"]["settings"], strategy_tables=StrategyTables.BUILD)
    _workers_on(app, monkeypatch, settings)
    with unit_of_work(databases(app)) as db:
        # The table's own par sheet job went out an hour ago and is over.
        long_ago = utc_now() - timedelta(hours=1)
        db.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
    with pytest.raises(StrategyTableMissing):  # RQ retries it on its schedule
        workers.protection_jobs.judge_round(entered["id"])
    with databases(app)() as db:
        waiting = select(OutboxEntry.job).where(OutboxEntry.dispatched_at.is_(None))
        assert JobKind.PAR_SHEET in db.scalars(waiting).all()  # the build is asked for
        assert db.get(HiddenRound, entered["id"]) is None
    with pytest.raises(StrategyTableMissing):  # a batch: the same, after the others
        workers.protection_jobs.judge_rounds([entered["id"]])
    strategy_blocks(settings.instance, SEATS.values())
    assert workers.protection_jobs.judge_round(entered["id"]) is True


def test_a_correction_is_not_tested(app, client, table):
    settings = app.extensions["breakpoker"]["settings"]
    strategy_blocks(settings.instance, SEATS.values())
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    body = round_body("r1")
    body["seats"][0]["bets"]["main"] = 2000
    corrected = correct(
        client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), entered["id"], body
    )
    with databases(app)() as db:
        assert undone(db, settings.instance, tables_built_by_workers=True).untested_rounds == [entered["id"]]
    assert judge(app, [entered["id"], corrected["id"]], settings.instance) == 2
    with databases(app)() as db:
        assert set(db.scalars(select(HiddenBet.round_id))) == {entered["id"]}
