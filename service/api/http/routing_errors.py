"""What the API says when routing finds no view: which id in the path is
not a record number (a round's round_id sent where its record number goes
is the usual one), that no endpoint has the path, or which methods it
takes. Werkzeug's own texts say none of that."""

from __future__ import annotations

import re

from flask import Flask, Request
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import BaseConverter, Map, Rule

from service.api.http.blueprint import IdConverter
from service.api.http.fields import MAX_ID
from service.errors import ErrorCode, ServiceError

_ID_ARGUMENT = re.compile(r"<id:(\w+)>")
_LOOSE = "breakpoker.loose_routes"
ROUND_HINT = (
    "; a round's round_id as entered is not its record number: GET /api/v1/tables/{table_id}/rounds "
    "and /api/v1/tables/{table_id}/recall show both"
)


class _AnySegment(BaseConverter):
    """An id's place in a path, whatever is in it."""


def routing_error(app: Flask, request: Request, error: HTTPException) -> tuple[ServiceError, dict[str, str]]:
    """The error to answer for a request routing found no view for
    (``request.url_rule`` is None), with the headers that go with it."""
    path, method = request.path, request.method
    if isinstance(error, MethodNotAllowed):
        allowed = ", ".join(sorted(error.valid_methods or ()))
        message = f"{method} is not allowed on {path}; it takes {allowed}"
        return ServiceError(ErrorCode.METHOD_NOT_ALLOWED, message, "method", status=405), {"Allow": allowed}
    bad_id = _bad_id(app, path, method)
    if bad_id is not None:
        name, value = bad_id
        message = f"{name} must be a record number (1 to {MAX_ID}), not {value!r}"
        hint = ROUND_HINT if name == "round_id" else ""
        return ServiceError(ErrorCode.INVALID_ID, message + hint, name, status=404), {}
    message = f"no endpoint has the path {path}; the API's endpoints are listed at /api/v1/docs"
    return ServiceError(ErrorCode.NOT_FOUND, message, None, status=error.code or NotFound.code), {}


def _bad_id(app: Flask, path: str, method: str) -> tuple[str, str] | None:
    """The first id of the path that is not a record number, when the path
    is an endpoint's but for that."""
    try:
        rule, values = _loose_routes(app).bind("").match(path, method, return_rule=True)
    except HTTPException:
        return None
    converter = IdConverter(app.url_map)
    for name in _ID_ARGUMENT.findall(rule.rule):
        value = str(values[name])
        if re.fullmatch(converter.regex, value) is None or int(value) > MAX_ID:
            return name, value
    return None


def _loose_routes(app: Flask) -> Map:
    """The app's routes with any text where an id goes (built once)."""
    loose: Map | None = app.extensions.get(_LOOSE)
    if loose is None:
        rules = [
            Rule(rule.rule, endpoint=rule.endpoint, methods=rule.methods) for rule in app.url_map.iter_rules()
        ]
        loose = Map(rules, converters={"id": _AnySegment})
        app.extensions[_LOOSE] = loose
    return loose
