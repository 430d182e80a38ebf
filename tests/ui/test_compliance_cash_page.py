"""The compliance page's cash rules' records in Chromium (1024x768, touch),
a client of the HTTP API only: the multiple transaction log a page at a
time by its Link header, by gaming day and by table; the report days by
gaming day; a player's identification read from the API each time it is
asked for (each read an event on the audit trail), and gone from the page
once hidden. The admin, who reads neither list, is told so."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent
from tests.ui.conftest import SCREENSHOTS, expect

NUMBER = "PX-4471-QA"
IDENTIFICATION = {
    "document_type": "passport",
    "number": NUMBER,
    "expiry": "2034-05-31",
    "date_of_birth": "1971-09-12",
}
PATRONS = 22  # with the player's two entries, a page of 20 and one of 4


def player_with_cash(
    live: Any, table: dict[str, Any], club_number: str, name: str, amounts: list[int]
) -> int:
    """A player enrolled, identified by the cage, seated and buying in with cash; the rating's id."""
    live.api("POST", "/players", {"club_number": club_number, "name": name}, "admin")
    live.api("POST", f"/players/{club_number}/identification", IDENTIFICATION, "cage")
    rating = live.api(
        "POST", f"/tables/{table['id']}/ratings", {"club_number": club_number, "seat": 2}, "dealer"
    )
    for amount in amounts:
        live.api("POST", f"/ratings/{rating['id']}/buy-ins", {"kind": "cash", "amount": amount}, "dealer")
    return int(rating["id"])


def reads(live: Any) -> int:
    """How many identification reads the audit trail holds."""
    with database_factory(make_engine(live.settings.database))() as db:
        return int(db.scalar(select(func.count()).where(AuditEvent.kind == "identification_read")) or 0)


def panel_picture(page: Any, selector: str, name: str, tmp_path: Path) -> None:
    """The panel's picture: into docs/screenshots/ when BREAKPOKER_SCREENSHOTS
    is set (`make screenshots`), else beside the test."""
    folder = SCREENSHOTS if os.environ.get("BREAKPOKER_SCREENSHOTS") else tmp_path
    path = folder / f"{name}.png"
    page.locator(selector).screenshot(path=str(path))
    assert path.stat().st_size > 10_000  # a rendered panel, not a blank one


def test_the_log_is_paged_and_filtered_by_day_and_table(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Path
) -> None:
    # 4,000.00 and 5,000.00: both logged, 9,000.00 passes no report threshold.
    player_with_cash(live, table, "70001", "Mia Ortega", [400_000, 500_000])
    for number in range(PATRONS):
        body = {"amount": 300_000 + number, "description": f"patron {number + 1}, grey coat"}
        live.api("POST", f"/tables/{table['id']}/cash-transactions", body, "pit_boss")
    other = live.api("POST", "/tables", {"name": "BP-empty"}, user="admin")

    page = open_page("/compliance", "compliance")
    rows = page.locator("#cash-log-list tbody tr")
    expect(rows).to_have_count(20)
    expect(rows.first).to_contain_text(f"patron {PATRONS}, grey coat")  # newest first
    expect(rows.first).to_contain_text("3,000.21 USD")
    expect(page.locator('#cash-log [data-page="prev"]')).to_be_disabled()

    page.locator('#cash-log [data-page="next"]').tap()
    expect(rows).to_have_count(4)
    expect(rows.nth(2)).to_contain_text("Mia Ortega")
    expect(rows.nth(2)).to_contain_text("5,000.00 USD")
    expect(rows.nth(3)).to_contain_text("4,000.00 USD")
    expect(rows.nth(3)).to_contain_text("buy-in")
    expect(page.locator('#cash-log [data-page="next"]')).to_be_disabled()
    panel_picture(page, "#cash-log-panel", "compliance-cash-log", tmp_path)

    page.locator('#cash-log [data-page="first"]').tap()
    expect(rows).to_have_count(20)

    page.select_option("#cash-log-table", str(other["id"]))
    page.locator("#cash-log-show").tap()
    expect(page.locator("#cash-log-empty")).to_be_visible()
    page.select_option("#cash-log-table", str(table["id"]))
    page.fill("#cash-log-day", "2020-01-01")
    page.locator("#cash-log-show").tap()
    expect(page.locator("#cash-log-empty")).to_be_visible()
    day = live.api("GET", "/compliance/cash-transactions?limit=1", user="compliance")[0]["gaming_day"]
    page.fill("#cash-log-day", day)
    page.locator("#cash-log-show").tap()
    expect(rows).to_have_count(20)
    expect(page.locator("#cash-log-list")).not_to_contain_text("BP-empty")


def test_a_report_day_s_identification_is_read_each_time_and_not_kept(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Path
) -> None:
    # 4,000.00 then 7,000.00: the day's 11,000.00 passes the report threshold.
    player_with_cash(live, table, "70002", "Noor Haddad", [400_000, 700_000])
    page = open_page("/compliance", "compliance")
    row = page.locator('#report-day-list tr[data-club="70002"]')
    expect(row).to_contain_text("Noor Haddad")
    expect(row).to_contain_text("11,000.00 USD")
    assert NUMBER not in page.content()  # nothing is read before it is asked for

    before = reads(live)
    row.get_by_role("button", name="Identification").tap()
    fields = page.locator("#identification-fields")
    expect(fields).to_contain_text(NUMBER)
    expect(fields).to_contain_text("1971-09-12")
    expect(fields).to_contain_text("recorded by cage")
    assert reads(live) == before + 1
    panel_picture(page, "#report-days-panel", "compliance-report-days", tmp_path)

    page.locator("#identification-hide").tap()
    expect(page.locator("#identification")).to_be_hidden()
    assert NUMBER not in page.content()  # hidden is gone, not kept out of sight

    row.get_by_role("button", name="Identification").tap()  # asked again: read again
    expect(fields).to_contain_text(NUMBER)
    assert reads(live) == before + 2

    day = live.api("GET", "/compliance/report-days?limit=1", user="compliance")[0]["gaming_day"]
    page.fill("#report-day", "2020-01-01")
    page.locator("#report-days-show").tap()
    expect(page.locator("#report-days-empty")).to_be_visible()
    page.fill("#report-day", day)
    page.locator("#report-days-show").tap()
    expect(row).to_be_visible()


def test_the_admin_is_told_the_lists_are_compliance_s(open_page: Any, live: Any) -> None:
    page = open_page("/compliance", "admin")
    expect(page.locator("#cash-log")).to_contain_text("read by compliance officers only")
    expect(page.locator("#report-days")).to_contain_text("read by compliance officers only")
    expect(page.locator('[data-error-for="cash-log"]')).to_have_text("")
