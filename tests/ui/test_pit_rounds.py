"""The pit boss page in Chromium: the round list with filters and paging,
opened with the keyboard, and a round's detail against the API's figures."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, bet_body, check_detail, net, schedule, tab_to

# ---- (a) the round list and a round's detail ---------------------------------


def test_rounds_are_filtered_paged_and_opened_with_the_keyboard(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    now = datetime.now(UTC)
    schedule(live, table, now - timedelta(hours=1), now + timedelta(hours=1))  # now: shift 1
    early = [live.enter(table["id"], bet_body(f"a{n}", 500 + 100 * n)) for n in range(12)]
    schedule(live, table, now - timedelta(hours=2), now - timedelta(hours=1))  # now: shift 2
    late = live.enter(table["id"], bet_body("late", 2500))
    assert {r["shift"] for r in early} == {1}
    assert late["shift"] == 2

    page = at_pit(open_page, "pit_boss", table)
    rows = page.locator("#rounds-table tbody tr")
    # 25 a page by default: all 13, newest first, each as the API has it.
    expect(rows).to_have_count(13)
    listed = {r["id"]: r for r in live.rounds(table["id"])}
    for index, round_ in enumerate([late, *early[::-1]]):
        row = rows.nth(index)
        expect(row).to_have_attribute("data-round", str(round_["id"]))
        stored = listed[round_["id"]]
        expect(row.locator("td").nth(2)).to_have_text(f"{stored['gaming_day']} · shift {stored['shift']}")
        expect(row.locator("td").nth(3)).to_have_text("dealer")
        expect(row.locator("td").nth(4)).to_have_text("1, 2, 3")
        expect(row.locator("td.net")).to_have_text(net(stored["house_net"]))
        expect(row.locator(".badge")).to_have_text("settled")
    screenshot(page, "pit-rounds", tmp_path)

    # Shift 1, ten a page: the ten newest of its twelve, then the two oldest.
    page.select_option("#rounds-shift", "1")
    page.select_option("#rounds-per-page", "10")
    page.click("#round-filters button[type=submit]")
    expect(page.locator("#rounds-position")).to_have_text("Rounds 1–10 of 12 (newest first) · page 1 of 2")
    shown = [int(rows.nth(i).get_attribute("data-round")) for i in range(10)]
    assert shown == [r["id"] for r in early[:1:-1]]
    page.click('#rounds-pager [data-page="older"]')
    expect(page.locator("#rounds-position")).to_have_text("Rounds 11–12 of 12 (newest first) · page 2 of 2")
    expect(rows).to_have_count(2)
    assert [rows.nth(i).get_attribute("data-round") for i in range(2)] == [
        str(early[1]["id"]),
        str(early[0]["id"]),
    ]
    expect(page.locator('#rounds-pager [data-page="older"]')).to_be_disabled()
    # A round entered meanwhile is newer than every page: back by the Link
    # header's prev, the page is the ten before the two, none shown twice.
    schedule(live, table, now - timedelta(hours=1), now + timedelta(hours=1))  # shift 1 again
    meanwhile = live.enter(table["id"], bet_body("meanwhile", 700))
    schedule(live, table, now - timedelta(hours=2), now - timedelta(hours=1))
    page.click('#rounds-pager [data-page="newer"]')
    expect(page.locator("#rounds-position")).to_have_text("Rounds 1–10 of 13 (newest first) · page 1 of 2")
    assert [int(rows.nth(i).get_attribute("data-round")) for i in range(10)] == shown
    page.click('#rounds-pager [data-page="newest"]')
    expect(rows.first).to_have_attribute("data-round", str(meanwhile["id"]))
    page.select_option("#rounds-shift", "2")
    page.click("#round-filters button[type=submit]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-round", str(late["id"]))
    # A gaming day on a later date: nothing; a day that is no date: the API's word, at the field.
    page.fill("#rounds-from", (now + timedelta(days=3)).date().isoformat())
    page.click("#round-filters button[type=submit]")
    expect(page.locator("#rounds-list")).to_have_text("No round matches these filters.")
    page.fill("#rounds-from", "2026-13-40")
    page.click("#round-filters button[type=submit]")
    expect(page.locator('[data-error-for="rounds-from"]')).to_have_text("from: Not a valid date.")
    expect(page.locator("#rounds-from")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#rounds-table")).to_have_count(0)
    page.click("#rounds-clear")
    expect(page.locator('[data-error-for="rounds-from"]')).to_be_empty()

    # All tables together, newest first, each row saying its table.
    page.select_option("#table-pick", "all")
    everything = sorted(
        (r for t in live.api("GET", "/tables", user="pit_boss") for r in live.rounds(t["id"])),
        key=lambda r: -r["id"],
    )
    expect(page.locator("#rounds-position")).to_have_text(
        f"Rounds 1–10 of {len(everything)} (newest first) · page 1 of {-(-len(everything) // 10)}"
    )
    assert [int(rows.nth(i).get_attribute("data-round")) for i in range(10)] == [
        r["id"] for r in everything[:10]
    ]
    expect(rows.first.locator("td.table")).to_have_text(table["name"])
    page.select_option("#table-pick", str(table["id"]))
    expect(page.locator("#rounds-table td.table")).to_have_count(0)  # the table's own list again

    # With the keyboard alone: Tab onto the newest round's button, Enter opens it.
    expect(rows.first).to_have_attribute("data-round", str(meanwhile["id"]))
    page.locator("#rounds-clear").focus()
    tab_to(page, f'tr[data-round="{meanwhile["id"]}"] .row-open')
    page.keyboard.press("Enter")
    expect(page.locator("#round-title")).to_contain_text(f"Round #{meanwhile['id']} settled")
    expect(page.locator("#round-title")).to_be_focused()
    check_detail(page, live.api("GET", f"/rounds/{meanwhile['id']}", user="pit_boss"), table)
    screenshot(page, "pit-round-detail", tmp_path)
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#round-back")).to_be_focused()
    page.keyboard.press("Enter")  # back on the list, at the round it left
    expect(page.locator(f'tr[data-round="{meanwhile["id"]}"] .row-open')).to_be_focused()
