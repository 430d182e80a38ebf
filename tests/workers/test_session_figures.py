"""The session figures job on a real Redis with a real RQ worker: a drop
count (and a recount) queues it through the outbox, it keeps one row a
session with both sides of the check, a repeated run changes nothing, and
a job Redis lost is found by the sweep and sent again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from service.accounting.figures import unfigured_sessions
from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.store.models import OutboxEntry, SessionFigures
from tests.support.accounting import CREDIT, DROP, FILL, close_table, count_drop, full_slip, ok, open_table
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.rounds_data import enter, void_approved
from workers.outbox import dispatch
from workers.queues import enqueue
from workers.sweep import reconcile

pytestmark = pytest.mark.store

# 5,000 dropped + 8,100 closer + 1,000 credited - 8,100 opener - 3,000 filled
WIN = 300000


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


@pytest.fixture
def counted(client, table):
    """A session with a fill, a credit and a round, closed and counted; its id."""
    opened = ok(open_table(client, table["id"]), 201)
    full_slip(client, table["id"], "fill", FILL)
    full_slip(client, table["id"], "credit", CREDIT)
    enter(client, sign_in(client, "dealer"), table, "r1")
    ok(close_table(client, table["id"]))
    ok(count_drop(client, opened["id"]), 201)
    return opened["id"]


def figures_rows(app):
    with databases(app)() as db:
        return [
            {
                "session_id": row.session_id,
                "win": row.win,
                "drop": row.drop,
                "rounds": row.rounds,
                "rounds_net": row.rounds_net,
                "drop_count_id": row.drop_count_id,
                "figured_at": row.figured_at,
            }
            for row in db.scalars(select(SessionFigures))
        ]


def check_of(client, session_id):
    return client.get(f"/api/v1/sessions/{session_id}", headers=sign_in(client, "pit_boss")).json["check"]


def test_a_count_is_figured_by_a_real_worker_once(app, client, redis_settings, counted):
    assert figures_rows(app) == []  # not on the request path
    run_burst(redis_settings)
    check = check_of(client, counted)
    (row,) = figures_rows(app)
    assert (row["session_id"], row["win"], row["drop"]) == (counted, WIN, 500000)
    assert (
        (row["rounds"], row["rounds_net"]) == (check["rounds"], check["rounds_net"]) == (1, row["rounds_net"])
    )
    assert row["rounds_net"] != 0
    # The job sent again (a repeated dispatch, the sweep): nothing changes.
    connection = connect(redis_settings.redis)
    enqueue(connection, JobKind.SESSION_FIGURES, counted)
    run_burst(redis_settings)
    assert status_of(connection, JobKind.SESSION_FIGURES, counted) == "finished"
    assert figures_rows(app) == [row]


def test_a_recount_is_figured_again(app, client, redis_settings, counted):
    run_burst(redis_settings)
    (first,) = figures_rows(app)
    ok(count_drop(client, counted, lines={**DROP, "10000": 400000}, reason="a strap miscounted"), 201)
    run_burst(redis_settings)
    (again,) = figures_rows(app)
    assert (again["win"], again["drop"]) == (WIN + 100000, 600000)
    assert again["drop_count_id"] > first["drop_count_id"]
    assert again["figured_at"] > first["figured_at"]


def test_a_figures_job_redis_lost_is_sent_again(app, client, redis_settings, counted):
    connection = connect(redis_settings.redis)
    while dispatch(databases(app), connection):
        pass
    connection.flushall()  # Redis came back empty: the outbox row went out, the job is gone
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unfigured_sessions == [counted]
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unfigured_sessions"] == 1
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert status_of(connection, JobKind.SESSION_FIGURES, counted) == "queued"
    run_burst(redis_settings)
    assert [row["win"] for row in figures_rows(app)] == [WIN]
    with databases(app)() as db:
        assert unfigured_sessions(db) == []


def test_a_void_after_the_count_refigures_the_rounds_side(app, client, redis_settings, counted):
    run_burst(redis_settings)
    (before,) = figures_rows(app)
    timeline = client.get(f"/api/v1/sessions/{counted}", headers=sign_in(client, "pit_boss")).json["timeline"]
    voided = next(int(entry["ref"].split()[1]) for entry in timeline if entry["what"] == "round")
    void_approved(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), voided)
    with databases(app)() as db:
        assert unfigured_sessions(db) == [counted]  # until the job queued with the decision runs
        queued = db.scalars(
            select(OutboxEntry.dispatched_at).where(
                OutboxEntry.job == JobKind.SESSION_FIGURES, OutboxEntry.ref == counted
            )
        ).all()
    assert len(queued) == 2  # the count's, dispatched, and the decision's, waiting
    assert queued.count(None) == 1
    run_burst(redis_settings)
    (after,) = figures_rows(app)
    assert (after["rounds"], after["rounds_net"], after["win"]) == (0, 0, before["win"])
    with databases(app)() as db:
        assert unfigured_sessions(db) == []
