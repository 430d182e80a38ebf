"""Each page refuses the roles it is not for with a sentence that says which
pages that role can use, with links to them: at sign-in, and when a tab
already signed in on another page comes to this one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import PASSWORD, expect, sign_in

REFUSALS = [
    (
        "/dealer",
        "compliance",
        "You signed in as compliance, a compliance officer: this page is not for that role. "
        "A compliance officer can read the Pit page and use the Compliance page.",
        {"Pit page": "/pit", "Compliance page": "/compliance"},
    ),
    (
        "/dealer",
        "admin",
        "You signed in as admin, an admin: this page is not for that role. "
        "An admin can read the Pit page and use the Compliance page and the Admin page.",
        {"Pit page": "/pit", "Compliance page": "/compliance", "Admin page": "/admin"},
    ),
    (
        "/pit",
        "dealer",
        "You signed in as dealer, a dealer: this page is not for that role. "
        "A dealer can use the Dealer page.",
        {"Dealer page": "/dealer"},
    ),
    (
        "/compliance",
        "pit_boss",
        "You signed in as pit_boss, a pit boss: this page is not for that role. "
        "A pit boss can use the Dealer page and the Pit page.",
        {"Dealer page": "/dealer", "Pit page": "/pit"},
    ),
    (
        "/compliance",
        "dealer",
        "You signed in as dealer, a dealer: this page is not for that role. "
        "A dealer can use the Dealer page.",
        {"Dealer page": "/dealer"},
    ),
    (
        "/cage",
        "pit_boss",
        "You signed in as pit_boss, a pit boss: this page is not for that role. "
        "A pit boss can use the Dealer page and the Pit page.",
        {"Dealer page": "/dealer", "Pit page": "/pit"},
    ),
    (
        "/count",
        "cage",
        "You signed in as cage, a cage cashier: this page is not for that role. "
        "A cage cashier can use the Cage page.",
        {"Cage page": "/cage"},
    ),
    (
        "/admin",
        "compliance",
        "You signed in as compliance, a compliance officer: this page is not for that role. "
        "A compliance officer can read the Pit page and use the Compliance page.",
        {"Pit page": "/pit", "Compliance page": "/compliance"},
    ),
    (
        "/pit",
        "count",
        "You signed in as count, a counter: this page is not for that role. "
        "A counter can use the Count page.",
        {"Count page": "/count"},
    ),
]


@pytest.mark.parametrize(("path", "user", "sentence", "links"), REFUSALS)
def test_a_page_refuses_a_role_and_names_the_pages_it_can_use(
    open_page: Any, path: str, user: str, sentence: str, links: dict[str, str]
) -> None:
    page = open_page(path)
    page.fill("#name", user)
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    refusal = page.locator('[data-error-for="sign-in"]')
    expect(refusal).to_have_text(sentence)
    found = refusal.locator("a")
    expect(found).to_have_count(len(links))
    for index, (text, href) in enumerate(links.items()):
        expect(found.nth(index)).to_have_text(text)
        expect(found.nth(index)).to_have_attribute("href", href)
    expect(page.locator("#sign-out")).to_be_hidden()
    # The link leads to a page that takes this role.
    found.first.click()
    sign_in(page, user)
    expect(page.locator("#sign-in")).to_be_hidden()


def test_a_tab_signed_in_elsewhere_is_told_which_pages_it_can_use(open_page: Any) -> None:
    page = open_page("/compliance", "compliance")
    page.goto(page.url.replace("/compliance", "/dealer"))  # the bar links only compliance's own pages
    notice = page.locator("#sign-in-notice")
    expect(notice).to_have_text(
        "You are signed in as compliance, a compliance officer: this page is not for that role. "
        "A compliance officer can read the Pit page and use the Compliance page."
    )
    notice.get_by_role("link", name="Compliance page").click()
    expect(page.locator("#sign-out")).to_be_visible()  # still signed in there
    expect(page.locator("#sign-in")).to_be_hidden()
