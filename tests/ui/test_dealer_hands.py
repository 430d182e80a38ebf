"""A hand on the dealer tablet in Chromium: Undo after taking a card out, a
hand or the picker as one tab stop, a deck feed's hands filling every open
hand."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import deal, expect
from tests.ui.dealer_page_support import at_table, chips, type_hand


def label(card: str) -> str:
    """A card as the tablet shows it ("10♦")."""
    if card == "JK":
        return "JK"
    return ("10" if card[0] == "T" else card[0]) + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[card[1]]


def test_a_card_taken_out_of_a_hand_comes_back_with_undo(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    cards = deal(33)["3"]
    type_hand(page, "3", cards)
    undo = page.locator("#undo")
    expect(undo).to_be_disabled()
    page.locator(f'[data-chips="3"] [data-card="{cards[2]}"]').tap()
    expect(page.locator('[data-chips="3"] .chip')).to_have_count(6)
    expect(page.locator(f'#picker [data-card="{cards[2]}"]')).to_be_enabled()
    expect(undo).to_have_attribute("aria-label", f"Undo: put back {label(cards[2])} from Seat 3")
    undo.tap()
    assert chips(page, "3") == cards  # back in its place
    expect(page.locator(f'#picker [data-card="{cards[2]}"]')).to_be_disabled()
    expect(undo).to_be_disabled()
    # A whole hand cleared comes back too, and after a reload the round is as it was.
    page.tap("#clear-hand")
    expect(page.locator('[data-chips="3"] .chip')).to_have_count(0)
    undo.tap()
    assert chips(page, "3") == cards
    page.reload()
    expect(page.locator('[data-chips="3"] .chip')).to_have_count(7)
    assert chips(page, "3") == cards
    # A card taken out and since entered in another hand stays there.
    page.locator(f'[data-chips="3"] [data-card="{cards[0]}"]').tap()
    type_hand(page, "dealer", [cards[0]])
    page.tap("#undo")
    assert chips(page, "3") == cards[1:]
    assert chips(page, "dealer") == [cards[0]]


def test_a_hand_and_the_picker_are_one_tab_stop_each(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    cards = deal(34)["1"]
    type_hand(page, "1", cards)
    stops = page.evaluate(
        "(selector) => [...document.querySelectorAll(selector)].filter((n) => n.tabIndex >= 0).length",
        '[data-chips="1"] .chip',
    )
    assert stops == 1
    picker_stops = page.evaluate(
        "[...document.querySelectorAll('#picker .pick')].filter((n) => n.tabIndex >= 0).length"
    )
    assert picker_stops == 1
    # Tab from the hand's title lands on its one stop; the arrows move inside.
    page.locator('[data-hand="1"] .hand-title').focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = "document.activeElement.dataset.card"
    assert page.evaluate(focused) == cards[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == cards[1]
    page.keyboard.press("End")
    assert page.evaluate(focused) == cards[6]
    page.keyboard.press("Tab")  # out of the hand at once: on to who sits there, beside the cards
    assert page.evaluate("document.activeElement.id") == "player-1"
    page.keyboard.press("Tab")  # then its first bet
    assert page.evaluate("document.activeElement.id") == "bet-1-main"
    # The picker: Tab reaches one card; Right skips a used card, Down goes to the next suit.
    page.locator('[data-hand="dealer"] .hand-title').click()
    page.locator("#picker .pick[tabindex='0']").focus()
    first = page.evaluate(focused)
    page.keyboard.press("Home")
    start = page.evaluate(focused)
    page.keyboard.press("ArrowDown")
    below = page.evaluate(focused)
    assert below[0] == start[0], (first, start, below)  # the same rank
    assert below[1] != start[1], (first, start, below)  # in another suit
    page.keyboard.press("Enter")  # the card goes into the active hand
    expect(page.locator(f'#picker [data-card="{below}"]')).to_be_disabled()


def test_a_deck_feed_s_hands_fill_every_open_hand(open_page: Any, table: dict[str, Any]) -> None:
    """``dealerFill`` (dealer_fill.js), which "take the deck" calls with a
    feed's hands: every open hand filled, an empty seat passed over, the
    round marked as from the deck, across a reload."""
    page = at_table(open_page, table)
    hands = deal(35)
    page.tap("#open-6")
    type_hand(page, "1", hands["2"][:3])  # typed before the deck came: replaced
    assert page.evaluate("([hands, id]) => window.dealerFill(hands, id)", [hands, 5]) is True
    for hand in ("dealer", "1", "2", "3", "4", "5"):
        assert chips(page, hand) == hands[hand]
    assert chips(page, "6") == []
    assert page.evaluate("window.dealerState.deckId") == 5
    page.fill("#bet-1-main", "10")
    page.reload()
    expect(page.locator('[data-chips="5"] .chip')).to_have_count(7)
    assert page.evaluate("window.dealerState.deckId") == 5
    expect(page.locator("#bet-1-main")).to_have_value("10")
    # The next round is not from that deck.
    page.tap("#new-round")
    page.tap("#discard-yes")  # the round entered is given up: asked first
    assert page.evaluate("window.dealerState.deckId") is None
    expect(page.locator('[data-chips="5"] .chip')).to_have_count(0)
