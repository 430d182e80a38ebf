"""The API's interactive page in Chromium: Swagger UI renders every
operation from files served here, under its strict policy, and asks no
other host for anything (the floor network is closed)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from tests.ui.conftest import expect


def test_the_docs_page_renders_every_operation_from_this_origin(open_page: Any, live: Any) -> None:
    requested: list[str] = []
    refused: list[str] = []
    page = open_page("/dealer")  # a page first, to hook the listeners before /api/v1/docs loads
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
    page.goto(f"{live.url}/api/v1/docs")
    expect(page.locator(".opblock").first).to_be_visible()
    spec = live.api("GET", "/openapi.json")
    operations = sum(len([m for m in item if m != "parameters"]) for item in spec["paths"].values())
    expect(page.locator(".opblock")).to_have_count(operations)
    assert refused == []  # a Content-Security-Policy refusal is logged as an error
    own = urlsplit(live.url).netloc
    assert {urlsplit(url).netloc for url in requested if not url.startswith("data:")} == {own}
