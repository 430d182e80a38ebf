"""A player's identification (the cash rules, rule book section 14):
recorded by a pit boss or the cage, who get a receipt holding none of it;
read by compliance only, every read an ``identification_read`` event.
Kept encrypted with a key off the database (docs/cash-rules.md)."""

from __future__ import annotations

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.api.players.identification_schemas import (
    IdentificationInJson,
    IdentificationInSchema,
    IdentificationSchema,
    ReceiptSchema,
)
from service.api.players.player_routes import MALFORMED
from service.players.identification import (
    IdentificationJson,
    ReceiptJson,
    check_identification,
    read_identification,
    record_identification,
)
from service.players.identification_cipher import identification_key

blp = Blueprint(
    "player_identification",
    __name__,
    url_prefix="/players",
    description="A player's identification: recorded by the pit or the cage, read by compliance",
)
SAVED_AT_ONCE = (
    "conflict: another identification of the player was recorded at the same moment; send it again"
)
UNREADABLE = (
    "identification_unreadable: the stored identification does not decrypt with the key file "
    "(another key, or the row was changed or moved)"
)


@blp.route("/<club_number>/identification")
class IdentificationView(MethodView):
    @blp.arguments(IdentificationInSchema)
    @blp.response(201, ReceiptSchema)
    @blp.error(409, SAVED_AT_ONCE)
    @roles(Role.PIT_BOSS, Role.CAGE)
    def post(self, body: IdentificationInJson, club_number: str) -> ReceiptJson:
        """Record the player's identification: a new version, the newest
        counts. The answer says it was recorded, and holds none of it."""
        moment = now()
        given = check_identification(
            body["document_type"], body["number"], body["expiry"], body["date_of_birth"], moment.date()
        )
        key = identification_key(settings())
        return committed(lambda: record_identification(db(), key, club_number, given, current_user(), moment))

    @blp.response(200, IdentificationSchema)
    @blp.error(422, MALFORMED)
    @blp.error(500, UNREADABLE)
    @roles(Role.COMPLIANCE)
    def get(self, club_number: str) -> IdentificationJson:
        """The player's newest identification, for compliance only; the
        read is recorded on the audit trail."""
        key = identification_key(settings())
        return committed(lambda: read_identification(db(), key, club_number, current_user(), now()))
