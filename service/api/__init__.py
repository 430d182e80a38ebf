"""The HTTP API under ``/api/v1``: flask-smorest blueprints, JSON errors.

A folder a resource, each with its routes and schemas, and one folder for
the HTTP plumbing they all use:

- ``app.py``: the Flask factory; ``gunicorn_hooks.py``: the gunicorn hooks
- ``http/``: the blueprint and its strict parser, a request's session and
  transaction, roles, errors as problems, paging, idempotency, ETags,
  headers, the request log and the docs page
- ``accounts/``: signing in, one's own password, users for admins
- ``tables/``: tables, their configuration versions and schedule, the
  currencies, the house way and the par sheet
- ``decks/``: the deck feed and a table's deal order
- ``rounds/``: entering and reading rounds, their settlement, the hand
  calculator
- ``review/``: voids, corrections and the recall's requests
- ``reports/``: reports, their queries and variance notes
- ``accounting/``: table sessions, slips, drop counts and co-signatures;
  the dealers at the tables and their shifts' figures
- ``casino/``: the casino's settings for comps and the cash rules
- ``players/``: the casino's players by club number, and their identification
- ``ratings/``: rated play: seat-in, the open ratings at a table, pauses,
  resumes, seat-out and buy-ins
- ``cash/``: the cash rules' transaction log and report days
- ``protection/``: game protection's alerts and their acknowledgements
- ``compliance/``: verifications of the audit trail and compliance exports
- ``poker_room/``: the poker room's showdowns and Wild Joker Stud's helpers
- ``ops/``: liveness, readiness, the version, the background work and
  ``/metrics``
"""

from __future__ import annotations

from flask import Flask, Response, current_app, json
from flask_smorest import Api

from service.api.accounting import dealer_routes, session_routes, slip_routes
from service.api.accounts import auth_routes, user_routes
from service.api.cash import cash_log_routes
from service.api.casino import settings_routes as casino_settings_routes
from service.api.compliance import audit_routes, export_routes
from service.api.decks import deck_routes
from service.api.http.blueprint import IdConverter
from service.api.http.docs_page import register_docs_page
from service.api.http.error_docs import API_DESCRIPTION, ErrorResponsesPlugin, ErrorSchema
from service.api.http.errors import register_error_handlers
from service.api.http.fields import MAX_ID
from service.api.http.headers import register_headers
from service.api.http.problems import register_problem_pages
from service.api.http.request_log import register_request_log
from service.api.http.work import register_work
from service.api.ops import health, ops_routes
from service.api.players import comp_routes, identification_routes, player_routes
from service.api.poker_room import showdown_routes
from service.api.protection import alert_routes, device_routes
from service.api.ratings import rating_routes
from service.api.reports import report_routes
from service.api.review import exception_routes
from service.api.rounds import hand_routes, round_routes
from service.api.tables import config_routes, currency_routes, table_routes
from service.store.migrate import head_revision


class BreakPokerApi(Api):  # type: ignore[misc]
    # The shape service.api.http.errors answers with, documented for every status.
    ERROR_SCHEMA = ErrorSchema
    _document: str | None = None

    def _openapi_json(self) -> Response:
        """flask-smorest's view of openapi.json, its text made once: the
        document is whole when the app is built, and writing it out again
        cost a tenth of a second a request."""
        if self._document is None:
            self._document = json.dumps(self.spec.to_dict(), indent=2, sort_keys=False)
        return current_app.response_class(self._document, mimetype="application/json")


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
        casino_settings_routes.blp,
        identification_routes.blp,
        player_routes.blp,
        comp_routes.blp,
        rating_routes.blp,
        cash_log_routes.blp,
        alert_routes.blp,
        device_routes.blp,
        dealer_routes.blp,
    ):
        api.register_blueprint(blueprint, url_prefix=f"/api/v1{blueprint.url_prefix or ''}")
    round_routes.document_round_body(api)
    exception_routes.document_correction_round(api)
    register_request_log(app)
    register_work(app)
    register_error_handlers(app)
    register_headers(app)
    register_docs_page(app)
    register_problem_pages(app, api)
    ops_routes.register_metrics(app)
    app.add_url_rule("/healthz", "healthz", health.healthz)
    app.add_url_rule("/readyz", "readyz", health.readyz)
    head_revision()  # read once at start: /readyz compares the database's revision with it
