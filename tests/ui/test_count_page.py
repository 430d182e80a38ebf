"""The count page in Chromium: a closed session's box counted by note
denomination with the second counter's signature, then recounted (a reason
required); the count that stands is shown, and none of the session's
figures (the count is blind)."""

from __future__ import annotations

from typing import Any

from tests.ui.accounting_steps import close_table, cosign, open_table, type_count
from tests.ui.conftest import expect, screenshot

SECOND = "cosigners.0"


def test_a_box_is_counted_then_recounted_with_a_reason(
    open_page: Any, live: Any, table: Any, tmp_path: Any
) -> None:
    session = open_table(live, table["id"])
    close_table(live, table["id"])
    page = open_page("/count", "count")
    box = page.locator(f'#count-waiting tr[data-session="{session["id"]}"]')
    expect(box).to_contain_text(table["name"])
    expect(page.locator("#office")).not_to_contain_text("8,100.00")  # no tray, no win: a blind count
    box.get_by_role("button", name="Count").click()
    expect(page.locator("#count-title")).to_contain_text(f"Count the drop box of {table['name']}, session #1")

    expect(page.locator('label[for="drop-d2000"]')).to_have_text("How many 20.00 notes")
    type_count(page, "drop", {"2000": "20", "10000": "10", "500": "1.5"})  # notes, not amounts
    expect(page.locator("#drop-total")).to_have_text("— (a field is not a number of notes)")
    cosign(page, "drop", "count2", SECOND)
    page.click('#count-form button[type="submit"]')
    expect(page.locator('[data-error-for="drop-lines.500"]')).to_have_text(
        "How many 5.00 notes: 1.5 is not a number of notes (a whole number, as 40 or 1,000)"
    )
    page.fill("#drop-d500", "")
    expect(page.locator("#drop-total")).to_have_text("1,400.00")
    cosign(page, "drop", "count", SECOND)  # the same person twice is one counter
    page.click('#count-form button[type="submit"]')
    expect(page.locator('[data-error-for="drop-cosigners"]')).not_to_be_empty()
    cosign(page, "drop", "count2", SECOND)
    page.click('#count-form button[type="submit"]')
    expect(page.locator("#notice")).to_contain_text("the drop is 1,400.00, signed by count and count2.")
    expect(page.locator(f'#count-waiting tr[data-session="{session["id"]}"]')).to_have_count(0)
    expect(page.locator(f'#count-done tr[data-session="{session["id"]}"]')).to_contain_text("1,400.00")
    screenshot(page, "count", tmp_path)

    # Counted: no form offers a recount until one is asked for.
    expect(page.locator("#count-title")).to_contain_text("counted")
    expect(page.locator("#count-form input")).to_have_count(0)
    expect(page.locator("#drop-reason")).to_have_count(0)
    page.get_by_role("button", name="Recount this box…").click()
    expect(page.locator("#drop-reason")).to_be_visible()
    expect(page.locator("#drop-d100")).to_be_focused()
    type_count(page, "drop", {"2000": "20", "10000": "11"})
    cosign(page, "drop", "count2", SECOND)
    page.click('#count-form button[type="submit"]')
    expect(page.locator('[data-error-for="drop-reason"]')).to_have_text(
        "a recount needs a reason of 1 to 500 characters"
    )
    page.fill("#drop-reason", "a 100.00 note was stuck in the box")
    cosign(page, "drop", "count2", SECOND)
    page.click('#count-form button[type="submit"]')
    counts = page.locator("#count-counts tbody tr")
    expect(counts).to_have_count(2)
    expect(counts.nth(0).locator("td").nth(0)).to_have_text("superseded")
    expect(counts.nth(1).locator("td").nth(0)).to_have_text("current")
    expect(counts.nth(1).locator("td").nth(1)).to_have_text("1,500.00")
    expect(counts.nth(1).locator("td").nth(5)).to_have_text("a 100.00 note was stuck in the box")
    stands = live.api("GET", f"/sessions/{session['id']}/drop-counts", user="count")
    assert [count["total"] for count in stands if count["current"]] == [150000]
