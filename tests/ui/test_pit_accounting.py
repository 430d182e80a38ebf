"""The money at the tables in Chromium: the pit boss opens a table with the
dealer co-signing, a fill goes from the pit to the cage page and back to
the table, the table is closed, the count page counts its box, and the
cards-against-chips check shows the line (and a flagged one, opened with
its timeline and noted). An opener that differs asks for an explanation;
chips are typed as how many of each, and an amount refused reads in the
currency and in chips."""

from __future__ import annotations

from typing import Any

from tests.ui.accounting_steps import TRAY_TYPED, close_table, cosign, count_drop, open_table, type_count
from tests.ui.conftest import expect, screenshot

NOTE = "Box 7 recounted by surveillance: a 20.00 note from table 2's box"


def tables_screen(open_page: Any, user: str, table: dict[str, Any]) -> Any:
    page = open_page("/pit", user)
    expect(page.locator("#office")).to_be_visible()
    page.select_option("#table-pick", str(table["id"]))
    page.click('[data-view="tables"]')
    expect(page.locator("#table-session")).to_be_visible()
    return page


def test_a_table_is_opened_filled_closed_counted_and_checked(
    open_page: Any, live: Any, table: Any, tmp_path: Any
) -> None:
    pit = tables_screen(open_page, "pit_boss", table)
    expect(pit.locator("#table-session")).to_contain_text("Closed: never opened yet")
    type_count(pit, "open", TRAY_TYPED)
    expect(pit.locator("#open-total")).to_have_text("8,100.00")  # live, as typed
    cosign(pit, "open", "dealer")
    pit.click('#open-form button[type="submit"]')
    expect(pit.locator("#notice")).to_contain_text(f"{table['name']} is open: session #1, opener 8,100.00.")
    expect(pit.locator("#table-session")).to_contain_text("signed by pit_boss and dealer")

    # The fill: requested here, issued at the cage, received by another pit boss and the dealer.
    type_count(pit, "slip", {"2500": "40", "10000": "20"})
    expect(pit.locator("#slip-total")).to_have_text("3,000.00")
    pit.click('#slip-form button[type="submit"]')
    expect(pit.locator("#notice")).to_contain_text("requested: 3,000.00. The cage issues it.")
    (slip,) = live.api("GET", f"/slips?table={table['id']}", user="pit_boss")
    number = slip["number"]
    card = pit.locator(f'[data-slip="{number}"]')
    expect(card).to_contain_text("Waiting for the cage to issue it.")

    cage = open_page("/cage", "cage")
    row = cage.locator(f'#cage-waiting tr[data-slip="{number}"]')
    expect(row).to_contain_text("3,000.00")
    screenshot(cage, "cage", tmp_path)
    row.get_by_role("button", name="Issue").click()
    issued = f"Fill No. {number} issued: 3,000.00 for {table['name']}."
    expect(cage.locator("#notice")).to_contain_text(issued)
    expect(cage.locator(f'#cage-waiting tr[data-slip="{number}"]')).to_have_count(0)
    expect(cage.locator("#slip-print")).to_contain_text("Issued (cage)")

    pit.click('[data-view="tables"]')
    expect(card).to_contain_text("You requested this slip: another pit boss receives it with the dealer.")
    other = tables_screen(open_page, "pit_boss2", table)
    cosign(other, f"receive-{number}", "dealer")
    screenshot(other, "pit-tables", tmp_path)
    other.locator(f'[data-receive="{number}"]').get_by_role("button", name="Receive").click()
    expect(other.locator("#notice")).to_have_text(f"Fill No. {number} received at the table.")
    expect(other.locator(f'[data-slip="{number}"] .badge')).to_have_text("received")

    # Closed after a 500.00 buy-in paid in 25.00 chips: the cash is in the box.
    other.get_by_role("button", name="Close the table…").click()
    type_count(other, "close", {"100": "100", "500": "100", "2500": "120", "10000": "70"})
    cosign(other, "close", "dealer")
    other.click('#close-form button[type="submit"]')
    expect(other.locator("#notice")).to_contain_text("closer 10,600.00. Its drop box goes to the count room.")
    session_id = live.api("GET", f"/tables/{table['id']}/sessions", user="pit_boss")[0]["id"]

    count = open_page("/count", "count")
    box = count.locator(f'#count-waiting tr[data-session="{session_id}"]')
    box.get_by_role("button", name="Count").click()
    type_count(count, "drop", {"5000": "10"})
    cosign(count, "drop", "count2", "cosigners.0")
    count.click('#count-form button[type="submit"]')
    expect(count.locator("#notice")).to_contain_text("the drop is 500.00, signed by count and count2.")
    expect(count.locator("#count-counts tr.selected")).to_contain_text("current")

    # The check: win 500 + 10,600 - 8,100 - 3,000 = 0, the rounds' net 0.
    flagged = flagged_session(live)
    other.select_option("#table-pick", "all")
    other.click('[data-view="checks"]')
    line = other.locator(f'#checks-grid tr[data-session="{session_id}"]')
    expect(line.locator("td.fills")).to_have_text("3,000.00")
    expect(line.locator("td.drop")).to_have_text("500.00")
    expect(line.locator("td.win")).to_have_text("0.00")
    expect(line.locator("td.difference")).to_have_text("0.00")
    expect(line.locator("td.status")).to_have_text("balanced")
    expect(line).not_to_have_class("flagged")
    odd = other.locator(f'#checks-grid tr[data-session="{flagged}"]')
    expect(odd).to_have_class("flagged")
    expect(odd.locator("td.difference")).to_have_text("+20.00")
    expect(odd.locator("td.status")).to_contain_text("DIFFERS")
    screenshot(other, "pit-checks", tmp_path)

    odd.get_by_role("button").click()
    expect(other.locator("#session-title")).to_contain_text("session #1 DIFFERS")
    steps = other.locator("#session-timeline tbody tr")
    expect(steps).to_have_count(3)
    for index, what in enumerate(["opener", "closer", "drop_count"]):
        expect(steps.nth(index)).to_have_attribute("data-what", what)
    other.fill("#session-note", NOTE)
    other.click('#session-note-form button[type="submit"]')
    expect(other.locator("#session-current-note")).to_contain_text(NOTE)
    expect(steps).to_have_count(4)
    screenshot(other, "pit-session", tmp_path)


