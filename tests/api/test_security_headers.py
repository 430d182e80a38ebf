"""Security headers: the pages and their files load nothing from elsewhere
and run no inline script; no API answer may be cached or sniffed."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import dealer_ui
from tests.support.app import sign_in

PAGES = ["/dealer", "/pit", "/compliance", "/cage", "/count", "/admin"]
STATIC_ROOT = Path(dealer_ui.__file__).parent / "static"
STATIC = sorted(path.relative_to(STATIC_ROOT).as_posix() for path in STATIC_ROOT.rglob("*") if path.is_file())


class Assets(HTMLParser):
    """Every script and stylesheet a page loads, and any inline script."""

    def __init__(self):
        super().__init__()
        self.loaded: list[str] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script":
            self._in_script = "src" not in attributes
            if "src" in attributes:
                self.loaded.append(attributes["src"])
        if tag == "link" and attributes.get("href"):
            self.loaded.append(attributes["href"])
        self.inline.extend(name for name in attributes if name.startswith("on"))  # onclick=...

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append(data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def directives(policy: str) -> dict[str, set[str]]:
    found = {}
    for part in policy.split(";"):
        name, *values = part.split()
        found[name] = set(values)
    return found


def assert_strict_policy(policy: str) -> None:
    rules = directives(policy)
    assert rules["default-src"] == {"'self'"}
    assert rules["script-src"] == {"'self'"}  # no inline script, no eval, no CDN
    assert rules["frame-ancestors"] == {"'none'"}
    assert rules["base-uri"] == {"'none'"}
    assert not re.search(r"https?:|\*", policy)


def assert_page_headers(response):
    assert_strict_policy(response.headers["Content-Security-Policy"])
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("path", PAGES)
def test_each_page_has_strict_headers_and_loads_only_its_own_files(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert_page_headers(response)
    assert response.headers["Cache-Control"] == "no-store"
    assets = Assets()
    assets.feed(response.get_data(as_text=True))
    assert assets.loaded
    assert assets.inline == []
    for url in assets.loaded:
        assert url.startswith("/"), url  # this origin, never a CDN
        assert not url.startswith("//"), url
        loaded = client.get(url)
        assert loaded.status_code == 200, url
        assert loaded.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("name", STATIC)
def test_each_static_file_has_the_headers_too(client, name):
    response = client.get(f"/ui/static/{name}")
    assert response.status_code == 200
    assert_page_headers(response)
    expected = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}[Path(name).suffix]
    assert response.mimetype == expected


def test_the_pages_modules_import_only_from_this_origin():
    for script in STATIC_ROOT.rglob("*.js"):
        text = script.read_text()
        assert not re.search(r"""(import|from)\s*\(?\s*["']https?:""", text), script.name
        assert "eval(" not in text, script.name


def test_api_answers_are_never_cached_or_sniffed(client, as_role, table):
    answers = [
        client.get("/api/v1/tables", headers=as_role["dealer"]),
        client.get(f"/api/v1/tables/{table['id']}", headers=as_role["dealer"]),
        client.get("/api/v1/tables"),  # 401
        client.get("/api/v1/rounds/999", headers=as_role["dealer"]),  # 404
        client.post("/api/v1/auth/login", json={"name": "x", "password": "y"}),
        client.post("/api/v1/auth/logout", headers=sign_in(client, "admin")),  # 204
        client.get("/api/v1/openapi.json"),
        client.get("/api/v1/no-such-thing"),
        client.get("/healthz"),
    ]
    for response in answers:
        assert response.headers["X-Content-Type-Options"] == "nosniff", response.request.path
        assert response.headers["Cache-Control"] == "no-store", response.request.path


def test_the_docs_page_is_served_from_here_with_no_inline_script(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    assert_strict_policy(response.headers["Content-Security-Policy"])
    assert response.headers["X-Frame-Options"] == "DENY"
    assets = Assets()
    assets.feed(response.get_data(as_text=True))
    assert assets.inline == []
    assert sorted(assets.loaded) == [
        "/api/v1/docs/docs.js",
        "/api/v1/docs/swagger-ui-bundle.js",
        "/api/v1/docs/swagger-ui.css",
        "/ui/static/favicon.svg",
    ]
    for url in assets.loaded:
        loaded = client.get(url)
        assert loaded.status_code == 200, url
        assert len(loaded.get_data()) > 100, url
    script = client.get("/api/v1/docs/docs.js").get_data(as_text=True)
    assert '"/api/v1/openapi.json"' in script
    assert "validatorUrl: null" in script  # the default validator badge is fetched from the internet


@pytest.mark.parametrize("name", ["index.html", "swagger-initializer.js", "..%2Fapp.py", "docs_page.py"])
def test_the_docs_page_serves_nothing_else(client, name):
    assert client.get(f"/api/v1/docs/{name}").status_code == 404
