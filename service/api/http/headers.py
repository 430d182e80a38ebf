"""Headers on every answer of the API: casino records are never kept in a
cache (a shared tablet's browser, a proxy), and nothing is read as another
type than the one sent."""

from __future__ import annotations

from flask import Flask, Response, request

NOSNIFF = {"X-Content-Type-Options": "nosniff"}
NO_STORE = {"Cache-Control": "no-store"}


def register_headers(app: Flask) -> None:
    @app.after_request
    def api_headers(response: Response) -> Response:
        for name, value in NOSNIFF.items():
            response.headers.setdefault(name, value)
        if request.path.startswith("/api/") or response.mimetype == "application/json":
            for name, value in NO_STORE.items():
                response.headers.setdefault(name, value)
        return response
