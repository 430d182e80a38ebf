"""The dealer tablet at a live table when things go wrong, and the small
things found by using it in Chromium (issue 40): a server that hangs or a
sign-in that ends at Submit, same bets across a change of dealer, no
payouts and a reload, the bar's links, contrast and names for screen
readers."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import deal, expect, sign_in
from tests.ui.dealer_page_support import at_table, chips, type_hand
from tests.ui.dealer_table_support import tap_hand, wholly_shown


def small_round(page: Any, seed: int, seat: int = 1) -> None:
    hands = deal(seed)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, str(seat), hands[str(seat)])
    page.fill(f"#bet-{seat}-main", "25")
    expect(page.locator("#preview-table tbody tr")).to_have_count(1)


def test_a_server_that_hangs_gives_the_round_back_in_time(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    api = 'import("/ui/static/shared/api.js")'
    assert page.evaluate(f"async () => (await {api}).timeLimitText()") == "20 seconds"  # the tablet's own
    page.evaluate(f"async () => (await {api}).setTimeLimit(1500)")  # not to wait 20 s here
    small_round(page, 44)
    held: list[Any] = []
    page.route("**/api/v1/tables/*/rounds", lambda route: held.append(route))  # no answer, ever
    page.tap("#submit")
    expect(page.locator("#submit")).to_have_text("Submitting…")
    general = page.locator('[data-error-for="general"]')
    expect(general).to_contain_text("did not answer within 2 seconds", timeout=4000)
    expect(general).to_contain_text("not known whether the round was stored")
    expect(general).to_contain_text("same round id")
    expect(page.locator("#submit")).to_have_text("Submit round")
    expect(page.locator("#submit")).to_be_enabled()
    # Sent again under the same key once the server answers: stored once.
    page.unroute("**/api/v1/tables/*/rounds")
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(live.rounds(table["id"])) == 1


def test_a_sign_in_that_ends_at_submit_says_the_round_was_not_stored(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    small_round(page, 45)
    expired = {"code": "token_expired", "field": None, "message": "the sign-in has expired", "status": 401}
    page.route(
        "**/api/v1/tables/*/rounds",
        lambda route: route.fulfill(status=401, content_type="application/problem+json", json=expired),
    )
    page.tap("#submit")
    expect(page.locator("#sign-in")).to_be_visible()
    expect(page.locator("#sign-in-notice")).to_contain_text("was not stored")
    page.unroute("**/api/v1/tables/*/rounds")
    sign_in(page, "dealer")
    # The round is as it was, a draft again: no "no answer came back", Submit stores it.
    expect(page.locator('[data-chips="1"] .chip')).to_have_count(7)
    expect(page.locator("#bet-1-main")).to_be_enabled()
    expect(page.locator('[data-error-for="general"]')).to_contain_text("This round was not stored")
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert len(live.rounds(table["id"])) == 1


def test_same_bets_outlast_a_change_of_dealer(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    small_round(page, 46, seat=4)
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    page.tap("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible()
    sign_in(page, "pit_boss")  # the relief dealer
    page.get_by_role("button", name=table["name"], exact=True).click()
    expect(page.locator("#same-4")).to_be_enabled()
    page.tap("#same-bets")
    expect(page.locator("#bet-4-main")).to_have_value("25")


def test_no_payouts_say_why_and_a_reload_keeps_the_picker_going(
    open_page: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(47)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "3", hands["3"][:5])
    page.fill("#bet-3-main", "25")
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text("seat 3 needs 7 cards")
    wholly_shown(page, "#waiting")
    type_hand(page, "3", hands["3"][5:])
    expect(page.locator("#preview-table tbody tr")).to_have_count(1)
    expect(waiting).to_have_text("")
    page.fill("#bet-3-main", "10,50")  # a decimal comma: the seat and field are named
    expect(page.locator('[data-error-for="seat-3-main"]')).to_contain_text(
        "seat 3 Main: 10,50 is not an amount"
    )
    expect(waiting).to_contain_text("seat 3's Main bet")
    page.fill("#bet-3-main", "25")
    # After a reload the picker fills the next hand with room, not the full dealer's.
    page.locator('[data-hand="dealer"] .hand-title').click()
    page.reload()
    expect(page.locator('[data-chips="dealer"] .chip')).to_have_count(7)
    tap_hand(page, hands["1"][:1])
    expect(page.locator('[data-error-for="codes"]')).to_have_text("")
    assert chips(page, "1") == hands["1"][:1]


def test_the_bar_links_only_the_pages_of_the_role_signed_in(open_page: Any) -> None:
    page = open_page("/dealer", "dealer")
    pages = page.get_by_role("navigation", name="Pages").get_by_role("link")
    expect(pages).to_have_text(["Dealer"])
    other = open_page("/pit", "pit_boss")
    expect(other.get_by_role("navigation", name="Pages").get_by_role("link")).to_have_text(["Dealer", "Pit"])


CONTRAST = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const style = getComputedStyle(node);
  const luminance = (color) => {
    const [r, g, b] = color.match(/[\\d.]+/g).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [style.color, style.backgroundColor].map(luminance).sort((a, b) => b - a);
  return [node.textContent, (light + 0.05) / (dark + 0.05)];
})"""


def test_the_seats_controls_and_cards_are_named_for_screen_readers(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    for seat in range(1, 7):
        expect(page.get_by_role("checkbox", name=f"Seat {seat} house way", exact=True)).to_have_count(1)
    hands = deal(48)
    type_hand(page, "2", hands["2"])
    way = live.api("POST", f"/tables/{table['id']}/house-way", {"cards": hands["2"]}, "dealer")
    expect(page.locator('[data-chips="2"] .chip.low')).to_have_count(2)
    for place in ("low", "high"):
        for card in way[place]:
            label = page.locator(f'[data-chips="2"] [data-card="{card}"]').get_attribute("aria-label") or ""
            assert f"in the {place} hand" in label, label
    # Every chip of the pad is readable: 4.5:1 at least between its text and its colour.
    ratios = page.evaluate(CONTRAST, "#pad .bet-chip")
    assert len(ratios) == 6
    assert [(text, ratio) for text, ratio in ratios if ratio < 4.5] == []
