"""Voids and corrections: requested by one pit boss, decided by another."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Api

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint, stacked
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.review.exception_schemas import (
    CORRECTION_ROUND,
    CorrectionInJson,
    CorrectionInSchema,
    CorrectionRoundSchema,
    DecisionInJson,
    DecisionInSchema,
    ExceptionSchema,
    ExceptionsQueryJson,
    ExceptionsQuerySchema,
    VoidInJson,
    VoidInSchema,
)
from service.review.decisions import decide
from service.review.exception_json import DecidedJson, ExceptionJson, exception_json
from service.review.exceptions import (
    get_exception,
    list_exceptions,
    request_correction,
    request_void,
)
from service.rounds.showing import (
    get_round,
    round_json,
)

blp = Blueprint("exceptions", __name__, description="Voids and corrections with a second approver")

READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
OPEN_OR_CHANGED = (
    "exception_pending or round_not_current: a request is open already, or the round is not current"
)
DECIDED = "already_decided or round_not_current: decided before, or the round changed since"
DECIDERS = "forbidden (only a pit_boss decides) or same_user (the requester cannot decide it)"


#: what asking for a void or a correction answers and refuses
exception_request = stacked(
    blp.response(201, ExceptionSchema), blp.error(409, OPEN_OR_CHANGED), roles(Role.PIT_BOSS)
)


def document_correction_round(api: Api) -> None:
    api.spec.components.schema(CORRECTION_ROUND, schema=CorrectionRoundSchema)


@blp.route("/rounds/<id:round_id>/void", methods=["POST"])
@blp.arguments(VoidInSchema)
@exception_request
def void_round(body: VoidInJson, round_id: int) -> ExceptionJson:
    """Ask for a round to be voided; a second pit boss must approve it."""
    exception = committed(
        lambda: request_void(db(), get_round(db(), round_id), current_user(), body["reason"], now())
    )
    return exception_json(db(), exception)


@blp.route("/rounds/<id:round_id>/corrections", methods=["POST"])
@blp.arguments(CorrectionInSchema)
@exception_request
def correct_round(body: CorrectionInJson, round_id: int) -> ExceptionJson:
    """Ask for a round to be re-entered (cards, settings or bets). The answer
    shows every changed field before and after and each seat's money; a
    second pit boss must approve it."""
    exception = committed(
        lambda: request_correction(
            db(), get_round(db(), round_id), current_user(), body["reason"], body["round"], now()
        )
    )
    return exception_json(db(), exception)


@blp.route("/exceptions")
class Exceptions(MethodView):
    @blp.arguments(ExceptionsQuerySchema, location="query")
    @blp.response(200, ExceptionSchema(many=True), headers=LINK_HEADER)
    @roles(*READERS)
    def get(self, query: ExceptionsQueryJson) -> tuple[list[ExceptionJson], int, dict[str, str]]:
        """Void and correction requests, newest first (the exception report)
        or oldest first, ``limit`` a page; the Link header names the first,
        prev, next and last pages by cursor."""
        order, at = keyset_start(query)
        page, tables = list_exceptions(
            db(), query.get("state"), query.get("kind"), query.get("table"), query["limit"], order, at
        )
        shown = [exception_json(db(), exception, tables[exception.round_id]) for exception in page.items]
        return shown, 200, keyset_links(order, page)


@blp.route("/exceptions/<id:exception_id>")
@blp.response(200, ExceptionSchema)
@roles(*READERS)
def one_exception(exception_id: int) -> ExceptionJson:
    return exception_json(db(), get_exception(db(), exception_id))


#: what approving and rejecting take, answer and refuse
decision = stacked(
    blp.arguments(DecisionInSchema),
    blp.response(200, ExceptionSchema),
    blp.error(409, DECIDED),
    blp.error(403, DECIDERS),
    roles(Role.PIT_BOSS),
)


def _decide(exception_id: int, body: DecisionInJson, approve: bool) -> DecidedJson:
    committed(
        lambda: decide(
            db(), get_exception(db(), exception_id), current_user(), approve, body.get("note", ""), now()
        )
    )
    exception = get_exception(db(), exception_id)
    answer = exception_json(db(), exception)
    return {**answer, "round_after": round_json(get_round(db(), answer["replacement"] or exception.round_id))}


@blp.route("/exceptions/<id:exception_id>/approve", methods=["POST"])
@decision
def approve(body: DecisionInJson, exception_id: int) -> DecidedJson:
    """Approve another pit boss's request: a void takes the round out of the
    reports; a correction stores the corrected round in its place."""
    return _decide(exception_id, body, approve=True)


@blp.route("/exceptions/<id:exception_id>/reject", methods=["POST"])
@decision
def reject(body: DecisionInJson, exception_id: int) -> DecidedJson:
    """Reject another pit boss's request (a note saying why is required)."""
    return _decide(exception_id, body, approve=False)
