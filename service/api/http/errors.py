"""Every error is an RFC 9457 problem (``application/problem+json``): its
``type`` and ``title`` by the stable ``code``, the HTTP ``status``, the
``detail`` naming the field, card or seat, and as extension members the
``code``, the ``field`` itself and ``message`` (the same text as
``detail``, which the pages and integrators read). Never a bare 500 page:
even a bug answers in this shape (and is logged)."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, current_app, jsonify, request
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, ProgrammingError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

from service.accounts.login_throttle import RateLimited
from service.api.http.problems import MEDIA_TYPE, problem
from service.api.http.routing_errors import routing_error
from service.api.http.work import db
from service.errors import ErrorCode, ServiceError, Unavailable
from service.store.migrate import NotMigrated, missing_schema, revisions


def error_body(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    """The error shape (gunicorn's own answers use it too)."""
    return problem(status, code, message, field)


def error_response(status: int, code: str, message: str, field: str | None = None) -> tuple[Response, int]:
    response = jsonify(error_body(status, code, message, field))
    response.mimetype = MEDIA_TYPE
    return response, status


CHALLENGE = 'Bearer realm="breakpoker"'
REFUSED_TOKEN = frozenset({ErrorCode.INVALID_TOKEN, ErrorCode.TOKEN_EXPIRED})


def challenge(error: ServiceError) -> str:
    """The WWW-Authenticate challenge of a 401 (RFC 9110 requires one).
    RFC 6750: a bearer token sent and refused is error="invalid_token";
    without one, the bare challenge (no error code)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if error.code not in REFUSED_TOKEN or scheme.lower() != "bearer" or not token.strip():
        return CHALLENGE
    # error_description is printable ASCII without quotes or backslashes.
    description = "".join(c for c in error.message if " " <= c <= "~" and c not in '"\\')
    return f'{CHALLENGE}, error="invalid_token", error_description="{description}"'


def _first_message(messages: Any, path: tuple[str, ...] = ()) -> tuple[str, str]:
    """The first leaf of marshmallow's nested messages, with its path."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            return _first_message(value, (*path, str(key)))
    if isinstance(messages, list) and messages:
        if all(isinstance(item, str) for item in messages):
            return ".".join(path), str(messages[0])
        return _first_message(messages[0], path)
    return ".".join(path), str(messages)


def register_error_handlers(app: Flask) -> None:
    app.after_request(_options_as_json)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(IntegrityError, _conflict)
    app.register_error_handler(ProgrammingError, _schema_error)
    app.register_error_handler(OperationalError, _unavailable)
    app.register_error_handler(RecursionError, _too_deep)
    app.register_error_handler(Exception, _unexpected)


def _options_as_json(response: Response) -> Response:
    # Flask answers OPTIONS itself with an empty HTML body; say it in JSON.
    if request.method == "OPTIONS" and response.status_code == 200 and not response.get_data():
        response.set_data(json.dumps({"allow": sorted(response.allow)}))
        response.mimetype = "application/json"
    return response


def _service_error(error: ServiceError) -> tuple[Response, int]:
    response, status = error_response(error.status, error.code, error.message, error.field)
    if isinstance(error, RateLimited | Unavailable):
        response.headers["Retry-After"] = str(error.retry_after)
    if status == 401:
        response.headers["WWW-Authenticate"] = challenge(error)
    return response, status


def _http_error(error: HTTPException) -> tuple[Response, int]:
    status = error.code or 500
    if request.url_rule is None and isinstance(error, NotFound | MethodNotAllowed):
        found, headers = routing_error(current_app, request, error)
        response, status = error_response(found.status, found.code, found.message, found.field)
        response.headers.update(headers)
        return response, status
    messages = (getattr(error, "data", None) or {}).get("messages")
    if messages:
        # webargs nests by location: {"json": {...}} or {"query": {...}}.
        location, inner = next(iter(messages.items()))
        field, text = _first_message(inner)
        if location == "json" and not isinstance(inner, dict):
            return error_response(
                400, ErrorCode.INVALID_JSON, f"the request body is not valid JSON: {text}", "body"
            )
        if location == "json" and field == "_schema":
            return error_response(400, ErrorCode.INVALID_JSON, f"the request body: {text}", "body")
        field = field.removesuffix("._schema") or location
        return error_response(status, ErrorCode.INVALID_FIELD, f"{field}: {text}", field)
    code = (error.name or "error").lower().replace(" ", "_")
    return error_response(status, code, error.description or error.name)


def _conflict(_error: IntegrityError) -> tuple[Response, int]:
    # A unique key taken by a request that committed a moment earlier
    # (two admins saving at once, a name created twice).
    return error_response(
        409, ErrorCode.CONFLICT, "another change was saved at the same moment; read again and retry", None
    )


def _schema_error(error: ProgrammingError) -> tuple[Response, int]:
    # PostgreSQL's undefined table or column: a database not migrated.
    not_migrated = _not_migrated(error)
    return _unexpected(error) if not_migrated is None else not_migrated


def _unavailable(error: OperationalError) -> tuple[Response, int]:
    not_migrated = _not_migrated(error)  # SQLite's "no such table"
    if not_migrated is not None:
        return not_migrated
    current_app.logger.exception("database unavailable")
    return error_response(
        503,
        ErrorCode.DATABASE_UNAVAILABLE,
        "the database is unreachable or busy: the request may not have been stored; send it "
        "again with the same Idempotency-Key (a round settles once however often it is sent)",
        None,
    )


def _not_migrated(error: DBAPIError) -> tuple[Response, int] | None:
    """The answer to a statement that failed for a table or column the
    database lacks, saying which revision it is at."""
    if not missing_schema(error):
        return None
    db().rollback()
    try:
        found = NotMigrated(revisions(db()))
    except SQLAlchemyError:
        return None
    current_app.logger.exception("database not migrated, or its schema changed by hand")
    return error_response(found.status, found.code, found.message, found.field)


def _too_deep(_error: RecursionError) -> tuple[Response, int]:
    # Only a hostile body nests deep enough to exhaust the JSON decoder.
    return error_response(400, ErrorCode.INVALID_JSON, "the request body is nested too deeply", "body")


def _unexpected(error: Exception) -> tuple[Response, int]:
    current_app.logger.exception("unexpected error")
    return error_response(500, ErrorCode.INTERNAL_ERROR, "the server failed; the request changed nothing")
