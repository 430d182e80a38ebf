"""Voids and corrections of settled rounds, with four-eyes approval.

A pit boss requests a void or a correction with a reason; it takes effect
only when a second, different pit boss approves it. The settled round is
never changed: a void marks it (through its approved exception) as no longer
counting; a correction stores a new record of the round, the next revision,
settled under the original round's configuration version, that supersedes
it. The request stores every changed field with its value before and after
and each seat's difference in money, so the exception report needs nothing
else.

Who may ask and decide (a pit boss) is checked in one place, the API's
``@roles`` (:mod:`service.api.http.security`); what only these functions know
is checked here: the second pit boss is not the one who asked.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.engine.errors import RulesError
from service.engine.round import Round
from service.engine.round_json import round_from_json
from service.engine.settlement import RoundSettlement, settle_round
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.review.correction_diff import changes_of, entry_view
from service.rounds.deck_round import EXTRA_KEYS
from service.rounds.status import DecisionState, ExceptionKind, RoundStatus, statuses
from service.rounds.storing import round_id_of
from service.store.db import Db, hold_writer
from service.store.models import ExceptionDecision, GameTable, RoundException, RoundRecord, User
from service.store.paging import Keyset, KeysetPage, Order, keyset_page
from service.tables.tables import config_of

MAX_TEXT = 500


def text_field(value: str, field: str, required: bool = True) -> str:
    value = value.strip()
    if (required and not value) or len(value) > MAX_TEXT or not value.isprintable():
        need = "1 to" if required else "at most"
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"{field} must be {need} {MAX_TEXT} printable characters", field
        )
    return value


def one_at_a_time(db: Db, record: RoundRecord) -> None:
    """Serialise requests and decisions at the round's table: a no-op write
    of the table's row takes SQLite's write lock or PostgreSQL's row lock,
    so the checks that follow see every earlier request and decision, and
    two pit bosses cannot both pass them. (Rounds themselves refuse
    writes; these requests are rare.)"""
    # The writer's turn before the first write: an approved correction then
    # stores its replacement under it (taking the turn after SQLite's lock
    # could wait on a writer that waits on this one).
    hold_writer(db)
    db.execute(update(GameTable).where(GameTable.id == record.table_id).values(status=GameTable.status))


def _open_for_exceptions(db: Db, record: RoundRecord) -> None:
    one_at_a_time(db, record)
    status = statuses(db, [record.id])[record.id]
    if status.status != RoundStatus.SETTLED:
        where = f" (now round {status.superseded_by})" if status.superseded_by else ""
        raise Conflict(
            ErrorCode.ROUND_NOT_CURRENT,
            f"round {record.id} is {status.status}{where}; it cannot be changed",
            "round_id",
        )
    pending = [exception for exception in status.exceptions if exception.decision is None]
    if pending:
        raise Conflict(
            ErrorCode.EXCEPTION_PENDING,
            f"round {record.id} already has a pending {pending[0].kind} request ({pending[0].id}); "
            "it must be approved or rejected first",
            "round_id",
        )


def request_void(db: Db, record: RoundRecord, user: User, reason: str, now: datetime) -> RoundException:
    reason = text_field(reason, "reason")
    _open_for_exceptions(db, record)
    exception = RoundException(
        round_id=record.id, kind=ExceptionKind.VOID, reason=reason, requested_by=user.id, requested_at=now
    )
    db.add(exception)
    db.flush()
    record_event(
        db,
        EventKind.VOID_REQUESTED,
        f"round:{record.id}",
        {"exception_id": exception.id, "round_id": round_id_of(record), "reason": reason},
        user.id,
        record.table_id,
        at=now,
    )
    return exception


def settle_correction(record: RoundRecord, body: Any) -> tuple[Round, RoundSettlement]:
    """Settle a corrected round under the original round's rules."""
    if not isinstance(body, dict):
        raise Invalid(
            ErrorCode.INVALID_FIELD, "round must be an object of the round as it should have been", "round"
        )
    body = {**body}
    body.setdefault("round_id", round_id_of(record))
    if body["round_id"] != round_id_of(record):
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            "round.round_id must stay the corrected round's id (or be left out)",
            "round.round_id",
        )
    if "config" in body:
        raise Invalid(
            ErrorCode.UNKNOWN_FIELD,
            "a correction is settled under the round's own configuration",
            "round.config",
        )
    try:
        # A round stored when a round_id could be a number keeps it.
        round_ = round_from_json(body, legacy_number_id=isinstance(body["round_id"], int))
        return round_, settle_round(round_, config_of(record.config))
    except RulesError as error:
        raise Invalid(error.code, error.message, f"round.{error.field}" if error.field else "round") from None


def request_correction(
    db: Db, record: RoundRecord, user: User, reason: str, body: Any, now: datetime
) -> RoundException:
    reason = text_field(reason, "reason")
    _open_for_exceptions(db, record)
    corrected, settled = settle_correction(record, body)
    original = round_from_json(record.entered, EXTRA_KEYS, legacy_number_id=True)  # as it was stored
    changes = changes_of(entry_view(original), record, entry_view(corrected), settled)
    if not changes["fields"]:
        raise Invalid(
            ErrorCode.NO_CHANGE, "the correction changes no card, setting or bet of the round", "round"
        )
    exception = RoundException(
        round_id=record.id,
        kind=ExceptionKind.CORRECTION,
        reason=reason,
        requested_by=user.id,
        requested_at=now,
        corrected={**body, "round_id": round_id_of(record)},
        changes=changes,
    )
    db.add(exception)
    db.flush()
    record_event(
        db,
        EventKind.CORRECTION_REQUESTED,
        f"round:{record.id}",
        {"exception_id": exception.id, "round_id": round_id_of(record), "reason": reason, "changes": changes},
        user.id,
        record.table_id,
        at=now,
    )
    return exception


def get_exception(db: Db, exception_id: int) -> RoundException:
    found = db.get(RoundException, exception_id)
    if found is None:
        raise NotFound(
            ErrorCode.EXCEPTION_NOT_FOUND, f"no void or correction request with id {exception_id}", "id"
        )
    return found


def list_exceptions(
    db: Db,
    state: str | None,
    kind: str | None,
    table_id: int | None,
    limit: int,
    order: Order = Order.NEWEST,
    at: Keyset | None = None,
) -> tuple[KeysetPage[RoundException], dict[int, int]]:
    """A page of requests, newest first (or oldest), by keyset on the id;
    with each one's round's table (by round record)."""
    query = select(RoundException).join(RoundRecord, RoundRecord.id == RoundException.round_id)
    if kind is not None:
        query = query.where(RoundException.kind == kind)
    if table_id is not None:
        query = query.where(RoundRecord.table_id == table_id)
    if state is not None:
        decided = select(ExceptionDecision.exception_id).where(
            ExceptionDecision.exception_id == RoundException.id
        )
        if state == DecisionState.PENDING:
            query = query.where(~decided.exists())
        else:
            query = query.where(
                decided.where(ExceptionDecision.approved.is_(state == DecisionState.APPROVED)).exists()
            )
    page: KeysetPage[RoundException] = keyset_page(db, query, RoundException.id, order, limit, at)
    rounds = {exception.round_id for exception in page.items}
    tables = db.execute(select(RoundRecord.id, RoundRecord.table_id).where(RoundRecord.id.in_(rounds)))
    return page, {row.id: row.table_id for row in tables}
