"""Opening and closing tables (the tray counted), the sessions with their
figures, and the cards-against-chips check with its timeline and notes."""

from __future__ import annotations

from flask.views import MethodView

from service.accounting.check import check_session, note_check
from service.accounting.listing import checked_sessions
from service.accounting.sessions import close_session, get_session, open_session
from service.accounting.timeline import SessionDetailJson, session_detail
from service.accounting.views import SessionJson, session_json, sessions_of
from service.accounts.roles import Role
from service.api.accounting.accounting_record_schemas import SessionDetailSchema, SessionSchema
from service.api.accounting.accounting_schemas import (
    ChecksQueryJson,
    ChecksQuerySchema,
    CloseInSchema,
    CountInJson,
    NoteInJson,
    NoteInSchema,
    OpenInSchema,
)
from service.api.accounting.cosigning import SIGNATURE_403, signed_by
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.store.models import TableSession
from service.tables.tables import get_table

blp = Blueprint("sessions", __name__, url_prefix="", description="Table sessions and cards against chips")

READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)


def shown(table_session: TableSession) -> SessionJson:
    checked = check_session(db(), table_session, settings().chips_tolerance)
    return session_json(db(), checked, get_table(db(), table_session.table_id).name)


def detail(table_session: TableSession) -> SessionDetailJson:
    return session_detail(db(), shown(table_session), table_session)


@blp.route("/tables/<id:table_id>/sessions")
class TableSessions(MethodView):
    @blp.response(200, SessionSchema(many=True))
    @roles(Role.DEALER, *READERS)
    def get(self, table_id: int) -> list[SessionJson]:
        """The table's sessions, the newest first (the latest 50)."""
        return [shown(found) for found in sessions_of(db(), get_table(db(), table_id))]

    @blp.arguments(OpenInSchema)
    @blp.response(201, SessionSchema)
    @blp.error(
        409, "session_open (open already) or opener_differs (explain the difference from the last closer)"
    )
    @blp.error(403, f"two_signatures: a dealer and a pit boss sign; {SIGNATURE_403}")
    @roles(Role.DEALER, Role.PIT_BOSS)
    def post(self, body: CountInJson, table_id: int) -> SessionJson:
        """Open the table: the tray counted by denomination (the opener),
        signed by the caller and a co-signer (a dealer and a pit boss)."""
        table = get_table(db(), table_id)
        other = signed_by(body["cosigner"], "cosigner")
        opened = committed(
            lambda: open_session(
                db(), table, current_user(), other, body["lines"], body.get("explanation"), now()
            )
        )
        return shown(opened)


@blp.route("/tables/<id:table_id>/sessions/close", methods=["POST"])
@blp.arguments(CloseInSchema)
@blp.response(200, SessionSchema)
@blp.error(409, "no_open_session, or slip_outstanding: a fill or credit not yet received")
@blp.error(403, f"two_signatures: a dealer and a pit boss sign; {SIGNATURE_403}")
@roles(Role.DEALER, Role.PIT_BOSS)
def close_view(body: CountInJson, table_id: int) -> SessionJson:
    """Close the table: the tray counted (the closer), its drop box pulled."""
    table = get_table(db(), table_id)
    other = signed_by(body["cosigner"], "cosigner")
    closed = committed(lambda: close_session(db(), table, current_user(), other, body["lines"], now))
    return shown(closed)


@blp.route("/sessions/<id:session_id>")
@blp.response(200, SessionDetailSchema)
@roles(*READERS)
def session_view(session_id: int) -> SessionDetailJson:
    """A session with its slips, drop counts, check and timeline: what the
    pit boss opens when a check differs."""
    return detail(get_session(db(), session_id))


@blp.route("/sessions/<id:session_id>/notes", methods=["POST"])
@blp.arguments(NoteInSchema)
@blp.response(201, SessionDetailSchema)
@roles(Role.PIT_BOSS)
def note_view(body: NoteInJson, session_id: int) -> SessionDetailJson:
    """An investigation note on the session's check."""
    table_session = get_session(db(), session_id)
    committed(lambda: note_check(db(), table_session, current_user(), body["note"], now()))
    return detail(table_session)


@blp.route("/checks")
@blp.arguments(ChecksQuerySchema, location="query")
@blp.response(200, SessionSchema(many=True))
@roles(*READERS)
def checks_view(query: ChecksQueryJson) -> list[SessionJson]:
    """Cards against chips, a session a line: a gaming day's sessions (or
    the latest 100), a table's or the floor's."""
    return [shown(found) for found in checked_sessions(db(), query.get("day"), query.get("table"))]
