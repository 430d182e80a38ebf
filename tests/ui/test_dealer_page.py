"""The dealer tablet in a real browser: Debian's Chromium driven by Playwright
against the app served over real HTTP (werkzeug, a thread, a temp SQLite)."""

from __future__ import annotations

import json
import random
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher

import service.auth
from service.app import create_app
from service.auth import create_user
from service.db import unit_of_work
from service.migrate import upgrade
from service.settings import Settings

CHROMIUM = Path("/usr/bin/chromium")
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

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests skipped: Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)",
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests skipped: the playwright package is not installed"
)

DECK = [rank + suit for suit in "shdc" for rank in "AKQJT98765432"] + ["JK"]


def deal(seed: int) -> dict[str, list[str]]:
    """Seven distinct cards for the dealer and each of six seats."""
    cards = random.Random(seed).sample(DECK, 49)
    hands = ["dealer", "1", "2", "3", "4", "5", "6"]
    return {hand: cards[7 * index : 7 * index + 7] for index, hand in enumerate(hands)}


class Live:
    """The app on a real port, and a small JSON client for checking through the API."""

    def __init__(self, url: str) -> None:
        self.url = url

    def api(self, method: str, path: str, body: Any = None, user: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if user:
            headers["Authorization"] = f"Bearer {self.token(user)}"
        request = urllib.request.Request(
            f"{self.url}/api/v1{path}",
            data=None if body is None else json.dumps(body).encode(),
            headers=headers,
            method=method,
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def token(self, user: str) -> str:
        request = urllib.request.Request(
            f"{self.url}/api/v1/auth/login",
            data=json.dumps({"name": user, "password": PASSWORD}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return str(json.load(response)["token"])

    def rounds(self, table_id: int) -> list[dict[str, Any]]:
        return list(self.api("GET", f"/tables/{table_id}/rounds?per_page=500", user="pit_boss")["items"])


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    from werkzeug.serving import make_server

    folder = tmp_path_factory.mktemp("dealer_ui")
    url = f"sqlite:///{folder / 'test.sqlite3'}"
    upgrade(url)
    saved = service.auth._HASHER
    service.auth._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    app = create_app(Settings(instance=folder, database_url=url))
    with unit_of_work(app.extensions["breakpoker"]["sessions"]) as session:
        for role in ("dealer", "pit_boss", "admin"):
            create_user(session, role, role, PASSWORD)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Live(f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        thread.join(timeout=10)
        app.extensions["breakpoker"]["engine"].dispose()
        service.auth._HASHER = saved


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
def page(browser: Any, live: Live, table: dict[str, Any]) -> Iterator[Any]:
    """The tablet at 1024x768, signed in as the dealer, at ``table``."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live.url}/dealer")
    page.fill("#name", "dealer")
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    page.get_by_role("button", name=table["name"], exact=True).click()
    sync_api.expect(page.locator("#round")).to_be_visible()
    yield page
    context.close()
    assert problems == []


def type_hand(page: Any, hand: str, cards: list[str]) -> None:
    page.locator(f'[data-hand="{hand}"] .hand-title').click()
    page.fill("#codes", " ".join(code.lower() for code in cards))
    page.press("#codes", "Enter")


def enter_full_round(page: Any, hands: dict[str, list[str]]) -> None:
    """Dealer and seats 1-5 typed, seat 6 tapped on the picker; bets on all six."""
    for hand in ("dealer", "1", "2", "3", "4", "5"):
        type_hand(page, hand, hands[hand])
    page.locator('[data-hand="6"] .hand-title').click()
    for card in hands["6"]:
        page.locator(f'#picker [data-card="{card}"]').tap()
    for seat in range(1, 7):
        page.fill(f"#bet-{seat}-main", "1000")
        if seat % 2:
            page.fill(f"#bet-{seat}-dealer_break_bonus", "100")
            page.fill(f"#bet-{seat}-break_bonus", "200")


def test_a_six_seat_round_typed_and_tapped_settles(page: Any, live: Live, table: dict[str, Any]) -> None:
    expect = sync_api.expect
    expect(page.locator("#limits")).to_contain_text("Main 500–100000")
    hands = deal(1)
    enter_full_round(page, hands)
    for hand, cards in hands.items():
        chips = page.locator(f'[data-chips="{hand}"] .card')
        expect(chips).to_have_count(7)
        assert [chips.nth(i).get_attribute("data-card") for i in range(7)] == cards
        for card in cards:  # used anywhere in the round: greyed out on the picker
            expect(page.locator(f'#picker [data-card="{card}"]')).to_be_disabled()
    # Seven a hand: with every hand full, nothing more goes in.
    spare = next(card for card in DECK if not any(card in cards for cards in hands.values()))
    page.fill("#codes", spare)
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_contain_text("every hand has 7 cards")
    # A card already used, typed again, is refused with a reason.
    page.locator('[data-hand="1"] .hand-title').click()
    page.fill("#codes", hands["2"][0])
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_contain_text("already in seat 2")

    page.click("#preview")
    expect(page.locator('[data-preview="dealer"]')).to_contain_text("House way: low")
    expect(page.locator("[data-preview]")).to_have_count(7)

    page.click("#submit")
    rows = page.locator("#settlement tbody tr")
    expect(rows).to_have_count(6)
    stored = live.rounds(table["id"])
    assert len(stored) == 1
    for seat in stored[0]["seats"]:
        row = page.locator(f'#settlement tr[data-seat="{seat["seat"]}"]')
        expect(row.locator("td").first).to_contain_text(seat["main"]["outcome"])
        net = sum(seat[bet]["net"] for bet in ("main", "dealer_break_bonus", "break_bonus") if seat.get(bet))
        words = "push" if net == 0 else f"pay {net}" if net > 0 else f"take {-net}"
        expect(row.locator(".net")).to_have_text(words)
    # Readable at 1024x768 without sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024


def test_api_errors_appear_next_to_their_field(page: Any, live: Live, table: dict[str, Any]) -> None:
    hands = deal(2)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "3", hands["3"])
    page.fill("#bet-3-main", "1")  # below the table minimum: the API says so
    page.click("#submit")
    error = page.locator('[data-error-for="seat-3-main"]')
    sync_api.expect(error).to_contain_text("below the table minimum")
    sync_api.expect(page.locator("#bet-3-main")).to_have_attribute("aria-invalid", "true")
    assert live.rounds(table["id"]) == []


def test_a_retry_after_a_dropped_answer_settles_once(page: Any, live: Live, table: dict[str, Any]) -> None:
    hands = deal(3)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "1", hands["1"])
    page.fill("#bet-1-main", "500")
    dropped: list[str] = []

    def drop_the_answer(route: Any) -> None:
        if not dropped:  # the server settles; the tablet never hears back
            dropped.append(route.request.headers["idempotency-key"])
            route.fetch()
            route.abort()
        else:
            assert route.request.headers["idempotency-key"] == dropped[0]
            route.continue_()

    page.route("**/api/v1/tables/*/rounds", drop_the_answer)
    page.click("#submit")
    sync_api.expect(page.locator('[data-error-for="general"]')).to_contain_text("never settles twice")
    assert len(live.rounds(table["id"])) == 1
    page.click("#submit")
    sync_api.expect(page.locator("#results h2")).to_contain_text("already settled")
    page.locator("#submit").dblclick()
    sync_api.expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(live.rounds(table["id"])) == 1


def test_a_double_tap_on_submit_settles_once(page: Any, live: Live, table: dict[str, Any]) -> None:
    hands = deal(4)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "2", hands["2"])
    page.fill("#bet-2-main", "500")
    page.locator("#submit").dblclick()
    sync_api.expect(page.locator("#settlement tbody tr")).to_have_count(1)
    page.evaluate("document.querySelector('#submit').click(); document.querySelector('#submit').click()")
    sync_api.expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(live.rounds(table["id"])) == 1
    # A new round has a new key: it settles as a round of its own.
    page.click("#new-round")
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "2", hands["2"])
    page.fill("#bet-2-main", "500")
    page.click("#submit")
    sync_api.expect(page.locator("#settlement")).to_be_visible()
    assert len(live.rounds(table["id"])) == 2
