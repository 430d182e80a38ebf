"""A pit boss's corrections of a rating on its slip in Chromium at
1024x768 with touch: a buy-in the dealer missed (refused at its time
before the seat-in, then recorded), the seat-out the dealer missed, the
chips taken away corrected once closed, a late cash buy-in past the report
threshold refused at its amount with the way to the identification; the
slip's list says who, when, why and what. Compliance reads the list only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, money

CLUB = "72001"


def seconds(moment: datetime) -> str:
    """A datetime-local input's value to the second, in the browser's (the machine's) clock."""
    return moment.astimezone().strftime("%Y-%m-%dT%H:%M:%S")


def missed_rating(live: Any, table: dict[str, Any], seated_at: datetime) -> dict[str, Any]:
    live.api("POST", "/players", {"club_number": CLUB, "name": "Jo Kim"}, "admin")
    body = {"club_number": CLUB, "seat": 2, "seated_at": seated_at.isoformat(), "reason": "seat-in missed"}
    return dict(live.api("POST", f"/tables/{table['id']}/ratings", body, "pit_boss"))


def figure(page: Any, key: str) -> Any:
    return page.locator(f'#slip-out tr[data-figure="{key}"] td')


def send(page: Any, reason: str) -> None:
    page.fill("#fix-reason", reason)
    page.locator("#fix-form").get_by_role("button", name="Record the correction").tap()


def test_a_pit_boss_corrects_a_rating_on_its_slip(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    now = datetime.now(UTC)
    rating = missed_rating(live, table, now - timedelta(minutes=40))
    page = at_pit(open_page, "pit_boss", table)
    page.goto(f"{page.url.split('#')[0]}#slip-{rating['id']}")
    expect(page.locator("#slip-title")).to_contain_text(f"Rating slip #{rating['id']}: Jo Kim")
    expect(page.locator("#corrections-none")).to_have_text("No correction.")
    # Open: a buy-in or a seat-out was missed; the walk is corrected once closed.
    expect(page.locator("#fix-kind option")).to_have_text(
        ["A buy-in the dealer missed", "A seat-out the dealer missed"]
    )

    # A buy-in before the seat-in: the API names its time, shown there.
    page.select_option("#fix-buy_in-kind", "chips")
    page.fill("#fix-buy_in-amount", "100")
    page.fill("#fix-buy_in-at", seconds(now - timedelta(minutes=50)))
    send(page, "chips from the other table not entered")
    expect(page.locator('[data-error-for="fix-buy_in.at"]')).not_to_be_empty()
    expect(page.locator("#fix-buy_in-at")).to_have_attribute("aria-invalid", "true")
    page.fill("#fix-buy_in-at", seconds(now - timedelta(minutes=30)))
    send(page, "chips from the other table not entered")
    expect(page.locator("#notice")).to_contain_text(f"Rating #{rating['id']} corrected")
    expect(figure(page, "chips-brought")).to_have_text(money(10_000))
    rows = page.locator("#corrections-table tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0).locator(".by")).to_have_text("pit_boss")
    expect(rows.nth(0).locator(".reason")).to_have_text("chips from the other table not entered")
    expect(rows.nth(0).locator(".what")).to_contain_text("Missed chips buy-in of 100.00 USD at ")

    # The seat-out the dealer missed: the slip is final at that time.
    page.select_option("#fix-kind", "seat_out")
    page.fill("#fix-seat_out-at", seconds(now - timedelta(minutes=10)))
    page.fill("#fix-seat_out-chips_taken", "150")
    send(page, "player left during the dealer change")
    expect(page.locator('#slip-title [data-mark="final"]')).to_have_text("FINAL")
    expect(figure(page, "chips-taken")).to_have_text(money(15_000))
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-kind", "seat_out")
    expect(rows.nth(0).locator(".what")).to_contain_text("chips taken away 150.00 USD")

    # Closed: the walk corrected; a seat-out no longer offered.
    expect(page.locator("#fix-kind option")).to_have_text(
        ["Chips taken away, corrected", "A buy-in the dealer missed"]
    )
    page.fill("#fix-chips_taken", "90")
    send(page, "walk estimated too high")
    expect(figure(page, "chips-taken")).to_have_text(money(9_000))
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".what")).to_have_text("Chips taken away corrected to 90.00 USD")
    stored = live.api("GET", f"/ratings/{rating['id']}", user="pit_boss")
    assert [c["kind"] for c in stored["corrections"]] == ["buy_in", "seat_out", "chips_taken"]
    assert stored["chips_taken"] == 9_000

    # Late cash past the report threshold: refused at the amount, the way to the identification given.
    page.select_option("#fix-kind", "buy_in")
    page.select_option("#fix-buy_in-kind", "cash")
    page.fill("#fix-buy_in-amount", "10,000.01")
    page.fill("#fix-buy_in-at", seconds(now - timedelta(minutes=20)))
    send(page, "cash buy-in not entered")
    refusal = page.locator('[data-error-for="fix-buy_in.amount"]')
    expect(refusal).to_contain_text("identification first (the player's page has the form")
    expect(page.locator("#fix-buy_in-amount")).to_have_attribute("aria-invalid", "true")
    assert len(live.api("GET", f"/ratings/{rating['id']}", user="pit_boss")["corrections"]) == 3
    screenshot(page, "pit-correction", tmp_path)
    page.locator("#fix-identify").tap()
    expect(page.locator("#player-title")).to_contain_text("Jo Kim")
    expect(page.locator("#identification-form")).to_be_visible()

    # Compliance reads the corrections, and corrects nothing.
    reader = at_pit(open_page, "compliance", None)
    reader.goto(f"{reader.url.split('#')[0]}#slip-{rating['id']}")
    expect(reader.locator("#corrections-table tbody tr")).to_have_count(3)
    expect(reader.locator("#corrections-table tbody tr").nth(2).locator(".what")).to_have_text(
        f"Missed buy-in (#{stored['buy_ins'][0]['id']})"
    )
    # The pit boss by name, not by a number only the database knows.
    expect(reader.locator("#corrections-table tbody tr").nth(0).locator(".by")).to_have_text("pit_boss")
    expect(reader.locator("#fix-form")).to_have_count(0)
