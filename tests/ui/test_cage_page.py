"""The cage page in Chromium: the slips waiting to be issued, and a slip's
printable view with every signature, printed alone (the print style hides
the rest of the page)."""

from __future__ import annotations

from typing import Any

from tests.ui.accounting_steps import full_fill, open_table
from tests.ui.conftest import expect, screenshot

FILL = {"2500": 100000, "10000": 200000}


def test_a_printable_slip_shows_its_signatures_and_prints_alone(
    open_page: Any, live: Any, table: Any, tmp_path: Any
) -> None:
    open_table(live, table["id"])
    slip = full_fill(live, table["id"], FILL)
    credit = {"kind": "credit", "lines": {"500": 5000}}
    waiting = live.api("POST", f"/tables/{table['id']}/slips", credit, "pit_boss")
    page = open_page("/cage", "cage")
    expect(page.locator(f'#cage-waiting tr[data-slip="{waiting["number"]}"]')).to_contain_text("Credit")
    expect(page.locator(f'#cage-waiting tr[data-slip="{slip["number"]}"]')).to_have_count(0)

    recent = page.locator(f'#cage-recent tr[data-slip="{slip["number"]}"]')
    recent.get_by_role("button", name="Print view").click()
    view = page.locator("#slip-print")
    expect(view.locator("h2")).to_have_text(f"Fill slip No. {slip['number']} received")
    expect(view).to_contain_text(f"Table {table['name']} · session ")
    amounts = view.locator(".slip-amounts tbody tr")
    expect(amounts.nth(0).locator("td")).to_have_text(["25 chips", "40", "1,000.00"])
    expect(amounts.nth(1).locator("td")).to_have_text(["100 chips", "20", "2,000.00"])
    expect(view.locator(".slip-total")).to_have_text("3,000.00")
    steps = view.locator(".slip-signatures tbody tr")
    expect(steps).to_have_count(3)
    expect(steps.nth(0).locator("td").nth(1)).to_have_text("pit_boss2")
    expect(steps.nth(1).locator("td").nth(0)).to_have_text("Issued (cage)")
    expect(steps.nth(1).locator("td").nth(1)).to_have_text("cage")
    expect(steps.nth(2).locator("td").nth(0)).to_have_text("Received at the table")
    expect(steps.nth(2).locator("td").nth(1)).to_have_text("pit_boss")
    expect(steps.nth(2).locator("td").nth(2)).to_have_text("dealer")
    assert page.url.endswith(f"#slip-{slip['number']}")

    page.emulate_media(media="print")
    expect(view).to_be_visible()
    for hidden in (".bar", "#office", "#slip-print .no-print"):
        expect(page.locator(hidden)).to_be_hidden()
    screenshot(page, "cage-slip-print", tmp_path)
    page.emulate_media(media="screen")

    # The address opens the slip's view again after a reload.
    page.reload()
    expect(view.locator("h2")).to_have_text(f"Fill slip No. {slip['number']} received")
