"""Deciding a void or correction request: the second pit boss approves or
rejects it. An approved void takes the round out of the totals; an
approved correction stores the replacement round (the next revision,
under the original's configuration version, where the original counted)
and its own ``round_settled`` event. Each decision is one event on the
trail.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from service.accounting.rounds_net import session_at
from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Forbidden
from service.jobs.queues import JobKind
from service.review.exceptions import one_at_a_time, settle_correction, text_field
from service.rounds.entering import request_digest
from service.rounds.rated_seats import queue_rating_figures
from service.rounds.status import ExceptionKind, RoundStatus, decision_state, statuses
from service.rounds.storing import record_settled, round_id_of, round_ref_of, store_round
from service.rounds.value_sums import take_out
from service.store.db import Db
from service.store.models import ExceptionDecision, RoundException, RoundRecord, User

#: a decision's event, by the exception's kind and the verdict
DECIDED = {
    (ExceptionKind.VOID, True): EventKind.VOID_APPROVED,
    (ExceptionKind.VOID, False): EventKind.VOID_REJECTED,
    (ExceptionKind.CORRECTION, True): EventKind.CORRECTION_APPROVED,
    (ExceptionKind.CORRECTION, False): EventKind.CORRECTION_REJECTED,
}


def decide(
    db: Db, exception: RoundException, user: User, approve: bool, note: str, now: datetime
) -> ExceptionDecision:
    """Approve or reject a pending request: a second pit boss, never the
    one who asked."""
    note = text_field(note, "note", required=not approve)
    record = _decidable(db, exception, user, approve)
    replacement, rated = (
        _replacement(db, record, exception)
        if approve and exception.kind == ExceptionKind.CORRECTION
        else (None, {})
    )
    decision = ExceptionDecision(
        exception_id=exception.id,
        round_id=record.id,
        approved=approve,
        decided_by=user.id,
        decided_at=now,
        note=note,
        replacement_id=None if replacement is None else replacement.id,
    )
    db.add(decision)
    db.flush()
    if approve:
        take_out(db, record)  # of the expected win's totals, now
        queue_rating_figures(db, [record.id])  # out of its ratings' figures (a correction's seats too)
        queue_job(db, JobKind.AGGREGATE, record.id)  # takes the round out of the totals
        queue_job(db, JobKind.LUCK, record.id)  # out of its shifts' and players' luck
        if replacement is not None:
            queue_job(db, JobKind.AGGREGATE, replacement.id)
            # The corrected record's own values; the old record's stay, but
            # no longer count (the reports read them through ``counting``).
            queue_job(db, JobKind.EXPECTED_VALUES, replacement.id)
        table_session = session_at(db, record.table_id, record.entered_at)
        if table_session is not None:  # its check's rounds' net changed
            queue_job(db, JobKind.SESSION_FIGURES, table_session)
    _record_decision(db, exception, record, decision, (replacement, rated), now)
    db.refresh(exception)
    return decision


def _decidable(db: Db, exception: RoundException, user: User, approve: bool) -> RoundRecord:
    """The request's round, locked, once the request may be decided by
    ``user``: not the one who asked, not decided yet, and (to approve) the
    round still the current one."""
    if exception.requested_by == user.id:
        raise Forbidden(
            ErrorCode.SAME_USER,
            f"{user.name} requested this {exception.kind}; a second pit boss must approve or reject it",
            "user",
        )
    record = db.get(RoundRecord, exception.round_id)
    assert record is not None  # the foreign key
    one_at_a_time(db, record)
    db.refresh(exception)  # a decision made while we waited for the lock
    if exception.decision is not None:
        decided = decision_state(exception.decision)
        raise Conflict(
            ErrorCode.ALREADY_DECIDED, f"this {exception.kind} request was already {decided}", "id"
        )
    status = statuses(db, [record.id])[record.id].status
    if approve and status != RoundStatus.SETTLED:
        raise Conflict(ErrorCode.ROUND_NOT_CURRENT, f"round {record.id} is {status} already", "round_id")
    return record


def _record_decision(
    db: Db,
    exception: RoundException,
    record: RoundRecord,
    decision: ExceptionDecision,
    replaced: tuple[RoundRecord | None, dict[int, int]],
    now: datetime,
) -> None:
    """The decision's event, and the replacement round's own (with its
    rated seats)."""
    replacement, rated = replaced
    record_event(
        db,
        DECIDED[ExceptionKind(exception.kind), decision.approved],
        f"round:{record.id}",
        {
            "exception_id": exception.id,
            "round_id": round_id_of(record),
            "requested_by": exception.requested_by,
            "reason": exception.reason,
            "note": decision.note,
            "changes": exception.changes,
            "replacement": None if replacement is None else replacement.id,
        },
        decision.decided_by,
        record.table_id,
        at=now,
    )
    if replacement is not None:
        record_settled(
            db,
            replacement,
            record.config.version,
            replacement.request_digest,
            decision.decided_by,
            now,
            rated=rated,
            correction_of=exception.id,
        )


def _replacement(
    db: Db, record: RoundRecord, exception: RoundException
) -> tuple[RoundRecord, dict[int, int]]:
    """The corrected round's new record (an approved correction) and its
    rated seats."""
    corrected, settled = settle_correction(record, exception.corrected)
    revision = record.revision + 1
    replacement_id, _stored, _seats, rated = store_round(
        db,
        {
            "table_id": record.table_id,
            "config_id": record.config_id,
            "round_ref": round_ref_of(round_id_of(record), revision),
            "entered": exception.corrected,
            # The round as played: the same dealer, time, gaming day and shift,
            # so it counts where the original did. Who corrected it is on the
            # exception and in the audit trail.
            "entered_by": record.entered_by,
            "entered_at": record.entered_at,
            "utc_offset_minutes": record.utc_offset_minutes,
            "gaming_day": record.gaming_day,
            "shift": record.shift,
            "idempotency_key": f"correction-{exception.id}-{uuid.uuid4().hex}",
            "request_digest": request_digest(record.table_id, exception.corrected),
            "revision": revision,
            "supersedes_id": record.id,
        },
        corrected,
        settled,
    )
    replacement = db.get(RoundRecord, replacement_id)
    assert replacement is not None  # inserted just now, in this transaction
    return replacement, rated
