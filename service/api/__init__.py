"""The HTTP API under ``/api/v1``: flask-smorest blueprints, JSON errors."""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api

from service.api import (
    audit_routes,
    auth_routes,
    config_routes,
    currency_routes,
    deck_routes,
    exception_routes,
    export_routes,
    hand_routes,
    health,
    ops_routes,
    report_routes,
    round_routes,
    session_routes,
    showdown_routes,
    slip_routes,
    table_routes,
    user_routes,
)
from service.api.blueprint import MAX_ID, IdConverter
from service.api.docs_page import register_docs_page
from service.api.error_docs import API_DESCRIPTION, ErrorResponsesPlugin, ErrorSchema
from service.api.errors import register_error_handlers
from service.api.headers import register_headers
from service.api.problems import register_problem_pages
from service.api.request_log import register_request_log
from service.api.session import register_session
from service.store.migrate import head_revision


class BreakPokerApi(Api):  # type: ignore[misc]
    # The shape service.api.errors answers with, documented for every status.
    ERROR_SCHEMA = ErrorSchema


def register_api(app: Flask) -> None:
    app.url_map.converters["id"] = IdConverter
    app.config.setdefault("API_SPEC_OPTIONS", {"info": {"description": API_DESCRIPTION}})
    api = BreakPokerApi(app, spec_kwargs={"extra_plugins": [ErrorResponsesPlugin()]})
    api.register_converter(
        IdConverter, lambda _converter: {"type": "integer", "minimum": 1, "maximum": MAX_ID}
    )
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for blueprint in (
        health.blp,
        auth_routes.blp,
        user_routes.blp,
        table_routes.blp,
        config_routes.blp,
        currency_routes.blp,
        deck_routes.blp,
        round_routes.blp,
        hand_routes.blp,
        exception_routes.blp,
        audit_routes.blp,
        ops_routes.blp,
        export_routes.blp,
        report_routes.blp,
        session_routes.blp,
        slip_routes.blp,
        showdown_routes.blp,
    ):
        api.register_blueprint(blueprint, url_prefix=f"/api/v1{blueprint.url_prefix or ''}")
    round_routes.document_round_body(api)
    exception_routes.document_correction_round(api)
    register_request_log(app)
    register_session(app)
    register_error_handlers(app)
    register_headers(app)
    register_docs_page(app)
    register_problem_pages(app, api)
    ops_routes.register_metrics(app)
    app.add_url_rule("/healthz", "healthz", health.healthz)
    app.add_url_rule("/readyz", "readyz", health.readyz)
    head_revision()  # read once at start: /readyz compares the database's revision with it
