"""The interactive API page at ``/api/v1/docs``: Swagger UI served from the
``swagger-ui-bundle`` package, not from a CDN (the casino floor network is
closed), with a strict Content-Security-Policy: no inline script, nothing
from another origin."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, abort, send_from_directory
from swagger_ui_bundle import swagger_ui_path

PREFIX = "/api/v1/docs"
BUNDLE = Path(str(swagger_ui_path))
# Only what the page loads; the bundle's folder holds more (source maps, demos).
ASSETS = {"swagger-ui-bundle.js": BUNDLE, "swagger-ui.css": BUNDLE, "docs.js": Path(__file__).parent / "docs"}

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Break Poker table service API</title>
<link rel="stylesheet" href="{PREFIX}/swagger-ui.css">
<link rel="icon" href="/ui/static/favicon.svg">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{PREFIX}/swagger-ui-bundle.js"></script>
<script src="{PREFIX}/docs.js"></script>
</body>
</html>
"""

HEADERS = {
    # As strict as the pages': Swagger UI renders under it (tests/ui shows).
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}

docs = Blueprint("api_docs_page", __name__)


@docs.get(PREFIX)
def page() -> Response:
    return Response(PAGE, mimetype="text/html", headers=HEADERS)


@docs.get(f"{PREFIX}/<name>")
def asset(name: str) -> Response:
    folder = ASSETS.get(name)
    if folder is None:
        abort(404)
    response = send_from_directory(folder, name)
    response.headers.update(HEADERS)
    return response


def register_docs_page(app: Flask) -> None:
    app.register_blueprint(docs)
