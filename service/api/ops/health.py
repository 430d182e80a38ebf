"""Liveness, readiness and the running build's version.

The version is open like the health checks (a load balancer, a deployment
check and an auditor read it without a user): what it tells, a version
number, is minor beside what it spares, and the figures stay behind a
sign-in or the metrics token."""

from __future__ import annotations

from typing import Literal, TypedDict

from marshmallow import Schema
from sqlalchemy.exc import SQLAlchemyError

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.blueprint import Blueprint
from service.api.http.work import db
from service.errors import ErrorCode, ServiceError
from service.ops.build_info import VersionJson, build_info, version_json
from service.store.migrate import check_migrated

blp = Blueprint("health", __name__, description="Process and database health")


class Health(TypedDict):
    status: Literal["ok", "ready"]


# A list or null: the type alone does not make it.
VersionSchema = answer(VersionJson, "VersionSchema")


class HealthSchema(Schema):
    status = api_fields.choice(["ok", "ready"], "ok (the process is up), or ready (and the database too)")


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
            ErrorCode.DATABASE_UNAVAILABLE,
            f"the database does not answer: {type(error).__name__}",
            status=503,
        ) from None
    return {"status": "ready"}


@blp.route("/version")
@blp.response(200, VersionSchema)
def version_view() -> VersionJson:
    """The running build: the software's version, the rule book's edition,
    and the schema revision of the code and of the database. Answers while
    the database is down (its revisions are then null)."""
    return version_json(build_info(db()))
