"""Fills and credits (requested at the pit, issued at the cage, received at
the table, or voided) and the drop counts of the count team."""

from __future__ import annotations

from flask.views import MethodView

from service.accounting.drop_counts import count_drop
from service.accounting.listing import slip_page
from service.accounting.sessions import get_session
from service.accounting.slip_states import SlipState
from service.accounting.slips import get_slip, issue_slip, receive_slip, request_slip, void_slip
from service.accounting.views import (
    DropBoxJson,
    DropCountJson,
    SlipJson,
    drop_boxes_json,
    drop_counts_json,
    slips_json,
)
from service.accounts.roles import Role
from service.api.accounting.accounting_record_schemas import DropBoxSchema, DropCountSchema, SlipSchema
from service.api.accounting.accounting_schemas import (
    DropBoxesQueryJson,
    DropBoxesQuerySchema,
    DropInJson,
    DropInSchema,
    ReceiveInJson,
    ReceiveInSchema,
    SlipInJson,
    SlipInSchema,
    SlipsQueryJson,
    SlipsQuerySchema,
    SlipVoidInJson,
    SlipVoidInSchema,
)
from service.api.accounting.cosigning import SIGNATURE_403, signed_by
from service.api.http.blueprint import Blueprint, stacked
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.tables.tables import get_table

blp = Blueprint("slips", __name__, url_prefix="", description="Fills, credits and drop counts")

SLIP_READERS = (Role.PIT_BOSS, Role.CAGE, Role.DEALER, Role.COMPLIANCE, Role.ADMIN)
STATE_ERROR = "slip_state: the slip is not in a state that allows this step"
SAME_PERSON = "same_person: each signature on a slip is another person's"


#: what a step of a slip (issue, receive, void) answers and refuses
slip_step = stacked(blp.response(200, SlipSchema), blp.error(409, STATE_ERROR))


def one(number: int) -> SlipJson:
    return slips_json(db(), [get_slip(db(), number)])[0]


@blp.route("/tables/<id:table_id>/slips", methods=["POST"])
@blp.arguments(SlipInSchema)
@blp.response(201, SlipSchema)
@blp.error(409, "table_closed: the table has no open session")
@roles(Role.PIT_BOSS)
def request_view(body: SlipInJson, table_id: int) -> SlipJson:
    """Request a fill or a credit for an open table; it takes the next number."""
    table = get_table(db(), table_id)
    slip = committed(lambda: request_slip(db(), table, current_user(), body["kind"], body["lines"], now()))
    return one(slip.number)


@blp.route("/slips")
class Slips(MethodView):
    @blp.arguments(SlipsQuerySchema, location="query")
    @blp.response(200, SlipSchema(many=True), headers=LINK_HEADER)
    @roles(*SLIP_READERS)
    def get(self, query: SlipsQueryJson) -> tuple[list[SlipJson], int, dict[str, str]]:
        """Slips, the newest first (or oldest), ``limit`` a page, with a Link
        header by cursor: ``state=requested`` is the cage's list to issue."""
        order, at = keyset_start(query)
        state = SlipState(query["state"]) if "state" in query else None
        page = slip_page(db(), order, query["limit"], at, query.get("table"), state)
        return slips_json(db(), page.items), 200, keyset_links(order, page)


@blp.route("/slips/<id:number>")
@blp.response(200, SlipSchema)
@roles(*SLIP_READERS)
def slip_view(number: int) -> SlipJson:
    """A slip with its signatures (what its printable view shows)."""
    return one(number)


@blp.route("/slips/<id:number>/issue", methods=["POST"])
@slip_step
@blp.error(403, SAME_PERSON)
@roles(Role.CAGE)
def issue_view(number: int) -> SlipJson:
    """The cage issues the slip (the chips leave the cage, or a credit's are taken in)."""
    slip = get_slip(db(), number)
    committed(lambda: issue_slip(db(), slip, current_user(), now()))
    return one(number)


@blp.route("/slips/<id:number>/receive", methods=["POST"])
@blp.arguments(ReceiveInSchema)
@slip_step
@blp.error(403, f"{SAME_PERSON}; two_signatures: a dealer and a pit boss receive it; {SIGNATURE_403}")
@roles(Role.DEALER, Role.PIT_BOSS)
def receive_view(body: ReceiveInJson, number: int) -> SlipJson:
    """A dealer and a pit boss receive the slip at the table."""
    slip = get_slip(db(), number)
    other = signed_by(body["cosigner"], "cosigner")
    committed(lambda: receive_slip(db(), slip, current_user(), other, now()))
    return one(number)


@blp.route("/slips/<id:number>/void", methods=["POST"])
@blp.arguments(SlipVoidInSchema)
@slip_step
@blp.error(403, f"same_person: the second signature is another person's; {SIGNATURE_403}")
@roles(Role.PIT_BOSS)
def void_view(body: SlipVoidInJson, number: int) -> SlipJson:
    """Void a slip not yet received, with a reason and a second signature."""
    slip = get_slip(db(), number)
    other = signed_by(body["cosigner"], "cosigner")
    committed(lambda: void_slip(db(), slip, current_user(), other, body["reason"], now()))
    return one(number)


@blp.route("/drop-boxes")
@blp.arguments(DropBoxesQuerySchema, location="query")
@blp.response(200, DropBoxSchema(many=True))
@roles(Role.COUNT, Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
def drop_boxes_view(query: DropBoxesQueryJson) -> list[DropBoxJson]:
    """The drop boxes of closed sessions (the latest 100), the newest first:
    the count room's list. No figures of the session: the count is blind."""
    return drop_boxes_json(db(), query.get("counted"))


@blp.route("/sessions/<id:session_id>/drop-counts")
class DropCounts(MethodView):
    @blp.response(200, DropCountSchema(many=True))
    @roles(Role.COUNT, Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
    def get(self, session_id: int) -> list[DropCountJson]:
        """The session's drop counts, recounts too, the first first."""
        return drop_counts_json(db(), get_session(db(), session_id).id)

    @blp.arguments(DropInSchema)
    @blp.response(201, DropCountSchema)
    @blp.error(409, "session_open: the box is counted once the session is closed")
    @blp.error(403, f"two_counters, wrong_role or counter_worked_table: who may count; {SIGNATURE_403}")
    @roles(Role.COUNT)
    def post(self, body: DropInJson, session_id: int) -> DropCountJson:
        """Count the session's drop box (a second count is a recount, with a reason)."""
        table_session = get_session(db(), session_id)
        others = [
            signed_by(signature, f"cosigners.{index}") for index, signature in enumerate(body["cosigners"])
        ]
        count = committed(
            lambda: count_drop(
                db(), table_session, [current_user(), *others], body["lines"], body.get("reason"), now()
            )
        )
        return next(found for found in drop_counts_json(db(), table_session.id) if found["id"] == count.id)
