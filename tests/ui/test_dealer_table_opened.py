"""The dealer tablet at a casino where a table takes rounds only once a pit
boss has opened it: the tablet waiting at "No open table" sees the table
opened without a reload."""

from __future__ import annotations

from typing import Any

from service.config.environment import SessionlessRounds
from tests.ui.accounting_steps import open_table
from tests.ui.conftest import expect

# Read by the live fixture: no round without an open session here.
ROUNDS_WITHOUT_SESSION = SessionlessRounds.REFUSE


def test_a_table_opened_meanwhile_is_offered_without_a_reload(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = open_page("/dealer", "dealer")
    expect(page.locator('[data-error-for="tables"]')).to_contain_text("No open table")
    open_table(live, table["id"])
    button = page.get_by_role("button", name=table["name"], exact=True)
    expect(button).to_be_visible(timeout=10_000)
    expect(page.locator('[data-error-for="tables"]')).to_have_text("")
    button.click()
    expect(page.locator("#round")).to_be_visible()
