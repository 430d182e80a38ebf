"""Errors as RFC 9457 problem details: the ``type`` and ``title`` of each
error code, and the page a ``type`` names.

The ``type`` is ``/api/v1/problems/<code>``, a URI reference resolved
against the request's own address (RFC 9457 section 3.1.1 allows it): the
service runs under each casino's own host name, and has none of its own to
mint absolute URIs or tag URIs under. It is dereferenceable because a
relative reference that looks like a path and answers 404 misleads: it
serves a short page with the code's title and the operations whose
documented answers name the code (read from the OpenAPI document, so the
page cannot drift from it). One type per code, so ``title`` is a function
of the code alone: its ``summary`` in :class:`service.errors.ErrorCode`
(its words, for a code the service does not name).
"""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask, Response, current_app

from service.api.http.headers import NOSNIFF
from service.errors import ErrorCode, NotFound, title_of

MEDIA_TYPE = "application/problem+json"
PREFIX = "/api/v1/problems"
CODE = re.compile(r"^[a-z][a-z0-9_]{0,79}$")


# The page a type names: its own CSP (nothing to load, no script).
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "Cache-Control": "public, max-age=3600",
    "Referrer-Policy": "no-referrer",
    **NOSNIFF,
}


def problem_type(code: str) -> str:
    return f"{PREFIX}/{code}"


def problem_title(code: str) -> str:
    return title_of(code)


def problem(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    """The problem details of an error: RFC 9457's members, and the
    service's own (``code``, ``field``; ``message`` equals ``detail``, kept
    for the clients that read it)."""
    return {
        "type": problem_type(code),
        "title": problem_title(code),
        "status": status,
        "detail": message,
        "code": code,
        "field": field,
        "message": message,
    }


def documented_answers(spec: dict[str, Any], code: str) -> list[tuple[str, str, str]]:
    """(method path, status, description) of each documented answer naming ``code``."""
    named = re.compile(rf"\b{re.escape(code)}\b")
    found = []
    for path, operations in spec.get("paths", {}).items():
        for method, operation in operations.items():
            if not isinstance(operation, dict):  # the path's own parameters
                continue
            for status, response in operation.get("responses", {}).items():
                description = response.get("description", "") if isinstance(response, dict) else ""
                if named.search(description):
                    found.append((f"{method.upper()} {path}", str(status), description))
    return found


def _page(code: str) -> Response:
    spec: dict[str, Any] = current_app.extensions["breakpoker_api"].spec.to_dict()
    rows = "".join(
        f"<tr><td>{html.escape(where)}</td><td>{status}</td><td>{html.escape(text)}</td></tr>"
        for where, status, text in documented_answers(spec, code)
    )
    listed = (
        f"<table><tr><th>Operation</th><th>Status</th><th>As documented</th></tr>{rows}</table>"
        if rows
        else "<p>No operation documents this code by name; see the API's description.</p>"
    )
    title = html.escape(problem_title(code))
    body = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
        f"<body><h1>{title}</h1><p>Problem type <code>{html.escape(problem_type(code))}</code>: "
        f"an error answer with <code>code</code> {html.escape(code)}. Its <code>detail</code> "
        "(and <code>message</code>, the same text) says what was wrong; <code>field</code> names "
        'where. The operations are described at <a href="/api/v1/docs">/api/v1/docs</a>.</p>'
        f"{listed}</body></html>"
    )
    return Response(body, mimetype="text/html", headers=PAGE_HEADERS)


def problem_page(code: str) -> Response:
    """The page of a problem type (any well-formed code: one not documented
    is still a code the service may give)."""
    if not CODE.match(code):
        raise NotFound(ErrorCode.NOT_FOUND, f"no problem type {code!r}: codes are snake_case", "code")
    return _page(code)


def register_problem_pages(app: Flask, api: Any) -> None:
    app.extensions["breakpoker_api"] = api
    app.add_url_rule(f"{PREFIX}/<code>", "problem_page", problem_page, methods=["GET"])
