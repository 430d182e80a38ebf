"""A table in yen in Chromium (issue 21): the tablet reads and writes its
amounts with no decimals, its chip pad is the service's chips, and the
pit's floor report of a yen and a dollar table shows each currency apart.
One server and browser for the module."""

from __future__ import annotations

from typing import Any

from tests.support.rounds_data import DEALER, SEATS
from tests.ui.conftest import expect
from tests.ui.dealer_page_support import at_table, type_hand
from tests.ui.pit_page_support import screen


def yen(minor: int) -> str:
    return f"{minor:,}"  # JPY's minor unit is 0: 1 minor unit is 1 yen


def test_a_yen_table_on_the_tablet_and_the_floor_report(open_page: Any, live: Any) -> None:
    table = live.api("POST", "/tables", {"name": "BP-JPY", "currency": "JPY"}, user="admin")
    live.api("POST", "/tables", {"name": "BP-USD"}, user="admin")
    assert table["currency"] == {"code": "JPY", "minor_unit": 0}
    low, high = table["config"]["limits"]["main"]
    page = at_table(open_page, table)
    expect(page.locator("#limits")).to_contain_text(f"Main {yen(low)}–{yen(high)}")
    expect(page.locator("#limits")).to_contain_text("amounts as 25 or 1,000 (JPY, no decimals)")
    expect(page.locator("#bet-1-main")).to_have_attribute("placeholder", f"{yen(low)}–{yen(high)}")
    # The pad's chips are the service's (count_fields.js), read as yen.
    chips = page.locator("#pad .bet-chip[data-chip]")
    expect(chips).to_have_text(["100", "500", "2,500", "10,000", "50,000"])
    type_hand(page, "dealer", DEALER)
    type_hand(page, "1", SEATS[2])
    page.fill("#bet-1-main", "10.50")  # a yen has no decimals
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-1-main"]')).to_have_text(
        "seat 1 Main: 10.50 is not an amount (for example 25 or 1,000)"
    )
    page.fill("#bet-1-main", "400")  # below the minimum, said in yen
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-1-main"]')).to_contain_text(
        f"the Main bet of 400 is below the table minimum of {yen(low)}"
    )
    page.fill("#bet-1-main", "1,000")
    page.click("#submit")
    expect(page.locator("#results h2")).to_contain_text("Settled · round")
    (stored,) = live.rounds(table["id"])
    assert stored["seats"][0]["bets"]["main"] == 1000  # 1,000 yen: 1000 minor units

    pit = open_page("/pit", "pit_boss")
    pit.select_option("#table-pick", "all")
    screen(pit, "reports")
    expect(pit.locator("#report-currencies")).to_contain_text("(JPY, USD)")
    parts = pit.locator(".currency-part")
    expect(parts).to_have_count(2)
    expect(parts.nth(0).locator("h3").first).to_have_text("In JPY")
    expect(parts.nth(1).locator("h3").first).to_have_text("In USD")
    expect(parts.nth(1)).to_contain_text("amounts in USD")
