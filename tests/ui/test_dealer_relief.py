"""The dealer signed in at the table on the tablet in Chromium at 1024x768:
the bar names the dealer; its dialog signs in, hands over to the next
dealer (a relief: their name and password, the previous session ended at
the same instant, the tablet going on as them) and signs out, each checked
against the API; a relief by someone not a dealer is refused at the name."""

from __future__ import annotations

from typing import Any

import pytest

from service.accounts.auth import create_user
from service.config.environment import SessionlessRounds
from service.store.db import database_factory, make_engine
from service.store.work import unit_of_work
from tests.support.app import PASSWORD
from tests.ui.accounting_steps import open_table
from tests.ui.conftest import expect, screenshot
from tests.ui.dealer_page_support import at_table

# Read by the live fixture: a dealer signs in at an open table.
ROUNDS_WITHOUT_SESSION = SessionlessRounds.REFUSE
DIALOG = "#dealer-dialog"


@pytest.fixture(scope="module")
def next_dealer(live: Any) -> str:
    """A second dealer, to relieve the first."""
    engine = make_engine(live.settings.database_url)
    try:
        with unit_of_work(database_factory(engine)) as db:
            create_user(db, "dealer-next", "dealer", PASSWORD)
    finally:
        engine.dispose()
    return "dealer-next"


def current(live: Any, table_id: int) -> Any:
    return live.api("GET", f"/tables/{table_id}/dealer-sessions/current", user="pit_boss")["session"]


def test_a_dealer_signs_in_is_relieved_and_the_next_one_signs_out(
    open_page: Any, live: Any, table: dict[str, Any], next_dealer: str, tmp_path: Any
) -> None:
    open_table(live, table["id"])
    page = at_table(open_page, table)
    button = page.locator("#dealer-on")
    expect(button).to_have_text("No dealer")
    button.tap()
    expect(page.locator("#dealer-status")).to_contain_text("No dealer is signed in")
    expect(page.locator("#relief-form")).to_be_hidden()
    page.locator("#dealer-sign-in").tap()
    expect(button).to_have_text("Dealer: dealer")
    expect(page.locator("#dealer-sign-out")).to_be_visible()
    first = current(live, table["id"])
    assert first["dealer"] == "dealer"

    # Someone not a dealer cannot take the table over.
    page.fill("#relief-name", "pit_boss")
    page.fill("#relief-password", PASSWORD)
    page.locator("#dealer-relief").tap()
    expect(page.locator('[data-error-for="relief-name"]')).to_contain_text("not a dealer")
    assert current(live, table["id"])["id"] == first["id"]

    page.fill("#relief-name", next_dealer)
    page.fill("#relief-password", PASSWORD)
    screenshot(page, "dealer-relief", tmp_path)
    page.locator("#dealer-relief").tap()
    expect(button).to_have_text(f"Dealer: {next_dealer}")
    expect(page.locator("#who")).to_contain_text(next_dealer)
    relieving = current(live, table["id"])
    assert relieving["relieved_id"] == first["id"]
    shifts = live.api("GET", "/reports/dealer-shifts", user="pit_boss")
    (ended,) = [
        stint
        for line in shifts["dealers"]
        if line["name"] == "dealer"
        for each in line["tables"]
        for stint in each["dealer_sessions"]
        if stint["id"] == first["id"]
    ]
    assert (ended["sign_out_reason"], ended["signed_out_at"]) == ("relief", relieving["signed_in_at"])

    # The tablet goes on as the next dealer: they sign out.
    expect(page.locator("#dealer-sign-out")).to_be_visible()
    page.locator("#dealer-sign-out").tap()
    expect(button).to_have_text("No dealer")
    assert current(live, table["id"]) is None
    page.locator("#dealer-close").tap()
    expect(page.locator(DIALOG)).to_be_hidden()
