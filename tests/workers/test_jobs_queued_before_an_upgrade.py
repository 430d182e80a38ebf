"""A job names its function by its import path, and Redis keeps it across an
upgrade: a job queued by an earlier layout must still run under the new
one. The names below are those the layout before the packages (issue 17)
queued; they stay importable whatever the workers' modules become."""

from __future__ import annotations

import pytest
from rq import Queue
from rq.serializers import JSONSerializer
from rq.utils import import_attribute
from sqlalchemy import func, select, update

from service.config.redis_server import connect
from service.jobs.queues import JobKind, QueueName
from service.store.db import utc_now
from service.store.models import AuditEvent, OutboxEntry, RoundRecord
from service.store.work import unit_of_work
from tests.support.background import check_aggregates, check_chain, databases_of, enter_rounds, run_burst
from workers.queues import FUNCTIONS

#: the function paths jobs were queued under before the package layout
QUEUED_BEFORE = {
    JobKind.SEAL: "workers.jobs.seal_audit",
    JobKind.AGGREGATE: "workers.jobs.aggregate_round",
    JobKind.PAR_SHEET: "workers.jobs.par_sheet",
    JobKind.EXPORT: "workers.jobs.build_export",
    JobKind.VERIFY: "workers.jobs.verify_audit_trail",
}
#: kinds added since, under the names they were first queued by
ADDED_SINCE = {
    JobKind.SESSION_FIGURES: "workers.jobs.figure_session",  # issue 18
    JobKind.EXPECTED_VALUES: "workers.jobs.expect_round",  # issue 19
    JobKind.RATING_FIGURES: "workers.jobs.figure_rating",  # issue 42
    JobKind.RATED_SLOTS: "workers.jobs.figure_rated_slot",  # issue 42, the floor's rated play
    JobKind.DECK_CHECK: "workers.jobs.check_deck_order",  # issue 43, a repeated deck order
    JobKind.LUCK: "workers.protection_jobs.luck_round",  # issue 43, results beyond luck
    JobKind.DECK_POSITIONS: "workers.protection_jobs.count_deck_positions",  # issue 43, card positions
    JobKind.POSITIONS_TEST: "workers.protection_jobs.check_card_positions",  # issue 43, their chi-square
    JobKind.CARDS_CHANGED: "workers.protection_jobs.check_cards_changed",  # issue 43, cards changed by hand
    JobKind.HIDDEN_INFORMATION: "workers.protection_jobs.judge_round",  # issue 43, hidden information
    JobKind.DECK_RECEIVED: "workers.protection_jobs.check_received_deck",  # issue 43, a deck's two checks
}


def test_every_earlier_job_name_still_imports_a_job():
    assert set(QUEUED_BEFORE) | set(ADDED_SINCE) == set(JobKind) == set(FUNCTIONS)
    for name in (*QUEUED_BEFORE.values(), *ADDED_SINCE.values()):
        assert callable(import_attribute(name)), name


@pytest.mark.store
def test_jobs_queued_by_their_old_names_run_after_an_upgrade(bg_app, redis_settings):
    enter_rounds(bg_app.test_client(), 3)
    databases = databases_of(bg_app)
    with unit_of_work(databases) as db:
        # The outbox went out before the upgrade: only the old jobs are left.
        db.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
        newest_event = db.scalar(select(func.max(AuditEvent.id)))
        round_ids = list(db.scalars(select(RoundRecord.id)))
    connection = connect(redis_settings.redis)
    audit = Queue(QueueName.AUDIT, connection=connection, serializer=JSONSerializer)
    audit.enqueue(QUEUED_BEFORE[JobKind.SEAL], newest_event, job_id=f"seal-{newest_event}")
    metrics = Queue(QueueName.METRICS, connection=connection, serializer=JSONSerializer)
    for round_id in round_ids:
        metrics.enqueue(QUEUED_BEFORE[JobKind.AGGREGATE], round_id, job_id=f"aggregate-{round_id}")

    run_burst(redis_settings)

    assert audit.count == metrics.count == 0
    with databases() as db:
        assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
        counted = check_aggregates(db)
        assert sum(value for key, value in counted.items() if key[-1] == "rounds") == 3
