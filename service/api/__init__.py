"""The HTTP API under ``/api/v1``: flask-smorest blueprints, JSON errors.

Modules:

- ``app.py``: the Flask factory; ``blueprint.py``: the strict argument
  parser; ``session.py``, ``transactions.py``: a request's session and
  transaction, run again after a lost race
- ``security.py``: bearer tokens and ``@roles``, the only role check
  (``ANY_ROLE`` leaves out the ``device`` role)
- ``schemas.py``: ``StrictSchema``, whose text ``text_input.py`` checks
- ``errors.py``: errors as RFC 9457 problems; ``problems.py``: each code's
  type, title and page; ``error_docs.py``: documented;
  ``routing_errors.py``: a path with no view
- ``headers.py``: headers on every answer; ``request_log.py``: request ids
  and access lines; ``gunicorn_hooks.py``: the gunicorn hooks
- ``paging.py``: lists' order, cursors and Link headers
- ``idempotency.py``: a round's ``Idempotency-Key``
- ``etags.py``: ``If-Match`` on configurations and schedules (a stale one
  412, none 428)
- ``docs_page.py``: the interactive page at ``/api/v1/docs``
- ``health.py``: liveness, readiness and the version
- ``auth_routes.py``, ``auth_schemas.py``: sign-in, ``/auth/me``, one's own password;
  ``user_routes.py``, ``user_schemas.py``: users, for admins
- ``table_routes.py``: tables and the house way; ``config_routes.py``,
  ``config_schemas.py``: configuration versions, schedule and preview;
  ``currency_routes.py``: the currencies a table may be created in;
  ``sheet_schemas.py``, ``strategy_schemas.py``: the par sheet
- ``round_routes.py``: entering and reading rounds; ``round_in_schemas.py``
  (as entered), ``round_schemas.py`` (as stored),
  ``settlement_schemas.py`` (its settlement field by field)
- ``hand_routes.py``, ``hand_schemas.py``: the hand calculator
- ``deck_routes.py``, ``deck_schemas.py``: the deck feed and the deal order
- ``exception_routes.py``, ``exception_schemas.py``: voids, corrections,
  the recall
- ``report_routes.py``: reports; ``report_schemas.py``,
  ``report_query_schemas.py``, ``report_fields.py`` (the fields they
  share), ``expected_win_schemas.py``, ``chips_schemas.py``
- ``session_routes.py``, ``slip_routes.py``: the table accounting;
  ``accounting_schemas.py`` (what they take),
  ``accounting_record_schemas.py`` (what they answer); ``cosigning.py``:
  a second signature checked
- ``audit_routes.py``, ``audit_schemas.py``, ``figures_check_schemas.py``:
  verifications of the trail (``accounting_verify_schemas.py``: their
  accounting part)
- ``export_routes.py``, ``export_schemas.py``: compliance exports
- ``ops_routes.py``: the background work and ``/metrics``
- ``showdown_routes.py``, ``showdown_schemas.py``: the poker room's
  showdowns; ``stud_schemas.py``: Wild Joker Stud's bring-in, first
  button and betting check
"""

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
