"""The pit page's Dealers screen in Chromium at 1024x768 with touch: the
current shift's dealers, each with their time at the table from the
tablet's sign-in to the relief, their rounds (counted by a real worker),
the rounds per hour, voids, cards changed by hand and the cards against
chips of their table session, as the API gives them; read by compliance
too."""

from __future__ import annotations

from typing import Any

from service.config.environment import SessionlessRounds
from tests.support.background import run_burst
from tests.support.rounds_data import round_body
from tests.ui.accounting_steps import open_table
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, screen

# Read by the live fixture: a dealer signs in at an open table.
ROUNDS_WITHOUT_SESSION = SessionlessRounds.REFUSE


def shown_results(line: dict[str, Any]) -> str:
    if not line["players_results"]:
        return "—"
    (part,) = line["players_results"]
    amount = lambda minor: f"{minor / 100:,.2f} {part['currency']}"  # noqa: E731 - USD in this test
    return (
        f"{amount(part['actual'])} = theoretical {amount(part['theoretical'])} + decisions "
        f"{amount(part['decisions'])} + player's cards {amount(part['player_cards'])} + dealer's cards "
        f"{amount(part['dealer_cards'])}"
    )


def test_the_dealers_of_the_shift_with_their_figures(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    open_table(live, table["id"])
    live.api("POST", f"/tables/{table['id']}/dealer-sessions", user="dealer")
    for n in range(3):
        live.enter(table["id"], round_body(f"dealers-{n}"))
    run_burst(live.settings)  # the rounds counted into the shift's aggregates
    (line,) = live.api("GET", "/reports/dealer-shifts", user="pit_boss")["dealers"]
    assert (line["name"], line["rounds"]) == ("dealer", 3)

    for user in ("pit_boss", "compliance"):
        page = at_pit(open_page, user, None)
        screen(page, "dealers")
        row = page.locator('#dealers-table tr[data-dealer="dealer"]')
        cells = row.locator("td")
        expect(cells.nth(0)).to_have_text("dealer")
        expect(cells.nth(1)).to_contain_text(f"{table['name']}:")
        expect(cells.nth(1)).to_contain_text("3 rounds")
        expect(cells.nth(2)).to_have_text("3")
        expect(cells.nth(4)).to_have_text("0")
        expect(cells.nth(6)).to_have_text("0 in 0 dealt")
        expect(cells.nth(7)).to_have_text(f"{table['name']} #1: drop not counted yet")
        # The four parts wait for the rounds' values (no strategy table here).
        expect(cells.nth(8)).to_have_text(shown_results(line))
        shift = live.api("GET", "/reports/dealer-shifts", user="pit_boss")
        expect(page.locator("#dealers-period")).to_have_text(
            f"Gaming day {shift['gaming_day']}, shift {shift['shift']}"
        )
        expect(page.locator("#dealers-day")).to_have_value(shift["gaming_day"])
    screenshot(page, "pit-dealers", tmp_path)
