"""The error answers in the OpenAPI document: every status an operation can
give, each in the project's error shape, so a client (and the schemathesis
fuzz test) can rely on the document rather than on reading the code.

What follows from an operation's shape is added here: who may call it (its
``x-roles``, set by :func:`service.api.http.security.roles`), ids in its path,
a body, a query. What only a route knows (a 409, a 429) it documents itself
with :meth:`service.api.http.blueprint.Blueprint.error`.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from marshmallow import Schema, fields

from service.accounts.roles import ROLES
from service.api.http import fields as api_fields
from service.api.http.problems import MEDIA_TYPE, PREFIX

ROLES_KEY = "x-roles"
#: whether an operation answers while its user must change their password
BEFORE_PASSWORD_CHANGE_KEY = "x-before-password-change"
TOKEN_401 = (
    "no valid bearer token: missing_token, invalid_token, token_expired, token_idle (unused for "
    "BREAKPOKER_TOKEN_IDLE_MINUTES) or account_deactivated"
)
PASSWORD_CHANGE_403 = "password_change_required: the user must set a new password first (POST /auth/password)"
DATABASE_503 = (
    "database_unavailable: the database is busy or down, try again; database_not_migrated or "
    "database_schema_changed: its schema is not this version's (the message says what to run)"
)
# Sent with every 401 (service.api.http.errors.challenge).
CHALLENGE_HEADER = {
    "description": 'Bearer realm="breakpoker"; with error="invalid_token" and an error_description '
    "when a bearer token was sent and refused (RFC 6750)",
    "schema": {"type": "string"},
}


# The answers no operation lists: the server's own, before any operation.
API_DESCRIPTION = (
    f"Every error is an RFC 9457 problem, {MEDIA_TYPE}: {{type, title, status, detail}} and the "
    "extension members code (stable, snake_case), field (where, or null) and message (the same text as "
    f"detail). type is {PREFIX}/<code>, a URI reference resolved against the request's address; it "
    "serves a page naming the operations that document the code. Every 401 carries WWW-Authenticate: "
    "Bearer. "
    "Besides what each operation lists, any request may be answered before an operation is reached: "
    "400 bad_request (a malformed request line or header), 414 uri_too_long (a request line over "
    "4094 bytes) or 431 request_header_fields_too_large (over 100 headers, or one over 8190 bytes), "
    "written by the HTTP server; 404 not_found for a path no operation has (invalid_id when it is an "
    "operation's but for an id that is not a record number); 405 method_not_allowed, with Allow, for "
    "a method the path does not take."
)


class ErrorSchema(Schema):
    """Every error answer, an RFC 9457 problem (see :mod:`service.api.http.errors`)."""

    type = fields.String(
        required=True,
        metadata={
            "description": f"the problem type, one per code: {PREFIX}/<code> (a URI reference; "
            "it serves a page about the code)",
            "format": "uri-reference",
        },
    )
    title = api_fields.text("a short summary of the problem type, the same for a code")
    status = api_fields.integer("the HTTP status, repeated")
    detail = api_fields.text("this occurrence: names the field, card or seat")
    code = api_fields.text("stable snake_case code, e.g. invalid_field")
    message = api_fields.text("the same text as detail (kept for the clients reading it)")
    field = api_fields.text("the field at fault, or null", allow_none=True)


def error_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {MEDIA_TYPE: {"schema": "Error"}}}


def _errors_of(path: str, operation: dict[str, Any]) -> dict[int, str]:
    errors: dict[int, str] = {}
    allowed = operation.get(ROLES_KEY)
    if allowed:
        errors[401] = TOKEN_401
        refusals = [] if set(allowed) == set(ROLES) else [f"forbidden: only {', '.join(allowed)} may do this"]
        if not operation.get(BEFORE_PASSWORD_CHANGE_KEY):
            refusals.append(PASSWORD_CHANGE_403)
        if refusals:
            errors[403] = "; ".join(refusals)
        errors[503] = DATABASE_503
    if "{" in path:
        errors[404] = (
            "table_not_found, round_not_found, ...: no such record; invalid_id: an id in the path that is "
            "not a record number (field names it)"
        )
    if "requestBody" in operation:
        errors[400] = "invalid_json: the body is not strict JSON (a repeated key, NaN, too deep)"
        errors[413] = "request_entity_too_large: the body is over 1 MiB"
        errors[422] = "invalid_field or a rules code (invalid_card, duplicate_card, ...): field names where"
    if any(parameter.get("in") == "query" for parameter in operation.get("parameters", [])):
        errors[422] = "invalid_field: a query parameter is unknown, repeated or out of range; field names it"
    return errors


class ErrorResponsesPlugin(BasePlugin):
    """Adds the errors an operation's shape implies; what a route documents
    itself is kept. Every error answer is documented as problem+json."""

    def response_helper(self, response: dict[str, Any], **_kwargs: Any) -> dict[str, Any] | None:
        # flask-smorest's own components (one per status, DEFAULT_ERROR)
        # are written as application/json: an error is problem+json.
        content = response.get("content", {})
        inner = content.get("application/json")
        if inner is None or not _is_error_schema(inner.get("schema")):
            return None
        return {"content": {MEDIA_TYPE: inner}}

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **_kwargs: Any
    ) -> None:
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            for status, description in _errors_of(path or "", operation).items():
                # flask-smorest keys responses by int, apispec by str later.
                given = responses.get(status, responses.get(str(status)))
                if given is None or _is_generic(given):
                    responses.pop(str(status), None)
                    responses[status] = error_response(description)
            unauthorized = responses.get(401, responses.get("401"))
            if isinstance(unauthorized, dict):
                unauthorized.setdefault("headers", {})["WWW-Authenticate"] = CHALLENGE_HEADER
            if operation.get(ROLES_KEY):
                operation.setdefault("security", [{"bearer": []}])


def _is_error_schema(schema: object) -> bool:
    # Before or after the marshmallow plugin has made it a reference.
    if isinstance(schema, dict):
        return str(schema.get("$ref", "")).endswith("/Error")
    return schema == "Error" or schema is ErrorSchema or isinstance(schema, ErrorSchema)


def _is_generic(response: object) -> bool:
    # flask-smorest refers 422 to its component named after the status,
    # whose description says nothing of this API.
    return isinstance(response, str)
