"""The dealer tablet page: static HTML, CSS and JavaScript modules that talk
to the JSON API over HTTP only (no service internals are imported here)."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, render_template

pages = Blueprint(
    "dealer_ui",
    __name__,
    static_folder="static",
    static_url_path="/dealer/static",
    template_folder="templates",
)


@pages.get("/dealer")
def dealer_page() -> Response:
    """The dealer tablet: sign in, pick the table, enter and submit a round."""
    response = Response(render_template("dealer.html"), mimetype="text/html")
    # Everything is served from here: the casino floor network is closed.
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def register_pages(app: Flask) -> None:
    """Serve the dealer tablet at ``/dealer`` (its files under ``/dealer/static``)."""
    app.register_blueprint(pages)
