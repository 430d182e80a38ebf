"""The outbox rows a stored round writes, in the order the dispatcher reads
them: its aggregate and expected-value jobs (one statement), then its
event's seal, all at one time and with the request's id."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.audit.events import queue_jobs
from service.jobs.queues import JobKind
from service.store.models import AuditEvent, OutboxEntry
from tests.support.app import databases
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store


def test_a_round_queues_its_jobs_then_its_event_s_seal(app, client, as_role, table):
    dealer = as_role["dealer"]  # signed in (an event and its job) before the count
    with databases(app)() as db:
        before = db.scalar(select(func.max(OutboxEntry.id))) or 0
    entered = enter(client, {**dealer, "X-Request-ID": "outbox-1"}, table, "r1")
    with databases(app)() as db:
        rows = db.scalars(select(OutboxEntry).where(OutboxEntry.id > before).order_by(OutboxEntry.id)).all()
        event = db.scalars(select(AuditEvent).where(AuditEvent.subject == f"round:{entered['id']}")).one()
    assert [(row.job, row.ref) for row in rows] == [
        (JobKind.AGGREGATE, entered["id"]),
        (JobKind.EXPECTED_VALUES, entered["id"]),
        (JobKind.HIDDEN_INFORMATION, entered["id"]),
        (JobKind.SEAL, event.id),
    ]
    assert {row.request_id for row in rows} == {"outbox-1"}
    assert rows[0].created_at == rows[1].created_at


@pytest.mark.parametrize(
    "jobs", [(), (JobKind.SEAL,), (JobKind.AGGREGATE, JobKind.EXPECTED_VALUES, JobKind.SEAL)]
)
def test_jobs_of_one_ref_are_queued_in_the_order_given(app, jobs):
    with databases(app)() as db:
        before = db.scalar(select(func.max(OutboxEntry.id))) or 0
        queue_jobs(db, jobs, 41)
        queue_jobs(db, tuple(reversed(jobs)), 42)
        db.commit()
        query = (
            select(OutboxEntry.job, OutboxEntry.ref).where(OutboxEntry.id > before).order_by(OutboxEntry.id)
        )
        rows = db.execute(query).all()
    assert [tuple(row) for row in rows] == [(job, 41) for job in jobs] + [(job, 42) for job in reversed(jobs)]
