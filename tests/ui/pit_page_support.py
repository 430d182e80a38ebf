"""What the pit page's tests share: how the page writes figures, said again
here so a change shows; getting about the page; a round's detail checked
against the API's figures."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from tests.support.rounds_data import round_body
from tests.ui.conftest import expect

BETS = {"main": "Main", "dealer_break_bonus": "Dealer Break Bonus", "break_bonus": "Break Bonus"}
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
NOTE = "Seat 2 won four maximums in a row: surveillance reviewing"
COMMA = "is not an amount: a comma groups thousands (1,000.50); cents follow a point (10.50)"


# ---- how the page writes figures, said again here so a change shows ----------


def money(cents: int) -> str:
    return f"{'-' if cents < 0 else ''}{abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def net(cents: int) -> str:
    return f"+{money(cents)}" if cents > 0 else money(cents)


def percent(fraction: float) -> str:
    return f"{fraction * 100:.2f} %"


def card(code: str) -> str:
    return "JK" if code == "JK" else ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def cards(codes: list[str]) -> str:
    return " ".join(card(code) for code in codes)


def setting(hand: Any) -> str:
    if hand == "house_way":
        return "house way"
    return f"low {cards(hand['low'])} · high {cards(hand['high'])}"


def seat_net(seat: dict[str, Any]) -> int:
    return sum(seat[bet]["net"] for bet in BETS)


# ---- getting about -----------------------------------------------------------


def at_pit(open_page: Any, user: str, table: dict[str, Any] | None) -> Any:
    page = open_page("/pit", user)
    expect(page.locator("#office")).to_be_visible()
    page.select_option("#table-pick", "all" if table is None else str(table["id"]))
    return page


def screen(page: Any, view: str) -> None:
    page.click(f'[data-view="{view}"]')
    expect(page.locator(f"#view-{view}")).to_be_visible()


def open_round(page: Any, round_id: int) -> None:
    page.goto(f"{page.url.split('#')[0]}#round-{round_id}")
    expect(page.locator("#round-title")).to_contain_text(f"Round #{round_id} ")


def clock(moment: datetime) -> str:
    return moment.strftime("%H:%M")


def schedule(live: Any, table: dict[str, Any], *starts: datetime) -> None:
    body = {"timezone": "UTC", "shift_starts": [clock(start) for start in starts]}
    live.edit(f"/tables/{table['id']}/schedule", body)


def bet_body(round_id: str, main: int) -> dict[str, Any]:
    body = round_body(round_id)
    body["seats"][0]["bets"]["main"] = main
    return body


def tab_to(page: Any, selector: str, presses: int = 40) -> None:
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return
    raise AssertionError(f"{selector} is not reached with Tab")


def check_detail(page: Any, round_: dict[str, Any], table: dict[str, Any]) -> None:
    """Everything the detail shows against the API's own record."""
    facts = page.locator(".facts")
    expect(facts).to_contain_text(f"{table['name']} · entered by {round_['entered_by']}")
    placed = f"gaming day {round_['gaming_day']}, shift {round_['shift']}"
    expect(facts).to_contain_text(f"{placed} · rules version {round_['config_version']}")
    dealer = round_["dealer"]
    box = page.locator("#round-dealer")
    expect(box).to_contain_text(f"Dealer {cards(dealer['cards'])}")
    expect(box).to_contain_text(f"House way: {setting(dealer)} — rule {dealer['rule']}")
    expect(box.locator(".qualifies")).to_have_text("qualifies" if dealer["qualifies"] else re.compile("NOT"))
    expect(box.locator(".explanation")).to_have_text(dealer["explanation"])
    rows = page.locator("#round-seats tbody tr")
    expect(rows).to_have_count(len(round_["seats"]))
    for seat in round_["seats"]:
        row = page.locator(f'#round-seats tr[data-seat="{seat["seat"]}"]')
        expect(row.locator("td").first).to_have_text(cards(seat["cards"]))
        expect(row.locator(".entered")).to_have_text(setting(seat["setting_entered"]))
        expect(row.locator(".settled")).to_contain_text(setting(seat))
        expect(row.locator(".settled")).to_contain_text(f"house way rule {seat['house_way']['rule']}")
        for bet in BETS:
            stake, result = seat["bets"][bet], seat[bet]
            cell = row.locator(f'td[data-bet="{bet}"]')
            amount = "" if result["net"] == 0 else f" {net(result['net'])}"
            expect(cell.locator(".stake")).to_have_text(money(stake))
            expect(cell.locator(".outcome")).to_have_text(f"{result['outcome']}{amount}")
        expect(row.locator("td.net")).to_have_text(net(seat_net(seat)))
    expect(page.locator("#round-house-net")).to_contain_text(f"House net {net(round_['house_net'])}")
