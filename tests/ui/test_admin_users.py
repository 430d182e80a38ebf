"""The admin page's users in Chromium, and the sign-in of a user whose
password an admin chose: the admin creates a dealer from the browser, the
dealer is asked for a password of their own before the tablet shows, and
the admin changes the role, resets the password (shown once) and
deactivates and reactivates the account, each asked once more on its row.
One signed-in admin page serves the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.conftest import expect, module_page, screenshot

INITIAL = "chosen by the admin 1"
OWN = "the dealer's very own 7"


@pytest.fixture(scope="module")
def page(browser: Any, live: Any) -> Iterator[Any]:
    with module_page(browser, live, "/admin#users", "admin") as tab:
        yield tab


def row(page: Any, name: str) -> Any:
    return page.locator(f'#users-list tr[data-user="{name}"]')


def test_an_admin_creates_a_user_who_sets_their_own_password(
    page: Any, live: Any, open_page: Any, tmp_path: Any
) -> None:
    page.fill("#user-name", "newdealer")
    page.select_option("#user-role", "dealer")
    page.fill("#user-password", "short")
    page.get_by_role("button", name="Create user").click()
    expect(page.locator('[data-error-for="user-password"]')).not_to_be_empty()  # the policy, at its field
    page.fill("#user-password", INITIAL)
    page.get_by_role("button", name="Create user").click()
    expect(page.locator("#notice")).to_contain_text("newdealer (Dealer) is created")
    expect(row(page, "newdealer")).to_contain_text("never")
    cells = row(page, "newdealer").locator("td")
    expect(cells.nth(2)).to_have_text("active")
    expect(cells.nth(3)).to_have_text("yes")

    # The dealer signs in with the admin's password: a password of their own first.
    tablet = open_page("/dealer")
    tablet.fill("#name", "newdealer")
    tablet.fill("#password", INITIAL)
    tablet.press("#password", "Enter")
    dialog = tablet.locator("#password-dialog")
    expect(dialog).to_be_visible()
    expect(tablet.locator("#password-forced")).to_be_visible()
    expect(tablet.locator("#password-cancel")).to_be_hidden()
    tablet.keyboard.press("Escape")
    expect(dialog).to_be_visible()  # it must be answered
    tablet.fill("#old-password", INITIAL)
    tablet.fill("#new-password", OWN)
    tablet.fill("#new-password-again", "something else entirely")
    dialog.get_by_role("button", name="Change password").click()
    expect(tablet.locator('[data-error-for="new_password_again"]')).to_contain_text("differ")
    tablet.fill("#new-password", "newdealer is me!")
    tablet.fill("#new-password-again", "newdealer is me!")
    dialog.get_by_role("button", name="Change password").click()
    expect(tablet.locator('[data-error-for="new_password"]')).not_to_be_empty()  # the policy: not the name
    tablet.fill("#new-password", OWN)
    tablet.fill("#new-password-again", OWN)
    dialog.get_by_role("button", name="Change password").click()
    expect(dialog).to_be_hidden()
    expect(tablet.locator("#session-notice")).to_have_text("Your password is changed.")
    expect(tablet.locator("#sign-out")).to_be_visible()
    expect(tablet.locator("#who")).to_have_text("newdealer (dealer)")
    tablet.reload()  # kept for the tab, with no question asked again
    expect(tablet.locator("#password-dialog")).to_be_hidden()
    expect(tablet.locator("#sign-out")).to_be_visible()

    page.get_by_role("button", name="Users").click()
    expect(cells.nth(3)).to_have_text("no")
    expect(cells.nth(4)).not_to_have_text("never")

    # A reset: asked once more, the temporary password shown once.
    row(page, "newdealer").get_by_role("button", name="Reset password").click()
    row(page, "newdealer").get_by_role("button", name="Yes, reset").click()
    shown = page.locator("#temporary-password")
    expect(shown).to_contain_text("Temporary password for newdealer:")
    temporary = shown.locator("code").inner_text()
    assert len(temporary) >= 12
    expect(cells.nth(3)).to_have_text("yes")
    screenshot(page, "admin-users", tmp_path)
    shown.get_by_role("button", name="Done: hide it").click()
    expect(shown).to_be_hidden()
    signed_in = live.api("POST", "/auth/login", {"name": "newdealer", "password": temporary})
    assert signed_in["must_change_password"] is True


def test_a_question_cancelled_puts_the_row_back_without_a_reload(page: Any) -> None:
    # A reload of the list on Cancel could land after the next tap and wipe
    # the question that tap asked: the row is put back as it was instead.
    page.reload()
    expect(row(page, "newdealer")).to_be_visible()
    held: list[Any] = []
    page.route("**/api/v1/users", lambda route: held.append(route))
    try:
        row(page, "newdealer").get_by_role("button", name="Deactivate").click()
        row(page, "newdealer").get_by_role("button", name="Cancel").click()
        expect(row(page, "newdealer").get_by_role("button", name="Deactivate", exact=True)).to_be_visible()
        expect(row(page, "newdealer")).not_to_contain_text("Deactivate newdealer?")
        assert held == []
    finally:
        for route in held:
            route.continue_()
        page.unroute("**/api/v1/users")


def test_a_role_changed_and_an_account_deactivated_and_reactivated(page: Any, live: Any) -> None:
    page.reload()
    expect(row(page, "newdealer")).to_be_visible()
    row(page, "newdealer").get_by_label("Role of newdealer").select_option("pit_boss")
    row(page, "newdealer").get_by_role("button", name="Set role").click()
    expect(page.locator("#notice")).to_have_text("newdealer is now Pit boss.")
    expect(row(page, "newdealer").locator("td").nth(1)).to_have_text("Pit boss")

    row(page, "newdealer").get_by_role("button", name="Deactivate").click()
    expect(row(page, "newdealer")).to_contain_text("Deactivate newdealer?")
    row(page, "newdealer").get_by_role("button", name="Cancel").click()
    expect(row(page, "newdealer").locator("td").nth(2)).to_have_text("active")
    row(page, "newdealer").get_by_role("button", name="Deactivate").click()
    row(page, "newdealer").get_by_role("button", name="Yes, deactivate").click()
    expect(page.locator("#notice")).to_have_text("newdealer is deactivated: their sign-ins are ended.")
    expect(row(page, "newdealer").locator("td").nth(2)).to_have_text("deactivated")
    row(page, "newdealer").get_by_role("button", name="Reactivate").click()
    row(page, "newdealer").get_by_role("button", name="Yes, reactivate").click()
    expect(row(page, "newdealer").locator("td").nth(2)).to_have_text("active")
    # Nobody deactivates themselves: the page does not offer it.
    expect(row(page, "admin").get_by_role("button", name="Deactivate")).to_have_count(0)
    expect(row(page, "admin")).to_contain_text("you")
