"""The admin page in Chromium: an admin sets up a table from the browser
alone (its name, zone and shifts, then a new configuration edited field by
field, previewed with its pay table and house edge, and saved), and an edit
another admin saved meanwhile is shown as such (the API's 412), never
overwritten. One signed-in page serves the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.conftest import expect, module_page, screenshot


@pytest.fixture(scope="module")
def page(browser: Any, live: Any) -> Iterator[Any]:
    with module_page(browser, live, "/admin#tables", "admin") as tab:
        yield tab


def test_an_admin_sets_up_a_table_and_its_rules_in_the_browser(page: Any, live: Any, tmp_path: Any) -> None:
    page.get_by_role("button", name="New table…").click()
    page.fill("#create-name", "BP-ADMIN")
    expect(page.locator("#create-currency")).to_have_value("USD")  # the floor's default
    page.select_option("#create-timezone", "Europe/Malta")
    page.get_by_role("button", name="Remove shift 3").click()
    page.get_by_label("Shift 2 starts").fill("18:00")
    page.get_by_role("button", name="Create table").click()
    created = "Table BP-ADMIN is created in USD with the default rules (version 1)."
    expect(page.locator("#notice")).to_have_text(created)
    table = next(each for each in live.api("GET", "/tables", user="admin") if each["name"] == "BP-ADMIN")
    assert (table["timezone"], table["shift_starts"]) == ("Europe/Malta", ["06:00", "18:00"])
    expect(page.locator("#schedule-version")).to_contain_text("version 1")
    # The server's first pay table counts every hand once (seconds on a busy machine).
    expect(page.locator("#config-versions tbody tr")).to_have_count(1, timeout=30_000)

    # A bad amount is refused at its field before anything is sent.
    page.fill("#limit-main-min", "10,5")
    page.get_by_role("button", name="Preview").click()
    refused = page.locator('[data-error-for="config-config.limits.main[0]"]')
    expect(refused).to_contain_text("is not an amount")
    page.fill("#limit-main-min", "10")
    page.get_by_role("group", name="Seats").get_by_role("button", name="5", exact=True).click()
    page.select_option("#qualifier-high", "A")
    page.fill("#pays-five_aces", "500")
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#config-preview")
    expect(preview.locator("h4")).to_have_text("Version 2 as it would be saved")
    expect(preview.locator(".changes li")).to_have_count(4)
    expect(preview).to_contain_text("Seats: 6 → 5")
    expect(preview).to_contain_text("Dealer qualifier: K-3-2 → A-3-2")
    expect(preview).to_contain_text("Five Aces pays: 1000 to 1 → 500 to 1")
    change = {"seats": 5, "dealer_qualifier": "A-3-2", "limits": {"main": [1000, 100_000]}}
    change["break_bonus_pays"] = {**table["config"]["break_bonus_pays"], "five_aces": 500}
    api = live.api("POST", f"/tables/{table['id']}/config/preview", {"config": change}, "admin")
    edge = f"{api['break_bonus_house_edge'] * 100:.3f}%"
    expect(preview.locator(".edge")).to_contain_text(f"Break Bonus house edge: {edge}")
    expect(preview.locator(".edge")).to_contain_text(api["break_bonus_house_edge_exact"])
    lines = preview.locator(".pay-table tbody tr")
    expect(lines).to_have_count(len(api["pay_table"]))
    expect(lines.first.locator("td")).to_have_text(
        [api["pay_table"][0]["name"], "500 to 1", f"{api['pay_table'][0]['combinations']:,}", "1 in 136,652"]
    )
    screenshot(page, "admin-config-preview", tmp_path)

    page.get_by_role("button", name="Save as a new version").click()
    expect(page.locator("#notice")).to_have_text("Version 2 of BP-ADMIN's configuration is saved.")
    expect(page.locator("#config-versions tbody tr")).to_have_count(2)
    expect(page.locator("#config-versions tbody tr").first).to_contain_text("admin")
    saved = live.api("GET", f"/tables/{table['id']}/config", user="admin")
    assert saved["version"] == 2
    assert {name: saved["config"][name] for name in change} == {**change, "limits": saved["config"]["limits"]}
    assert saved["config"]["limits"]["main"] == [1000, 100_000]


def test_an_edit_saved_meanwhile_is_shown_not_overwritten(page: Any, live: Any) -> None:
    table = next(each for each in live.api("GET", "/tables", user="admin") if each["name"] == "BP-ADMIN")
    page.reload()
    page.select_option("#table-pick", str(table["id"]))
    # Both reads of the table (the page's first, then the pick's) are in
    # before the other admin saves: a read answered after it showed the
    # new versions, and the page rightly saved on top of them.
    expect(page.locator("#table-detail")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#config-base")).to_contain_text("from version 2")
    # Another admin saves a version and a schedule while this page shows the old ones.
    live.edit(f"/tables/{table['id']}/config", {"config": {"seats": 4}}, "admin2")
    live.edit(f"/tables/{table['id']}/schedule", {"shift_starts": ["07:00"]}, "admin2")

    page.get_by_role("group", name="Seats").get_by_role("button", name="3", exact=True).click()
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("button", name="Save as a new version").click()
    stale = page.locator('[data-error-for="config"] .stale')
    expect(stale).to_contain_text("Changed meanwhile by admin2: version 3 was saved")
    expect(stale).to_contain_text("Your change was not saved.")
    assert live.api("GET", f"/tables/{table['id']}/config", user="admin")["config"]["seats"] == 4
    stale.get_by_role("button", name="Reload").click()
    expect(page.locator("#config-base")).to_contain_text("from version 3")
    expect(page.locator("#config-versions tbody tr")).to_have_count(3)

    page.get_by_label("Shift 1 starts").fill("05:00")
    page.get_by_role("button", name="Save the schedule").click()
    stale = page.locator('[data-error-for="schedule"] .stale')
    expect(stale).to_contain_text("Changed meanwhile by admin2: the schedule is at version 2")
    stale.get_by_role("button", name="Reload").click()
    expect(page.get_by_label("Shift 1 starts")).to_have_value("07:00")
    page.select_option("#schedule-timezone", "America/Los_Angeles")
    page.get_by_role("button", name="Save the schedule").click()
    expect(page.locator("#notice")).to_have_text("The schedule of BP-ADMIN is saved.")
    schedule = live.api("GET", f"/tables/{table['id']}/schedule", user="admin")
    assert (schedule["timezone"], schedule["shift_starts"], schedule["version"]) == (
        "America/Los_Angeles",
        ["07:00"],
        3,
    )


def test_a_table_is_created_in_the_currency_chosen(page: Any, live: Any) -> None:
    page.get_by_role("button", name="New table…").click()
    page.fill("#create-name", "BP-YEN")
    page.select_option("#create-currency", "JPY")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#notice")).to_have_text(
        "Table BP-YEN is created in JPY with the default rules (version 1)."
    )
    table = next(each for each in live.api("GET", "/tables", user="admin") if each["name"] == "BP-YEN")
    assert table["currency"] == {"code": "JPY", "minor_unit": 0}
