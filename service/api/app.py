"""The Flask application factory (nothing is built at import time)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from dealer_ui.blueprint import register_pages
from service.api import register_api
from service.audit.event_mac import keyed_databases
from service.config.redis_server import connect
from service.config.settings import Settings
from service.config.version import software_version
from service.store.db import make_engine, utc_now


def create_app(settings: Settings | None = None, **flask_config: Any) -> Flask:
    settings = settings or Settings.from_environment()
    app = Flask(__name__, instance_path=str(settings.instance))
    app.config.update(
        API_TITLE="Break Poker table service",
        # The document's version is the software's (the changelog's);
        # the path's /api/v1 is the API's compatibility line.
        API_VERSION=software_version(),
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=1 << 20,  # a round is a few kilobytes
        JSON_SORT_KEYS=False,
    )
    app.config.update(flask_config)
    bind(app, settings)
    register_api(app)
    register_pages(app)
    return app


def bind(app: Flask, settings: Settings) -> None:
    """Point the app at the database, Redis and instance folder of
    ``settings``: all a request reads of them is here. create_app binds
    once; the tests bind one app to test after test, as building the
    routes and the OpenAPI document is most of the cost of a new app."""
    app.instance_path = str(settings.instance)
    engine = make_engine(settings.database)
    app.extensions["breakpoker"] = {
        "redis": connect(settings.redis, timeout=0.5),
        "settings": settings,
        "engine": engine,
        # The audit trail's key files are the settings' (service/audit/keys.py).
        "databases": keyed_databases(engine, settings),
        "clock": utc_now,
    }
