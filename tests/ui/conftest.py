"""The pages in a real browser: Debian's Chromium driven by Playwright against
the app served over real HTTP (werkzeug in a thread, a temporary SQLite, the
embedded Redis, and real worker processes where a job must run).

Without Chromium every test here is skipped, and says so; `make test` prints
a line about it too. `.ci/run` installs Chromium, so CI runs them."""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from playwright import sync_api
from playwright.sync_api import expect

import service.accounts.auth
from service.accounts.auth import create_user
from service.analysis.cache import store_par_sheet
from service.api.app import create_app
from service.config.environment import SessionlessRounds
from service.config.redis_server import EmbeddedRedis
from service.config.settings import Settings
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet

CHROMIUM = Path(os.environ.get("BREAKPOKER_CHROMIUM") or "/usr/bin/chromium")
# As the machine's notes say: without the background-networking flags,
# Chromium's calls home are refused by the closed network, many at a time.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "correct horse battery"
USERS = {
    "dealer": "dealer",
    "pit_boss": "pit_boss",
    "pit_boss2": "pit_boss",
    "compliance": "compliance",
    "admin": "admin",
    "admin2": "admin",  # the other admin whose edit an admin page finds made meanwhile
    "cage": "cage",
    "count": "count",
    "count2": "count",
    "shoe": "device",  # a card-reading shoe's credential
}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DECK = [rank + suit for suit in "shdc" for rank in "AKQJT98765432"] + ["JK"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(
        reason=f"browser tests skipped: Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)"
    )
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(skip)


def deal(seed: int) -> dict[str, list[str]]:
    """Seven distinct cards for the dealer and each of six seats."""
    cards = random.Random(seed).sample(DECK, 49)
    hands = ["dealer", "1", "2", "3", "4", "5", "6"]
    return {hand: cards[7 * index : 7 * index + 7] for index, hand in enumerate(hands)}


class Live:
    """The app on a real port, and a small JSON client for checking through the API."""

    def __init__(self, url: str, settings: Settings) -> None:
        self.url = url
        self.settings = settings
        self._tokens: dict[str, str] = {}

    def api(self, method: str, path: str, body: Any = None, user: str | None = None, **headers: str) -> Any:
        sent = {"Content-Type": "application/json", **headers}
        if user:
            sent["Authorization"] = f"Bearer {self.token(user)}"
        request = urllib.request.Request(
            f"{self.url}/api/v1{path}",
            data=None if body is None else json.dumps(body).encode(),
            headers=sent,
            method=method,
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None
        return json.loads(text) if text else None

    def edit(self, path: str, body: Any, user: str = "admin") -> Any:
        """The PUT of a table's configuration or schedule with the ETag of
        its GET as If-Match, as the admin page sends it."""
        request = urllib.request.Request(
            f"{self.url}/api/v1{path}", headers={"Authorization": f"Bearer {self.token(user)}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            tag = response.headers["ETag"]
        return self.api("PUT", path, body, user, **{"If-Match": tag})

    def token(self, user: str) -> str:
        if user not in self._tokens:
            request = urllib.request.Request(
                f"{self.url}/api/v1/auth/login",
                data=json.dumps({"name": user, "password": PASSWORD}).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=10) as response:
                self._tokens[user] = str(json.load(response)["token"])
        return self._tokens[user]

    def rounds(self, table_id: int) -> list[dict[str, Any]]:
        return list(self.api("GET", f"/tables/{table_id}/rounds?per_page=500", user="pit_boss")["items"])

    def enter(self, table_id: int, body: dict[str, Any]) -> dict[str, Any]:
        """A round entered through the API, as the tablet would."""
        key = f"{table_id}-{body['round_id']}"
        headers = {"Idempotency-Key": key}
        return dict(self.api("POST", f"/tables/{table_id}/rounds", body, "dealer", **headers))


@pytest.fixture(scope="module")
def live(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, migrated_sqlite: Path
) -> Iterator[Live]:
    # The tablet's tests deal at tables they have just made; the pit page's
    # own tests open and close them. A module may say otherwise
    # (``ROUNDS_WITHOUT_SESSION``): a table then takes rounds once opened.
    rounds = getattr(request.module, "ROUNDS_WITHOUT_SESSION", SessionlessRounds.ALLOW)
    with serving(tmp_path_factory.mktemp("pages"), rounds, migrated_sqlite) as served:
        yield served


@contextmanager
def serving(folder: Path, rounds_without_session: SessionlessRounds, migrated: Path) -> Iterator[Live]:
    """The app served from ``folder`` with the users of ``USERS``; a module
    whose tables must be opened first (as on a casino floor) serves its own
    with ``SessionlessRounds.REFUSE``. ``migrated``: a database at head
    (the run's, tests/conftest.py), copied rather than migrated again."""
    from werkzeug.serving import make_server

    url = f"sqlite:///{folder / 'test.sqlite3'}"
    shutil.copyfile(migrated, folder / "test.sqlite3")
    # A Redis of its own: no job left by another test can reach this database.
    redis = EmbeddedRedis(folder / "redis")
    redis.start()
    saved = service.accounts.auth._HASHER
    service.accounts.auth._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    # Every browser signs in from 127.0.0.1 to one server per module: the
    # login rate limit (tested in tests/api) must not trip on a long module.
    settings = Settings(
        instance=folder,
        database_url=url,
        redis_url=redis.url,
        login_limit_per_address=10_000,
        login_limit_per_name=10_000,
        rounds_without_session=rounds_without_session,
    )
    # The default rules' par sheet, cached as its job leaves it: a worker
    # run by a page's test (to build an export, to seal) would otherwise
    # compute it, half a minute of both cores, once in every module.
    store_par_sheet(default_sheet(), folder)
    app = create_app(settings)
    with unit_of_work(app.extensions["breakpoker"]["databases"]) as db:
        for name, role in USERS.items():
            create_user(db, name, role, PASSWORD)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Live(f"http://127.0.0.1:{server.server_port}", settings)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        app.extensions["breakpoker"]["engine"].dispose()
        redis.stop()
        service.accounts.auth._HASHER = saved


@pytest.fixture(scope="module")
def browser(live: Live) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def table(live: Live, request: pytest.FixtureRequest) -> dict[str, Any]:
    name = f"BP-{request.node.name[5:25]}"
    return dict(live.api("POST", "/tables", {"name": name}, user="admin"))


@pytest.fixture
def open_page(browser: Any, live: Live) -> Iterator[Callable[..., Any]]:
    """``open_page(path, user)``: a new tablet-sized browser (1024x768, touch)
    at ``path``, signed in as ``user`` (or at the sign-in form without one).
    Any script error on a page fails the test."""
    contexts: list[Any] = []
    problems: list[str] = []

    def open_(path: str, user: str | None = None, width: int = 1024, height: int = 768) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(f"{live.url}{path}")
        if user is not None:
            sign_in(page, user)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert problems == []


@contextmanager
def module_page(browser: Any, live: Live, path: str, user: str) -> Iterator[Any]:
    """One tablet-sized page (1024x768, touch) at ``path`` signed in as
    ``user``, for the tests of a module that share it; any script error on
    it fails the module."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live.url}{path}")
    sign_in(page, user)
    yield page
    context.close()
    assert problems == []


def sign_in(page: Any, user: str) -> None:
    page.fill("#name", user)
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    expect(page.locator("#sign-out")).to_be_visible()


def screenshot(page: Any, name: str, tmp_path: Path) -> Path:
    """A picture of a main screen: into docs/screenshots/ when
    BREAKPOKER_SCREENSHOTS is set (`make screenshots`), else beside the test."""
    folder = SCREENSHOTS if os.environ.get("BREAKPOKER_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000  # a rendered screen, not a blank one
    return path