def flagged_session(live: Any) -> int:
    """A session at another table whose box holds 20.00 no round explains."""
    other = live.api("POST", "/tables", {"name": "BP-flagged"}, user="admin")
    opened = open_table(live, other["id"])
    close_table(live, other["id"])
    count_drop(live, opened["id"], {"2000": 2000})
    return int(opened["id"])


def test_an_opener_that_differs_asks_for_an_explanation(open_page: Any, live: Any, table: Any) -> None:
    open_table(live, table["id"])
    close_table(live, table["id"])
    page = tables_screen(open_page, "pit_boss", table)
    expect(page.locator("#table-session")).to_contain_text("Last closer 8,100.00")
    type_count(page, "open", {**TRAY_TYPED, "2500": "99"})
    cosign(page, "open", "dealer")
    page.click('#open-form button[type="submit"]')
    expect(page.locator("#open-difference")).to_have_text(
        "This count (8,075.00) differs from the last closer (8,100.00) by -25.00. "
        "Count again, or explain the difference."
    )
    cells = page.locator('#open-differs tr[data-denomination="2500"] td')
    expect(cells).to_have_text(["25 chips", "2,500.00", "2,475.00", "-25.00"])
    expect(page.locator("#open-differs tbody tr")).to_have_count(1)
    expect(page.locator('[data-error-for="open-explanation"]')).to_contain_text("say why")
    expect(page.locator("#open-explanation")).to_be_focused()
    assert live.api("GET", f"/tables/{table['id']}/sessions", user="pit_boss")[0]["closed_at"] is not None

    page.fill("#open-explanation", "One 25.00 chip found under the float")
    cosign(page, "open", "dealer")  # the password is typed again for each signature
    page.click('#open-form button[type="submit"]')
    expect(page.locator("#notice")).to_contain_text("is open: session #2, opener 8,075.00.")
    expect(page.locator("#table-session .explanation")).to_have_text(
        "Differs from the last closer by -25.00: One 25.00 chip found under the float"
    )


