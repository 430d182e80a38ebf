"""Submitting from the dealer's tablet in Chromium: API errors next to their
field, a retry after a dropped answer settling once even after a reload,
and a double tap settling once."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import deal, expect
from tests.ui.dealer_page_support import at_table, spare, type_hand


def test_api_errors_appear_next_to_their_field(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    hands = deal(2)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "3", hands["3"])
    page.fill("#bet-3-main", "1")  # below the table minimum: the API says so, at once
    error = page.locator('[data-error-for="seat-3-main"]')
    expect(error).to_contain_text("below the table minimum")
    expect(page.locator("#bet-3-main")).to_have_attribute("aria-invalid", "true")
    page.fill("#bet-3-main", "ten")  # not an amount: said before anything is sent
    page.click("#submit")
    expect(error).to_contain_text("ten is not an amount")
    page.fill("#bet-3-main", "5")
    page.fill("#bet-3-break_bonus", "5000")
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-3-break_bonus"]')).to_contain_text("above the table maximum")
    assert live.rounds(table["id"]) == []
    # Refused, so not stored: the round can be corrected and sent.
    expect(page.locator("#bet-3-break_bonus")).to_be_enabled()
    page.fill("#bet-3-break_bonus", "5")
    page.click("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(live.rounds(table["id"])) == 1


def test_a_retry_after_a_dropped_answer_settles_once_even_after_a_reload(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(3)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "1", hands["1"])
    page.fill("#bet-1-main", "5")
    dropped: list[str] = []

    def drop_the_answer(route: Any) -> None:
        if not dropped:  # the server settles; the tablet never hears back
            dropped.append(route.request.headers["idempotency-key"])
            route.fetch()
            route.abort()
        else:
            assert route.request.headers["idempotency-key"] == dropped[0]
            route.continue_()

    page.route("**/api/v1/tables/*/rounds", drop_the_answer)
    page.click("#submit")
    expect(page.locator('[data-error-for="general"]')).to_contain_text("never settles twice")
    assert len(live.rounds(table["id"])) == 1
    # It may be stored: it can only be sent again as it is, not edited or
    # dropped for a new round typed in again (that would be a second round).
    card = f'#picker [data-card="{spare(hands)}"]'
    for locked in ("#bet-1-main", "#codes", "#new-round", "#change-table", card):
        expect(page.locator(locked)).to_be_disabled()
    expect(page.locator("#submit")).to_be_enabled()
    # The tablet is reloaded: the round, its key and the lock are still there.
    page.reload()
    expect(page.locator('[data-chips="1"] .card')).to_have_count(7)
    expect(page.locator("#bet-1-main")).to_have_value("5")
    expect(page.locator("#bet-1-main")).to_be_disabled()
    expect(page.locator("#new-round")).to_be_disabled()
    expect(page.locator('[data-error-for="general"]')).to_contain_text("no answer came back")
    page.click("#submit")
    expect(page.locator("#results h2")).to_contain_text("already settled")
    expect(page.locator("#new-round")).to_be_enabled()
    assert len(live.rounds(table["id"])) == 1
    assert live.rounds(table["id"])[0]["round_id"] == dropped[0]


def test_a_double_tap_on_submit_settles_once(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    posts: list[str] = []
    page.on(
        "request",
        lambda request: (
            posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/rounds")
            else None
        ),
    )
    hands = deal(4)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "2", hands["2"])
    page.fill("#bet-2-main", "5")
    page.locator("#submit").dblclick()
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    page.evaluate("document.querySelector('#submit').click(); document.querySelector('#submit').click()")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(posts) == 1  # sent once: not merely stored once thanks to the key
    assert len(live.rounds(table["id"])) == 1
    # A new round has a new key: it settles as a round of its own.
    page.click("#new-round")
    expect(page.locator('[data-chips="dealer"] .card')).to_have_count(0)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "2", hands["2"])
    page.fill("#bet-2-main", "5")
    page.click("#submit")
    expect(page.locator("#settlement")).to_be_visible()
    assert len(live.rounds(table["id"])) == 2
