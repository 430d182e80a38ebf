"""Liveness and readiness."""

from __future__ import annotations

from typing import Literal, TypedDict

from marshmallow import Schema, fields, validate
from sqlalchemy.exc import SQLAlchemyError

from service.api.blueprint import Blueprint
from service.api.session import db
from service.errors import ServiceError
from service.store.migrate import check_migrated

blp = Blueprint("health", __name__, description="Process and database health")


class Health(TypedDict):
    status: Literal["ok", "ready"]


class HealthSchema(Schema):
    status = fields.String(
        required=True,
        validate=validate.OneOf(["ok", "ready"]),
        metadata={"description": "ok (the process is up), or ready (and the database too)"},
    )


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> Health:
    """The process is up."""
    return {"status": "ok"}


@blp.route("/readyz")
@blp.response(200, HealthSchema)
@blp.error(
    503,
    "database_unavailable: the database does not answer; database_not_migrated: it is not at the "
    "revision this version needs (the message says which, and what to run)",
)
def readyz() -> Health:
    """The database answers and is migrated to this version's schema (one
    query: its revision, against the head read once a process)."""
    try:
        check_migrated(db())
    except SQLAlchemyError as error:
        raise ServiceError(
            "database_unavailable", f"the database does not answer: {type(error).__name__}", status=503
        ) from None
    return {"status": "ready"}
