"""The dealer tablet in Chromium: the bets and seats it shows are the ones the
API sends with the table (the engine's ``BetType``), never a list of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from service.engine.table_config import BetType
from tests.support.rounds_data import DEALER, SEATS
from tests.ui.conftest import expect
from tests.ui.dealer_page_support import at_table, money, type_hand

STATIC = Path(__file__).resolve().parents[2] / "dealer_ui" / "static"
PLAYER = SEATS[2]  # 8-8 / K-K-A: beats the dealer
RENAMED = {"name": "Dealer Lucky Bonus", "short": "DLB"}


def limits_text(table: dict[str, Any], bet: BetType) -> str:
    low, high = table["config"]["limits"][bet.value]
    return f"{money(low)}–{money(high)}"


def test_every_bet_of_bet_type_has_its_field_and_labels(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    expect(page.locator("#felt .seat")).to_have_count(6)
    for seat in range(1, 7):
        for bet in BetType:
            need = "required" if bet.required else "optional"
            expect(page.locator(f"#bet-{seat}-{bet.value}")).to_have_attribute(
                "aria-label",
                f"Seat {seat} {bet.label.name} bet, {limits_text(table, bet)}, {need}; "
                "a comma for thousands, a point for cents",
            )
    labels = page.locator("#hand-1 .bet span[title]")
    expect(labels).to_have_text([bet.label.short + ("*" if bet.required else "") for bet in BetType])
    titles = [labels.nth(index).get_attribute("title") for index in range(len(BetType))]
    assert titles == [bet.label.name for bet in BetType]
    shown = " · ".join(f"{bet.label.short} {limits_text(table, bet)}" for bet in BetType)
    expect(page.locator("#limits")).to_contain_text(f"Limits: {shown}")


def test_the_tablet_shows_the_bets_and_seats_the_api_sent(open_page: Any, table: dict[str, Any]) -> None:
    """The table's JSON changed on its way: a bet renamed, three seats. The
    tablet follows it, so its labels and seats can only come from the API."""
    page = open_page("/dealer", "dealer")

    def changed(route: Any) -> None:
        if route.request.method != "GET":
            route.continue_()
            return
        answer = route.fetch()
        body = answer.json()
        for each in body if isinstance(body, list) else [body]:
            each["seat_numbers"] = [1, 2, 3]
            for bet in each["bets"]:
                if bet["key"] == BetType.DEALER_BREAK_BONUS:
                    bet.update(RENAMED)
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/api/v1/tables", changed)
    page.route("**/api/v1/tables/*", changed)
    page.reload()
    page.get_by_role("button", name=table["name"], exact=True).click()
    expect(page.locator("#felt .seat")).to_have_count(3)
    expect(page.locator("#bet-4-main")).to_have_count(0)
    dbb = page.locator(f"#hand-2 .bet span[title='{RENAMED['name']}']")
    expect(dbb).to_have_text(RENAMED["short"])
    expect(page.locator(f"#bet-2-{BetType.DEALER_BREAK_BONUS}")).to_have_attribute(
        "aria-label",
        f"Seat 2 {RENAMED['name']} bet, 1.00–100.00, optional; a comma for thousands, a point for cents",
    )
    expect(page.locator("#limits")).to_contain_text(f"{RENAMED['short']} 1.00–100.00")
    # The seats are the API's for typed lines too.
    page.fill("#codes", "4: ac")
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_contain_text("this table has seats 1-3")
    # The payout table's columns are the API's bets as well.
    type_hand(page, "dealer", DEALER)
    type_hand(page, "3", PLAYER)
    page.fill("#bet-3-main", "10")
    headers = page.locator("#preview-table thead th")
    expect(headers).to_have_text(["Seat", "Main", RENAMED["short"], "BB", "Pay / take", "Setting"])


def test_no_page_module_keeps_a_list_of_the_bets() -> None:
    for module in STATIC.rglob("*.js"):
        text = module.read_text()
        for bet in BetType:
            for literal in (f'"{bet.label.name}"', f'"{bet.value}"', f"'{bet.value}'"):
                assert literal not in text, f"{module.name} names {literal}: take it from the table's bets"
