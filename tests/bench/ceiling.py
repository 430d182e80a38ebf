"""The ceiling of the stack: a bare Flask app answering a constant, run by
``python -m tests.bench bench-load`` under the same gunicorn settings as the API. What
the API reaches against what this reaches is the share of the stack's
ceiling that settlement leaves."""

from __future__ import annotations

from flask import Flask, Response


def create_app() -> Flask:
    app = Flask(__name__)
    body = b'{"status":"ok"}'

    @app.get("/constant")
    def constant() -> Response:
        return Response(body, mimetype="application/json")

    return app
