"""Verifications of the audit trail asked for through the API: stored
queued, run by a worker (the ``verify`` queue), their progress saved as
they go, then done with the report or failed with the error. Walking a
chain of millions of links and every round takes minutes, and a request
must never hold an API thread for that: the request only queues it.

The job is idempotent: a verification already done is left alone; one
that was running or failed starts over. The sweep sends again a queued or
running verification whose job was lost (:mod:`workers.sweep`).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from service.audit.events import queue_job
from service.compliance.audit_verify import (
    AuditReport,
    record_verification,
    verification_size,
    verify_records,
)
from service.compliance.signature_check import ExpectedHead
from service.errors import ErrorCode, Invalid, NotFound
from service.jobs.progress import DONE, FAILED, QUEUED, RUNNING, Tracker
from service.jobs.queues import JobKind
from service.store.db import Databases, Db, utc_now
from service.store.models import AuditVerification, User
from service.store.paging import Order, Page, paginate
from service.store.work import unit_of_work

PROGRESS_EVERY = 2_000  # links, rounds or totals between progress saves
log = logging.getLogger(__name__)


def request_verification(
    db: Db,
    user: User,
    first: int | None,
    last: int | None,
    now: datetime | None = None,
    expect_head: str | None = None,
) -> AuditVerification:
    """Store a verification of the chain's links ``first``..``last`` (all by
    default) and its signed heads (reaching ``expect_head``, SEQ:HASH), the
    rounds and the totals, and queue its job."""
    if expect_head is not None:
        try:
            ExpectedHead.parse(expect_head)
        except ValueError as error:
            raise Invalid(ErrorCode.INVALID_FIELD, str(error), "expect_head") from None
    if first is not None and last is not None and last < first:
        raise Invalid(ErrorCode.INVALID_FIELD, f"to ({last}) is before from ({first})", "to")
    verification = AuditVerification(
        requested_by=user.id,
        requested_at=now or utc_now(),
        first_seq=first,
        last_seq=last,
        expect_head=expect_head,
        status=QUEUED,
        done=0,
        total=0,
    )
    db.add(verification)
    db.flush()
    queue_job(db, JobKind.VERIFY, verification.id)
    return verification


def get_verification(db: Db, verification_id: int) -> AuditVerification:
    found = db.get(AuditVerification, verification_id)
    if found is None:
        raise NotFound(
            ErrorCode.VERIFICATION_NOT_FOUND, f"no verification with id {verification_id}", "verification_id"
        )
    return found


def list_verifications(
    db: Db, page: int, per_page: int, order: Order = Order.NEWEST
) -> Page[AuditVerification]:
    """Verifications, newest first unless asked otherwise."""
    found: Page[AuditVerification] = paginate(
        db, select(AuditVerification), AuditVerification.id, page, per_page, order
    )
    return found


def run_verification(
    databases: Databases, verification_id: int, progress_every: int = PROGRESS_EVERY
) -> bool:
    """Verify, saving progress on the way; ``False`` when done already. On
    any failure the verification is marked failed with the message, and
    the error raised again so that the job is retried."""
    with unit_of_work(databases) as db:
        verification = db.scalar(
            select(AuditVerification).where(AuditVerification.id == verification_id).with_for_update()
        )
        if verification is None:
            raise LookupError(f"no verification with id {verification_id}")
        if verification.status == DONE:
            return False
        verification.status, verification.done, verification.total = RUNNING, 0, 0
        verification.intact = verification.report = verification.error = verification.finished_at = None
        first, last = verification.first_seq, verification.last_seq
        expect = None if verification.expect_head is None else ExpectedHead.parse(verification.expect_head)
    try:
        with databases() as db:
            size = verification_size(db, first, last)
            tracker = Tracker(databases, AuditVerification, verification_id, size, progress_every)
            report = verify_records(db, first, last, tracker.add, expect)
        _finish(databases, verification_id, report, tracker.done)
    except Exception as error:
        _fail(databases, verification_id, error)
        raise
    return True


def _finish(databases: Databases, verification_id: int, report: AuditReport, done: int) -> None:
    """The report, and the run on the record, in one transaction."""
    with unit_of_work(databases) as db:
        verification = db.get_one(AuditVerification, verification_id)
        verification.status, verification.done, verification.total = DONE, done, done
        # The column is a JSON boundary typed as a plain dict (reports of older versions).
        verification.intact, verification.report = report.intact, cast(dict[str, Any], report.to_json())
        verification.finished_at = utc_now()
        record_verification(db, report, verification.requested_by, "api", verification_id)


def _fail(databases: Databases, verification_id: int, error: Exception) -> None:
    message = f"{type(error).__name__}: {error}"[:1000]
    try:
        with unit_of_work(databases) as db:
            verification = db.get(AuditVerification, verification_id)
            if verification is not None:
                verification.status, verification.error = FAILED, message
                verification.finished_at = utc_now()
    except SQLAlchemyError:
        # The database is what failed: the retry or the sweep runs it again.
        log.exception("could not mark verification %s failed", verification_id)
