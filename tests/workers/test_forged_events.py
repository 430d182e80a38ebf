"""What the issue tried, against a real worker: a void_approved event
inserted by SQL was sealed by the sweep within 90 s as genuine. Now the
sweep still sends its seal, but the worker refuses it (no valid MAC),
records an alert, signs the heads it does seal, and the sweep leaves the
refused event alone afterwards."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import insert, select

from service.audit.kinds import EventKind
from service.compliance.audit_verify import verify_chain
from service.config.redis_server import connect
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditHeadSignature, AuditSeal
from tests.support.background import databases_of, enter_rounds, run_burst
from workers.sweep import reconcile


@pytest.mark.store
def test_the_worker_refuses_a_forged_event_that_the_sweep_sends(bg_app, redis_settings):
    enter_rounds(bg_app.test_client(), 2)
    with databases_of(bg_app).begin() as db:
        forged = db.scalar(
            insert(AuditEvent)
            .values(kind="void_approved", subject="round:1", occurred_at=utc_now(), payload={})
            .returning(AuditEvent.id)
        )
    connection = connect(redis_settings.redis)
    assert reconcile(databases_of(bg_app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert db.scalar(select(AuditSeal).where(AuditSeal.event_id == forged)) is None
        alert = db.scalars(select(AuditEvent).where(AuditEvent.kind == EventKind.EVENT_REFUSED)).one()
        assert alert.subject == f"event:{forged}"
        signed = db.scalars(select(AuditHeadSignature.seq).order_by(AuditHeadSignature.seq)).all()
        report = verify_chain(db)
    assert report.signatures == len(signed) >= 1
    assert (report.broken.event_id, report.broken.problem) == (forged, "unsealed_event")
    # The worker wrote each head it signed outside the database.
    logged = (redis_settings.instance / "signed-heads.log").read_text().splitlines()
    assert [json.loads(line)["seq"] for line in logged] == signed
    # Refused once: the sweep does not send the forged event's seal again.
    connection.flushall()
    assert reconcile(databases_of(bg_app), connection, redis_settings.instance, grace=timedelta(0)) == 0
