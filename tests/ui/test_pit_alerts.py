"""Game protection's alerts on the pit page in Chromium at 1024x768 with
touch: a deck order a shoe sent twice (a real worker checks it) listed as
an open critical alert, opened with the rounds dealt from its decks and
their times (each linked to the round's screen), acknowledged by a pit
boss with a note (a blank one refused at the field), and read only by
compliance."""

from __future__ import annotations

from typing import Any

from tests.support.background import run_burst
from tests.support.decks import dealing, deck_body
from tests.support.rounds_data import SEATS, round_body
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, screen

NOTE = "Video pulled: the shoe's feed replayed an old deck; shoe sent to service"


def repeated_deck(live: Any, table: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """A deck dealt in a round, then the same order sent again as a new
    deck by another shoe; the worker's check raises the alert."""
    cards, sequence = dealing(), 100 * table["id"]  # a shoe numbers its decks anew at every table here
    decks = f"/tables/{table['id']}/decks"
    first = live.api("POST", decks, deck_body(cards, sequence, "shoe-A"), "shoe")["id"]
    live.api("POST", f"{decks}/{first}/exposure", {"seats": list(SEATS)}, "dealer")  # the hands shown
    dealt = live.enter(table["id"], round_body("alert-r1", deck_id=first))
    later = live.api("POST", decks, deck_body(cards, sequence, "shoe-B"), "shoe")["id"]
    run_burst(live.settings)
    return first, later, dealt


def test_a_pit_boss_opens_an_alert_and_acknowledges_it(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    first, later, dealt = repeated_deck(live, table)
    (alert,) = live.api("GET", "/alerts", user="pit_boss")
    page = at_pit(open_page, "pit_boss", None)
    screen(page, "alerts")
    row = page.locator(f'#alerts-table tr[data-alert="{alert["id"]}"]')
    expect(row.locator("td").nth(0)).to_have_text("repeated deck")
    expect(row.locator("td").nth(1)).to_have_text("CRITICAL")
    expect(row.locator("td").nth(2)).to_have_text(f"table {table['name']}, device shoe-B")
    expect(row.locator("td").nth(3)).to_have_text("2 (threshold 1)")
    expect(row.locator("td").nth(5)).to_have_text("open")

    row.get_by_role("button").tap()
    expect(page.locator("#alert-title")).to_have_text(f"Alert {alert['id']}: repeated deck")
    expect(page.locator("#alert-summary")).to_contain_text(f"deck {later}")
    expect(page.locator("#alert-summary")).to_contain_text(f"order of deck {first}")
    expect(page.locator("#alert-facts")).to_contain_text("Figure2 (threshold 1)")
    expect(page.locator("#alert-facts")).to_contain_text(f"Decks{first}, {later}")
    round_row = page.locator(f'#alert-rounds tr[data-round="{dealt["id"]}"]')
    expect(round_row.locator("td").nth(3)).to_have_text(f"deck {first}")
    expect(round_row.locator("td").nth(1)).to_contain_text(":")  # a time to the second
    screenshot(page, "pit-alerts", tmp_path)

    page.locator("#alert-form button[type=submit]").tap()
    blank = page.locator('[data-error-for="alert-note"]')
    expect(blank).to_have_text("A note is required: say what was found.")
    page.fill("#alert-note", NOTE)
    page.locator("#alert-form button[type=submit]").tap()
    expect(page.locator("#alert-acknowledged")).to_contain_text("Acknowledged by pit_boss, ")
    expect(page.locator("#alert-acknowledged")).to_contain_text(NOTE)
    expect(page.locator("#notice")).to_have_text(f"Alert {alert['id']} acknowledged.")
    assert live.api("GET", "/alerts", user="pit_boss") == []

    round_row = page.locator(f'#alert-rounds tr[data-round="{dealt["id"]}"]')
    round_row.get_by_role("link").tap()
    expect(page.locator("#round-title")).to_contain_text(f"Round #{dealt['id']} ")

    screen(page, "alerts")
    expect(page.locator("#alerts-none")).to_have_text("No open alert.")
    page.select_option("#alerts-state", "acknowledged")
    expect(page.locator(f'#alerts-table tr[data-alert="{alert["id"]}"] td').nth(5)).to_have_text(
        "acknowledged by pit_boss"
    )


def test_compliance_reads_an_alert_without_acknowledging(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    repeated_deck(live, table)
    alert = live.api("GET", "/alerts", user="compliance")[0]  # the newest open one: this table's
    page = open_page("/pit", "compliance")
    expect(page.locator("#office")).to_be_visible()
    page.goto(f"{page.url.split('#')[0]}#alert-{alert['id']}")
    expect(page.locator("#alert-title")).to_have_text(f"Alert {alert['id']}: repeated deck")
    expect(page.locator("#alert-form")).to_have_count(0)
