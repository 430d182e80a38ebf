"""Entering rounds and reading them back."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView
from flask_smorest import Api

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint, parse_body
from service.api.http.idempotency import PARAMETER, idempotency_key
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start, number_links
from service.api.http.security import ANY_ROLE, current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, sessionless
from service.api.review.exception_schemas import RecallQueryJson, RecallQuerySchema, RecallSchema
from service.api.rounds.round_in_schemas import RoundInSchema, RoundsQuerySchema
from service.api.rounds.round_schemas import RoundPageSchema, RoundPreviewSchema, RoundSchema, RoundsQueryJson
from service.api.rounds.settlement_schemas import OWN_SETTING, OwnSettingSchema
from service.errors import ErrorCode, ServiceError
from service.rounds.entering import enter_round
from service.rounds.preview import PreviewJson, preview_round
from service.rounds.recall import RecallJson, recall_json
from service.rounds.round_counts import counted_rounds
from service.rounds.samples import EXAMPLE_ROUND
from service.rounds.showing import (
    RoundPageJson,
    RoundShownJson,
    get_round,
    keyset_rounds,
    list_rounds,
    round_json,
    round_page,
)
from service.rounds.status import JUST_SETTLED
from service.tables.tables import get_table

blp = Blueprint("rounds", __name__, description="Rounds: entered, settled, stored")

# The body is read by the engine's strict rules, not by a marshmallow schema.
ROUND_BODY = {
    "required": True,
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/RoundIn"}, "example": EXAMPLE_ROUND}
    },
}


def document_round_body(api: Api) -> None:
    """The round a client sends, and a setting as entered (its answers name
    it by reference, beside the string "house_way")."""
    api.spec.components.schema("RoundIn", schema=RoundInSchema)
    api.spec.components.schema(OWN_SETTING, schema=OwnSettingSchema)


def _strict_body() -> Any:
    """The body by the engine's strict JSON rules (no repeated keys, no NaN)."""
    if not request.is_json:
        raise ServiceError(
            ErrorCode.INVALID_JSON, "send the round as JSON (Content-Type: application/json)", "body"
        )
    return parse_body(request)


@blp.route("/tables/<id:table_id>/rounds")
class TableRounds(MethodView):
    @blp.doc(
        requestBody=ROUND_BODY,
        parameters=[PARAMETER],
    )
    @blp.response(201, RoundSchema)
    @blp.alt_response(
        200, schema=RoundSchema, description="the stored round: the key was used with this body", success=True
    )
    @blp.error(
        400, "missing_idempotency_key, invalid_idempotency_key or invalid_json: a key header, a JSON body"
    )
    @blp.error(
        409,
        "idempotency_key_reused (another body), round_exists, table_closed, or seat_paused (a seat whose "
        "rating is paused takes no rounds)",
    )
    @roles(Role.DEALER, Role.PIT_BOSS)
    def post(self, table_id: int) -> tuple[Response, int, dict[str, str]]:
        """Validate, settle and store a round (the shape ``breakpoker settle`` reads).
        Repeating the Idempotency-Key with the same body returns the stored round."""
        table = get_table(db(), table_id)
        body = _strict_body()
        key = idempotency_key()
        # A concurrent request with the same key or round id may win the
        # race; the retry then answers with the winner's round.
        entered = committed(
            lambda: enter_round(db(), table, current_user(), body, key, now(), sessionless=sessionless())
        )
        status = 200 if entered.replayed else 201
        # A round settled just now has no void or correction yet: no query for them.
        if entered.replayed:
            shown = round_json(entered.record)
        else:
            shown = round_json(entered.record, JUST_SETTLED, entered.seats, entered.deck)
        # RoundSchema documents the answer; dumping through it would copy
        # the typed value unchanged (tests/api/test_openapi_round_schemas.py)
        # at a tenth of the round's CPU, on the path of every round.
        return jsonify(shown), status, {"Idempotent-Replayed": str(entered.replayed).lower()}

    @blp.arguments(RoundsQuerySchema, location="query")
    @blp.response(200, RoundPageSchema, headers=LINK_HEADER)
    @roles(Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)  # who reads recall and the reports
    def get(self, query: RoundsQueryJson, table_id: int) -> tuple[RoundPageJson, int, dict[str, str]]:
        """Rounds of a table by gaming day and shift, oldest first (or newest
        first: ``order``), a page at a time. The Link header names the
        first, prev, next and last pages by cursor (keyset paging: any depth
        costs the same, and a round stored meanwhile is neither skipped nor
        shown twice); ``page`` still pages by number."""
        table = get_table(db(), table_id)
        order, at = keyset_start(query)  # a cursor never comes with a page
        filters = (query.get("from_"), query.get("to"), query.get("shift"))
        if "page" in query:
            numbered = list_rounds(db(), table, *filters, query["page"], query["per_page"], order)
            shown = round_page(db(), numbered.items, numbered.total, numbered.page, numbered.per_page, order)
            return shown, 200, number_links(numbered)
        found = keyset_rounds(db(), table, *filters, order, query["per_page"], at)
        total = counted_rounds(db(), table.id, *filters)  # kept as rounds are stored: no COUNT
        shown = round_page(db(), found.items, total, 1 if at is None else None, found.per_page, order)
        return shown, 200, keyset_links(order, found)


@blp.route("/tables/<id:table_id>/rounds/preview", methods=["POST"])
@blp.doc(requestBody=ROUND_BODY)
@blp.response(200, RoundPreviewSchema)
@blp.error(409, "table_closed: the table takes no rounds")
@roles(Role.DEALER, Role.PIT_BOSS)
def preview_view(table_id: int) -> PreviewJson:
    """What the round would settle to now, with each foul explained and the
    house way it would be reset to; nothing is stored. The same body as
    ``POST /tables/{id}/rounds``."""
    return preview_round(db(), get_table(db(), table_id), _strict_body(), sessionless=sessionless())


@blp.route("/tables/<id:table_id>/recall")
@blp.arguments(RecallQuerySchema, location="query")
@blp.response(200, RecallSchema)
@roles(Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
def recall_view(query: RecallQueryJson, table_id: int) -> RecallJson:
    """Game recall: the most recent games at the table (``last``, at least
    10), oldest first, each with cards, settings as entered and as settled,
    bets, outcomes and nets, the house-way rule, who entered it and when, and
    any void or correction."""
    return recall_json(db(), get_table(db(), table_id), query["last"])


@blp.route("/rounds/<id:round_id>")
@blp.response(200, RoundSchema)
@roles(*ANY_ROLE)
def one_round(round_id: int) -> RoundShownJson:
    """A stored round with its settlement."""
    return round_json(get_round(db(), round_id))
