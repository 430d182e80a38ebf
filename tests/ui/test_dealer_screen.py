"""The dealer tablet's one screen in Chromium at 1024x768: everything the
dealer needs within the viewport with no scrolling, touch targets of
44x44px, pay or take at 24px, no text under 16px; the bet pad (no
on-screen keyboard), same bets as last round, open and empty seats."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.ui.conftest import deal, expect
from tests.ui.dealer_page_support import at_table, type_hand

# Every element the dealer needs during a round, each to be wholly on screen.
NEEDED = [
    "#hand-dealer",
    "#note-dealer",
    "[data-chips] .chip",
    ".seat .bet input",
    ".seat .way",
    ".seat .same",
    ".seat .seat-open",
    ".seat .seat-player",
    ".pay",
    "#picker .pick",
    "#codes",
    "#pad .bet-chip",
    "#undo",
    "#clear-hand",
    "#same-bets",
    "#submit",
    "#new-round",
    "#limits",
]
TARGETS = "#round button, #round input:not([type=checkbox]), #round .way, .bar button, .bar a"

BOXES = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    const nodes = [...document.querySelectorAll(selector)];
    if (nodes.length === 0) out.push({ selector, missing: true });
    for (const node of nodes) {
      const box = node.getBoundingClientRect();
      const id = node.id || node.dataset.card || node.textContent.trim().slice(0, 20);
      const { left, top, right, bottom, width, height } = box;
      // Cut off by a box that scrolls or hides its overflow: not on screen either.
      let clipped = false;
      for (let up = node.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflow === "visible") continue;
        const outer = up.getBoundingClientRect();
        const out = left < outer.left - 0.5 || top < outer.top - 0.5;
        if (out || right > outer.right + 0.5 || bottom > outer.bottom + 0.5) clipped = up.id || up.className;
      }
      out.push({ selector, id, left, top, right, bottom, width, height, clipped });
    }
  }
  return out;
}"""

SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    const parent = text.parentElement;
    if (!text.textContent.trim() || !parent.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    const what = `${parent.tagName}.${parent.className}: ${text.textContent.trim().slice(0, 30)}`;
    if (size < 16) small.push(`${what} (${size}px)`);
  }
  return small;
}"""


def full_round(page: Any, seed: int) -> dict[str, list[str]]:
    hands = deal(seed)
    for hand, cards in hands.items():
        type_hand(page, hand, cards)
    for seat in range(1, 7):
        page.fill(f"#bet-{seat}-main", "1,000")
        page.fill(f"#bet-{seat}-dealer_break_bonus", "100")
        page.fill(f"#bet-{seat}-break_bonus", "100")
    return hands


def check_one_screen(page: Any) -> None:
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll == [1024, 768], "the page scrolls"
    for box in page.evaluate(BOXES, NEEDED):
        assert not box.get("missing"), box
        inside = box["left"] >= 0 and box["top"] >= 0 and box["right"] <= 1024 and box["bottom"] <= 768
        assert inside, f"off the screen: {box}"
        assert not box["clipped"], f"cut off: {box}"
        assert box["width"] > 0, f"not shown: {box}"
    targets = [t for t in page.evaluate(BOXES, [TARGETS]) if t["width"] or t["height"]]
    assert len(targets) > 53 + 6 * 7
    small = [t for t in targets if t["width"] < 44 or t["height"] < 44]
    assert small == [], small
    small_text = page.evaluate(SMALL_TEXT)
    assert small_text == [], "\n".join(small_text)
    sizes = page.evaluate(
        "[...document.querySelectorAll('.pay')].map((n) => parseFloat(getComputedStyle(n).fontSize))"
    )
    assert len(sizes) == 7
    assert min(sizes) >= 24


def test_everything_needed_is_on_one_screen(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    full_round(page, 30)
    expect(page.locator("#preview-table tbody tr")).to_have_count(6)
    for seat in range(1, 7):
        expect(page.locator(f"#pay-{seat}")).to_have_text(
            page.locator(f'#preview-table tr[data-seat="{seat}"] .net').text_content() or "none"
        )
    # Each hand's house way is on its cards, LOW and HIGH.
    hands = page.evaluate("window.dealerState.hands")
    for hand in ("dealer", "3"):
        way = live.api("POST", f"/tables/{table['id']}/house-way", {"cards": hands[hand]}, "dealer")
        for place in ("low", "high"):
            marked = page.locator(f'[data-chips="{hand}"] .chip.{place}')
            expect(marked).to_have_count(len(way[place]))
            assert sorted(
                marked.nth(i).get_attribute("data-card") or "" for i in range(marked.count())
            ) == sorted(way[place])
    expect(page.locator('[data-chips="3"] .chip.low .place')).to_have_text(["LOW", "LOW"])
    check_one_screen(page)
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(6)
    check_one_screen(page)
    # A broken layout fails the check: the same page with its picker's cards bigger.
    page.evaluate("document.querySelector('#picker').style.gridAutoRows = '80px'")
    with pytest.raises(AssertionError):
        check_one_screen(page)


def test_the_bet_pad_fills_the_bet_tapped_with_no_keyboard(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    main = page.locator("#bet-2-main")
    expect(main).to_have_attribute("inputmode", "none")  # no on-screen keyboard comes up
    # The chips are the table's denominations from its lowest minimum up (limits 1 to 1,000).
    expect(page.locator("#pad .bet-chip[data-chip]")).to_have_text(["1", "5", "25", "100", "500"])
    main.tap()
    expect(page.locator("#pad-target")).to_have_text("Chips go to seat 2, Main")
    expect(main).to_have_class(re.compile(r"\btarget\b"))
    for chip in (2500, 500, 500, 100):
        page.tap(f'#pad [data-chip="{chip}"]')
    expect(main).to_have_value("36")
    page.tap("#bet-2-break_bonus")
    page.tap('#pad [data-chip="500"]')
    expect(page.locator("#bet-2-break_bonus")).to_have_value("5")
    expect(main).to_have_value("36")
    page.tap("#pad-clear")
    expect(page.locator("#bet-2-break_bonus")).to_have_value("")
    # What is not an amount is replaced by the chip, not added to.
    page.fill("#bet-2-main", "ten")
    page.tap("#bet-2-main")
    page.tap('#pad [data-chip="2500"]')
    expect(main).to_have_value("25")


def test_same_bets_as_last_round_for_a_seat_and_for_the_table(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    expect(page.locator("#same-bets")).to_be_disabled()  # no round settled here yet
    hands = deal(31)
    type_hand(page, "dealer", hands["dealer"])
    for seat, bets in {1: ("10", "", "2.50"), 4: ("1,000", "5", "")}.items():
        type_hand(page, str(seat), hands[str(seat)])
        for key, amount in zip(("main", "dealer_break_bonus", "break_bonus"), bets, strict=True):
            page.fill(f"#bet-{seat}-{key}", amount)
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(2)
    page.tap("#new-round")
    expect(page.locator("#bet-1-main")).to_have_value("")
    expect(page.locator("#same-2")).to_be_disabled()  # seat 2 did not play
    page.tap("#same-4")
    expect(page.locator("#bet-4-main")).to_have_value("1,000")
    expect(page.locator("#bet-1-main")).to_have_value("")
    page.fill("#bet-1-main", "50")
    page.tap("#same-bets")
    values = [
        page.locator(f"#bet-{seat}-{key}").input_value()
        for seat in (1, 4)
        for key in ("main", "dealer_break_bonus", "break_bonus")
    ]
    assert values == ["10", "", "2.50", "1,000", "5", ""]
    # Kept in the tab: a reload still knows the last round's bets.
    page.reload()
    expect(page.locator("#same-1")).to_be_enabled()


def test_an_empty_seat_takes_no_cards_or_bets_and_is_not_sent(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    hands = deal(32)
    page.tap("#open-2")
    expect(page.locator("#open-2")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#bet-2-main")).to_be_disabled()
    # Tapped in: seat 1 full, the picker passes over seat 2 to seat 3.
    for hand in ("dealer", "1"):
        for card in hands[hand]:
            page.tap(f'#picker [data-card="{card}"]')
    expect(page.locator("#hand-3")).to_have_class(re.compile(r"\bactive\b"))
    page.fill("#codes", f"2: {hands['2'][0]}")
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_contain_text("seat 2 is marked empty this round")
    for card in hands["3"]:
        page.tap(f'#picker [data-card="{card}"]')
    page.fill("#bet-1-main", "10")
    page.fill("#bet-3-main", "10")
    page.tap("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(2)
    (stored,) = live.rounds(table["id"])
    assert [seat["seat"] for seat in stored["seats"]] == [1, 3]
    # The mark stays for the next round, until the seat is opened again.
    page.tap("#new-round")
    expect(page.locator("#open-2")).to_have_text("Empty")
    page.tap("#open-2")
    expect(page.locator("#bet-2-main")).to_be_enabled()
