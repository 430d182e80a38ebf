"""Entering rounds and reading them back."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView
from flask_smorest import Api
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from service.api.blueprint import Blueprint, parse_body
from service.api.schemas import RoundInSchema, RoundPageSchema, RoundSchema, RoundsQuerySchema
from service.api.security import ANY_ROLE, current_user, roles
from service.api.session import db
from service.db import utc_now
from service.errors import ServiceError
from service.models import GameTable
from service.rounds import Entered, enter_round, get_round, list_rounds, round_json
from service.tables import get_table

blp = Blueprint("rounds", __name__, description="Rounds: entered, settled, stored")


def document_round_body(api: Api) -> None:
    api.spec.components.schema("RoundIn", schema=RoundInSchema)


def _strict_body() -> Any:
    """The body by the engine's strict JSON rules (no repeated keys, no NaN)."""
    if not request.is_json:
        raise ServiceError("invalid_json", "send the round as JSON (Content-Type: application/json)", "body")
    return parse_body(request)


ATTEMPTS = 3


def _enter(session: Session, table: GameTable, body: Any, key: str | None) -> Entered:
    """Enter the round in one transaction. When a concurrent request wins a
    race (same key or round id, or SQLite's single writer), everything is
    rolled back and tried again: the retry then sees the winner's round."""
    for attempt in range(ATTEMPTS):
        try:
            entered = enter_round(session, table, current_user(), body, key, utc_now())
            session.commit()
            return entered
        except (IntegrityError, OperationalError):
            session.rollback()
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


@blp.route("/tables/<id:table_id>/rounds")
class TableRounds(MethodView):
    @blp.doc(
        requestBody={
            "required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RoundIn"}}},
        },
        parameters=[
            {"in": "header", "name": "Idempotency-Key", "required": True, "schema": {"type": "string"}}
        ],
    )
    @blp.response(201, RoundSchema)
    @roles("dealer", "pit_boss")
    def post(self, table_id: int) -> tuple[dict[str, Any], int, dict[str, str]]:
        """Validate, settle and store a round (the shape ``breakpoker settle`` reads).
        Repeating the Idempotency-Key with the same body returns the stored round."""
        session = db()
        table = get_table(session, table_id)
        key = request.headers.get("Idempotency-Key")  # checked by enter_round
        body = _strict_body()
        entered = _enter(session, table, body, key)
        status = 200 if entered.replayed else 201
        return round_json(entered.record), status, {"Idempotent-Replayed": str(entered.replayed).lower()}

    @blp.arguments(RoundsQuerySchema, location="query")
    @blp.response(200, RoundPageSchema)
    @roles("pit_boss", "compliance")
    def get(self, query: dict[str, Any], table_id: int) -> dict[str, Any]:
        """Rounds of a table by gaming day and shift, oldest first, a page at a time."""
        table = get_table(db(), table_id)
        page = list_rounds(
            db(),
            table,
            query.get("from_"),
            query.get("to"),
            query.get("shift"),
            query["page"],
            query["per_page"],
        )
        return {
            "items": [round_json(record) for record in page.items],
            "total": page.total,
            "page": page.page,
            "per_page": page.per_page,
        }


@blp.route("/rounds/<id:round_id>")
@blp.response(200, RoundSchema)
@roles(*ANY_ROLE)
def one_round(round_id: int) -> dict[str, Any]:
    """A stored round with its settlement."""
    return round_json(get_round(db(), round_id))