def test_chips_are_typed_as_how_many_and_a_refused_amount_reads_in_the_currency(
    open_page: Any, live: Any, table: Any
) -> None:
    open_table(live, table["id"])
    page = tables_screen(open_page, "pit_boss", table)
    expect(page.locator('label[for="slip-d2500"]')).to_have_text("How many 25.00 chips")
    page.fill("#slip-d2500", "40")  # forty chips of 25.00, not 40.00
    page.fill("#slip-d10000", "1,000")
    expect(page.locator("#slip-total")).to_have_text("101,000.00")
    page.fill("#slip-d10000", "")
    page.fill("#slip-d100", "2.5")
    page.click('#slip-form button[type="submit"]')
    expect(page.locator('[data-error-for="slip-lines.100"]')).to_have_text(
        "How many 1.00 chips: 2.5 is not a number of chips (a whole number, as 40 or 1,000)"
    )
    page.fill("#slip-d100", "")
    page.fill("#slip-d500000", "2,000,001")  # one chip more than a line may hold
    page.click('#slip-form button[type="submit"]')
    expect(page.locator('[data-error-for="slip-lines.500000"]')).to_have_text(
        "10,000,005,000.00 (2,000,001 chips) is more than a line may hold: "
        "at most 10,000,000,000.00 (2,000,000 chips of 5,000.00)"
    )
    expect(page.locator("#slip-d500000")).to_have_attribute("aria-invalid", "true")
    assert live.api("GET", f"/slips?table={table['id']}", user="pit_boss") == []

    # A good one, then voided with a reason and the cage's signature.
    page.fill("#slip-d500000", "")
    page.check('input[name="slip-kind"][value="credit"]')
    page.click('#slip-form button[type="submit"]')
    expect(page.locator("#notice")).to_contain_text("requested: 1,000.00.")
    (slip,) = live.api("GET", f"/slips?table={table['id']}", user="pit_boss")
    assert (slip["kind"], slip["lines"]) == ("credit", {"2500": 100000})
    voiding = page.locator(f'[data-void="{slip["number"]}"]')
    voiding.locator("summary").click()
    cosign(page, f"void-{slip['number']}", "cage")
    voiding.get_by_role("button", name="Void the slip").click()
    expect(page.locator(f'[data-error-for="void-{slip["number"]}-reason"]')).to_have_text(
        "Reason for the void is required: say why, in up to 500 characters."
    )
    page.fill(f"#void-{slip['number']}-reason", "asked twice")
    cosign(page, f"void-{slip['number']}", "cage")
    voiding.get_by_role("button", name="Void the slip").click()
    expect(page.locator(f'[data-slip="{slip["number"]}"] .badge')).to_have_text("voided")
    (voided,) = live.api("GET", f"/slips/{slip['number']}", user="pit_boss")["signatures"]
    assert (voided["step"], voided["reason"], voided["cosigned_by"]) == ("voided", "asked twice", "cage")


def test_the_table_list_follows_opening_and_closing(open_page: Any, live: Any, table: Any) -> None:
    open_table(live, table["id"])
    close_table(live, table["id"])
    page = tables_screen(open_page, "pit_boss", table)
    option = page.locator(f'#table-pick option[value="{table["id"]}"]')
    expect(option).to_have_text(f"{table['name']} (closed)")
    type_count(page, "open", TRAY_TYPED)
    cosign(page, "open", "dealer")
    page.click('#open-form button[type="submit"]')
    expect(page.locator("#notice")).to_contain_text("is open: session #2")
    expect(option).to_have_text(table["name"])  # without a reload
    expect(page.locator("#table-pick")).to_have_value(str(table["id"]))

    page.get_by_role("button", name="Close the table…").click()
    type_count(page, "close", TRAY_TYPED)
    cosign(page, "close", "dealer")
    page.click('#close-form button[type="submit"]')
    expect(page.locator("#notice")).to_contain_text("is closed: session #2")
    expect(option).to_have_text(f"{table['name']} (closed)")


def test_the_tables_screen_shows_a_slip_the_cage_issues_without_a_reload(
    open_page: Any, live: Any, table: Any
) -> None:
    open_table(live, table["id"])
    fill = {"kind": "fill", "lines": {"2500": 100000}}
    slip = live.api("POST", f"/tables/{table['id']}/slips", fill, "pit_boss2")
    page = open_page("/pit", "pit_boss")
    page.clock.install()  # the page's timers, run on at will
    page.reload()
    page.select_option("#table-pick", str(table["id"]))
    page.click('[data-view="tables"]')
    card = page.locator(f'[data-slip="{slip["number"]}"]')
    expect(card).to_contain_text("Waiting for the cage to issue it.")
    page.fill("#slip-d500", "4")  # a request being typed meanwhile

    live.api("POST", f"/slips/{slip['number']}/issue", None, "cage")
    page.clock.fast_forward("00:20")
    expect(card.locator(".badge")).to_have_text("issued")
    expect(card.get_by_role("button", name="Receive")).to_be_visible()
    expect(page.locator("#slip-d500")).to_have_value("4")  # the refresh kept it


def test_an_open_table_shows_its_fills_first_and_the_close_form_on_asking(
    open_page: Any, live: Any, table: Any
) -> None:
    open_table(live, table["id"])
    page = tables_screen(open_page, "pit_boss", table)
    parts = page.locator("#tables-out > *")
    expect(parts.nth(0)).to_have_id("table-session")
    expect(parts.nth(1)).to_have_id("slips-out")  # the everyday work: fills and credits
    expect(page.locator("#slip-form")).to_be_visible()
    expect(page.locator("#close-form")).to_be_hidden()
    page.get_by_role("button", name="Close the table…").click()
    expect(page.locator("#close-form")).to_be_visible()
    expect(page.locator("#close-d100")).to_be_focused()
