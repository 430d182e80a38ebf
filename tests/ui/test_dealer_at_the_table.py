"""The dealer tablet as a dealer at a live table uses it (issue 40): bets
entered before the cards, a round discarded by mistake and brought back,
every bet's result after settlement, and bets over the limit said for
every seat at once."""

from __future__ import annotations

import re
from typing import Any

from tests.ui.conftest import deal, expect
from tests.ui.dealer_page_support import at_table, chips, type_hand
from tests.ui.dealer_table_support import tap_hand, wholly_shown


def test_bets_entered_first_leave_the_cards_in_the_dealing_order(
    open_page: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(40)
    # A live table: the players' bets are on the felt before the cards come.
    for seat in (1, 2):
        page.tap(f"#bet-{seat}-main")
        page.tap('#pad [data-chip="2500"]')
    expect(page.locator("#hand-dealer")).to_have_class(re.compile(r"\bactive\b"))
    tap_hand(page, hands["dealer"] + hands["1"])
    assert chips(page, "dealer") == hands["dealer"]
    assert chips(page, "1") == hands["1"]
    expect(page.locator("#order-notice")).to_be_hidden()
    # A hand filled while one before it in the dealing order is not complete is said, by name.
    page.locator('[data-hand="3"] .hand-title').click()
    tap_hand(page, hands["3"][:1])
    notice = page.locator("#order-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Seat 3")
    expect(notice).to_contain_text("Seat 2")
    wholly_shown(page, "#order-notice")
    # Once the hands before it are complete, the order is kept again.
    page.locator('[data-hand="2"] .hand-title').click()
    tap_hand(page, hands["2"])
    expect(notice).to_be_hidden()


def test_a_round_being_entered_is_discarded_only_when_the_dealer_says_so(
    open_page: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(41)
    type_hand(page, "dealer", hands["dealer"])
    type_hand(page, "2", hands["2"])
    page.fill("#bet-2-main", "25")
    dialog = page.locator("#discard-dialog")
    # New round asks first; the dealer can keep the round.
    page.tap("#new-round")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("14 cards and 1 bet")
    page.tap("#discard-no")
    expect(dialog).to_be_hidden()
    assert chips(page, "2") == hands["2"]
    # Discarded, it comes back with Undo: cards and bets as they were.
    page.tap("#new-round")
    page.tap("#discard-yes")
    expect(page.locator('[data-chips="dealer"] .chip')).to_have_count(0)
    expect(page.locator("#bet-2-main")).to_have_value("")
    undo = page.locator("#undo")
    expect(undo).to_have_attribute("aria-label", re.compile("the round New round discarded"))
    undo.tap()
    assert chips(page, "dealer") == hands["dealer"]
    assert chips(page, "2") == hands["2"]
    expect(page.locator("#bet-2-main")).to_have_value("25")
    expect(page.locator('#preview-table tr[data-seat="2"]')).to_have_count(1)
    # Sign out asks too, and can be cancelled.
    page.tap("#sign-out")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#round")).to_be_visible()
    assert chips(page, "2") == hands["2"]
    # New round is not beside Submit: a slip of the finger cannot reach it.
    boxes = page.evaluate(
        "['#submit', '#new-round'].map((id) => document.querySelector(id).getBoundingClientRect().toJSON())"
    )
    submit, new = boxes
    apart = max(submit["left"] - new["right"], new["left"] - submit["right"])
    apart = max(apart, submit["top"] - new["bottom"], new["top"] - submit["bottom"])
    assert apart >= 44, boxes
    # Said yes to, sign out goes on.
    page.tap("#sign-out")
    page.tap("#discard-yes")
    expect(page.locator("#sign-in")).to_be_visible()


def test_every_bet_s_result_is_on_screen_after_settlement(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(42)
    for hand, cards in hands.items():
        type_hand(page, hand, cards)
    for seat in range(1, 7):
        page.fill(f"#bet-{seat}-main", "1,000")
        page.fill(f"#bet-{seat}-dealer_break_bonus", "5")
        page.fill(f"#bet-{seat}-break_bonus", "5")
    expect(page.locator("#preview-table tbody tr")).to_have_count(6)
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(6)
    # Win, lose or push for each bet of each seat, as the README promises: all of it on the screen.
    wholly_shown(page, "#settlement tbody tr", 6)
    wholly_shown(page, "#settlement tbody td.outcome", 18)
    wholly_shown(page, "#settlement tbody td.net", 6)
    cut = page.evaluate(
        "[...document.querySelectorAll('#settlement td.outcome, #settlement td.net')]"
        ".filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent)"
    )
    assert cut == []  # no amount cut short
    wholly_shown(page, "#submit")
    wholly_shown(page, "#new-round")
    wholly_shown(page, "#results h2")
    (stored,) = live.rounds(table["id"])
    for seat in stored["seats"]:
        row = page.locator(f'#settlement tr[data-seat="{seat["seat"]}"]')
        for column, bet in enumerate(("main", "dealer_break_bonus", "break_bonus")):
            expect(row.locator("td").nth(column)).to_contain_text(seat[bet]["outcome"])
    # The next round has the picker back.
    page.tap("#new-round")
    expect(page.locator("#settlement")).to_have_count(0)
    wholly_shown(page, "#picker .pick", 53)


OVERLAP = """([one, other]) => {
  const [a, b] = [one, other].map((selector) => document.querySelector(selector).getBoundingClientRect());
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}"""


def test_bets_over_the_limits_are_said_for_every_seat_at_once(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    hands = deal(43)
    for hand in ("dealer", "1", "2", "3"):
        type_hand(page, hand, hands[hand])
    # The pad builds no bet over the table's maximum (Main 1,000.00), and says so.
    page.tap("#bet-2-main")
    for _ in range(3):
        page.tap('#pad [data-chip="50000"]')
    expect(page.locator("#bet-2-main")).to_have_value("1,000")
    pad_error = page.locator('[data-error-for="seat-2-main"]')
    expect(pad_error).to_contain_text("table maximum of 1,000.00")
    wholly_shown(page, '[data-error-for="seat-2-main"]')
    # Two seats wrong at once: both said at once, each where it can be read.
    page.fill("#bet-1-main", "1")
    page.fill("#bet-2-main", "2,000")
    page.fill("#bet-3-main", "10")
    page.fill("#bet-3-break_bonus", "500")
    first = page.locator('[data-error-for="seat-1-main"]')
    third = page.locator('[data-error-for="seat-3-break_bonus"]')
    expect(first).to_have_text("seat 1: the Main bet of 1.00 is below the table minimum of 5.00")
    expect(third).to_have_text("seat 3: the Break Bonus bet of 500.00 is above the table maximum of 100.00")
    expect(page.locator('[data-error-for="seat-2-main"]')).to_contain_text("above the table maximum")
    for target in ("seat-1-main", "seat-2-main", "seat-3-break_bonus"):
        wholly_shown(page, f'[data-error-for="{target}"]')
        width = page.locator(f'[data-error-for="{target}"]').bounding_box()["width"]
        assert width > 200, (target, width)  # the seat's width, not a bet's column
    # The typed line's error covers no seat, and goes once the line is changed.
    page.fill("#codes", "zz")
    page.press("#codes", "Enter")
    codes = page.locator('[data-error-for="codes"]')
    expect(codes).to_contain_text('"zz"')
    wholly_shown(page, '[data-error-for="codes"]')
    for seat in range(1, 7):
        assert page.evaluate(OVERLAP, ['[data-error-for="codes"]', f"#hand-{seat}"]) == 0
    page.fill("#codes", "")
    page.keyboard.type("a")
    expect(codes).to_have_text("")
