"""The pages: the dealer tablet, the pit boss's, compliance's, the cage's,
the count room's and the admin's screens.

Static HTML, CSS and JavaScript modules that talk to the JSON API over HTTP
only: nothing of the service is imported here, so the pages can never show
a figure the API would not."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Flask, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

pages = Blueprint(
    "dealer_ui",
    __name__,
    static_folder="static",
    static_url_path="/ui/static",
    template_folder="templates",
)


@dataclass(frozen=True)
class Page:
    name: str
    title: str
    roles: tuple[str, ...]  # who the page is for; the API checks every call itself
    roles_text: str
    # Of ``roles``, those who only read here: a page refusing a role names
    # the pages it can use, and says "read" for these.
    readers: tuple[str, ...] = ()


PAGES = (
    Page("dealer", "Dealer", ("dealer", "pit_boss"), "dealers and pit bosses"),
    Page(
        "pit",
        "Pit",
        ("pit_boss", "compliance", "admin"),
        "pit bosses (compliance and admins read)",
        ("compliance", "admin"),
    ),
    Page("compliance", "Compliance", ("compliance", "admin"), "compliance officers and admins"),
    Page("cage", "Cage", ("cage",), "cage cashiers"),
    Page("count", "Count", ("count",), "the count team"),
    Page("admin", "Admin", ("admin",), "admins"),
)

# Everything is served from here: the casino floor network is closed.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _render(page: Page) -> Response:
    body = render_template(
        f"{page.name}.html",
        page=page.name,
        title=page.title,
        roles=page.roles,
        roles_text=page.roles_text,
        pages=PAGES,
    )
    return Response(body, mimetype="text/html", headers=SECURITY_HEADERS)


@pages.get("/dealer")
def dealer_page() -> Response:
    """The dealer tablet: sign in, pick the table, enter and submit a round."""
    return _render(PAGES[0])


@pages.get("/pit")
def pit_page() -> Response:
    """The pit boss: rounds, recall, voids and corrections, shift reports."""
    return _render(PAGES[1])


@pages.get("/compliance")
def compliance_page() -> Response:
    """Compliance: exports with progress and download, chain verification."""
    return _render(PAGES[2])


@pages.get("/cage")
def cage_page() -> Response:
    """The cage: the fills and credits waiting to be issued, and each slip's printable view."""
    return _render(PAGES[3])


@pages.get("/count")
def count_page() -> Response:
    """The count room: the drop boxes of closed sessions, counted by denomination."""
    return _render(PAGES[4])


@pages.get("/admin")
def admin_page() -> Response:
    """The admin: users (create, role, deactivate, reset), tables (create,
    configuration versions with the pay table's preview, schedule)."""
    return _render(PAGES[5])


@pages.get("/")
def home() -> WerkzeugResponse:
    return redirect(url_for("dealer_ui.dealer_page"))


@pages.after_request
def _security_headers(response: Response) -> Response:
    # The static files too: never read as another type, never framed. They
    # may be cached (they hold no records); the pages set no-store.
    for name, value in SECURITY_HEADERS.items():
        if name != "Cache-Control":
            response.headers.setdefault(name, value)
    return response


def register_pages(app: Flask) -> None:
    """Serve the pages (their files under ``/ui/static``)."""
    app.register_blueprint(pages)
