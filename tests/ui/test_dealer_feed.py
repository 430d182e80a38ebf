"""The dealer tablet with a deck feed: a card-reading shoe posts each
round's deck (``breakpoker shoe simulate``'s client, as the device would
over HTTP); the tablet shows no card of it until the dealer taps "Hands
exposed" (rule book section 15), then fills every hand from it by the
table's deal order; the dealer only checks, sets the bets and the players'
own settings, and submits. Counted like the tablet without a feed
(tests/ui/test_dealer_touches.py): the issue's six-seat round in at most
10 touches. A card changed by hand is recorded with the round, and cards
the dealer entered first are never replaced unasked."""

from __future__ import annotations

from typing import Any

from service.tables.shoe import post_one_deck
from tests.support.decks import shuffled
from tests.ui.conftest import PASSWORD, expect, screenshot
from tests.ui.dealer_page_support import at_table
from tests.ui.test_dealer_touches import (
    CHIP_BETS,
    COUNTER,
    FULL_SEATS,
    OWN_SEATS,
    Touches,
    check_against_stored,
    one_swap_settings,
    tap_own_setting,
)

FEED_AIM = 10  # the aim with a deck feed
HANDS = ("dealer", "1", "2", "3", "4", "5", "6")
FILLED = "(deck) => window.dealerState.deckId === deck"


def shoe_deck(live: Any, table_id: int, device: str, seed: int) -> dict[str, Any]:
    """A shuffled deck posted as the device ``device``'s first (each test's
    shoe is its own: a device's sequence numbers are its own, whatever the table)."""
    deck = post_one_deck(live.url, table_id, "shoe", PASSWORD, device_id=device, sequence=1, seed=seed)
    return {**deck, "hands": dealt_hands(deck["cards"])}


def settable_deck(live: Any, table_id: int, sequence: int) -> tuple[dict[str, Any], dict[int, Any]]:
    """A deck whose own-setting seats each have a legal setting one swap
    from the house way (most hands do; the seed is searched, not assumed)."""
    for seed in range(100 * sequence, 100 * sequence + 50):
        cards = shuffled(seed)
        feed = dealt_hands(cards)
        try:
            settings = {seat: one_swap_settings(live, table_id, feed[str(seat)]) for seat in OWN_SEATS}
        except AssertionError:
            continue
        deck = post_one_deck(
            live.url, table_id, "shoe", PASSWORD, device_id="shoe-7", sequence=sequence, cards=cards
        )
        assert "hands" not in deck  # the shoe's answer shows no card
        return {**deck, "hands": feed}, settings
    raise AssertionError("no seed gave one-swap settings")


def dealt_hands(cards: list[str]) -> dict[str, list[str]]:
    """The default deal order: seat 1 first, seven a hand, the dealer last."""
    hands = {str(seat): cards[7 * (seat - 1) : 7 * seat] for seat in range(1, 7)}
    return {"dealer": cards[42:49], **hands}


def waiting_unseen(page: Any, deck: dict[str, Any]) -> None:
    """The deck is offered by its name alone: no hand is filled before the
    dealer marks the hands exposed."""
    expect(page.locator("#take-deck")).to_have_text("Hands exposed")
    expect(page.locator("#deck")).to_contain_text(f"{deck['device_id']} deck {deck['sequence']} is read")
    assert page.evaluate("window.dealerState.deckId") is None
    assert all(not hand for hand in page.evaluate("Object.values(window.dealerState.hands)"))


def wait_filled(page: Any, deck: dict[str, Any]) -> None:
    page.wait_for_function(FILLED, arg=deck["id"])
    for hand in HANDS:
        expect(page.locator(f'[data-chips="{hand}"] .chip')).to_have_count(7)
    assert page.evaluate("window.dealerState.hands") == {hand: deck["hands"][hand] for hand in HANDS}


def test_a_six_seat_round_from_a_deck_feed_in_at_most_ten_touches(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    page = at_table(open_page, table)
    page.evaluate(COUNTER)
    touches = Touches(page)

    # The first round: the deck fills the hands, the bets go in by the pad.
    deck, settings = settable_deck(live, table["id"], 1)
    waiting_unseen(page, deck)
    touches.tap("#take-deck", "hands exposed")
    wait_filled(page, deck)
    expect(page.locator("#deck")).to_have_text("Cards from shoe-7 deck 1: check the hands and Submit.")
    for seat in range(1, 7):
        for bet, chip in CHIP_BETS.items():
            if bet == "main" or seat in FULL_SEATS:
                touches.tap(f"#bet-{seat}-{bet}", "bet")
                touches.tap(f'#pad [data-chip="{int(chip) * 100}"]', "bet")
    for seat, (low, high) in settings.items():
        tap_own_setting(touches, seat, low, high)
    touches.tap("#submit", "submit")
    stored = check_against_stored(page, live, table["id"], settings)
    assert stored["deck"] == {"id": deck["id"], "device_id": "shoe-7", "sequence": 1, "changed": []}
    expect(page.locator("#deck")).to_have_text("Dealt from shoe-7 deck 1; no card changed by hand.")

    # The next round, counted: the shoe reads the next deck while the
    # dealer collects; New round, the deck is on the felt, the same bets.
    page.evaluate("window.__touches = { pointer: 0, keys: 0 }")
    touches.counts = {}
    deck, settings = settable_deck(live, table["id"], 2)
    touches.tap("#new-round", "new round")
    waiting_unseen(page, deck)
    touches.tap("#take-deck", "hands exposed")
    wait_filled(page, deck)
    touches.tap("#same-bets", "bet")
    for seat, (low, high) in settings.items():
        tap_own_setting(touches, seat, low, high)
    expect(page.locator("#preview-table tbody tr")).to_have_count(6)
    screenshot(page, "dealer-deck-feed", tmp_path)
    touches.tap("#submit", "submit")
    stored = check_against_stored(page, live, table["id"], settings)
    assert stored["dealer"]["cards"] == deck["hands"]["dealer"]
    assert [seat["cards"] for seat in stored["seats"]] == [deck["hands"][str(n)] for n in range(1, 7)]
    assert stored["deck"]["changed"] == []

    print(f"\nwith a deck feed: {touches.total} touches ({touches.counts}), no key")
    assert touches.counts == {"new round": 1, "hands exposed": 1, "bet": 1, "setting": 6, "submit": 1}
    assert touches.total <= FEED_AIM
    assert touches.seen_by_page() == {"pointer": touches.total, "keys": 0}


def test_a_card_changed_by_hand_is_shown_and_stored_with_the_round(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    deck = shoe_deck(live, table["id"], "shoe-8", seed=7)
    waiting_unseen(page, deck)
    page.locator("#take-deck").tap()
    wait_filled(page, deck)
    fed = deck["hands"]["3"][4]
    spare = deck["cards"][49]  # not dealt: the deck's 50th card
    page.locator(f'[data-chips="3"] [data-card="{fed}"]').tap()  # taken out of seat 3
    page.locator(f'#picker [data-card="{spare}"]').tap()  # and another put in
    expect(page.locator("#deck")).to_have_text(
        "Cards from shoe-8 deck 1: 1 card changed by hand (the pit will see)."
    )
    for seat in range(1, 7):
        page.locator(f"#bet-{seat}-main").tap()
        page.locator('#pad [data-chip="2500"]').tap()
    page.locator("#submit").tap()
    expect(page.locator("#settlement")).to_be_visible()
    expect(page.locator("#deck")).to_have_text(
        "Dealt from shoe-8 deck 1; 1 card changed by hand: the pit sees them."
    )
    key = page.evaluate("window.dealerState.key")
    (stored,) = [each for each in live.rounds(table["id"]) if each["round_id"] == key]
    assert stored["deck"]["changed"] == [{"hand": "3", "position": 5, "fed": fed, "entered": spare}]
    assert spare in stored["seats"][2]["cards"]
    # The deck is taken: the next round does not offer it again.
    page.locator("#new-round").tap()
    page.wait_for_timeout(2500)  # a poll or more
    assert page.evaluate("window.dealerState.deckId") is None
    expect(page.locator("#deck")).to_be_hidden()


def test_cards_entered_first_are_replaced_only_when_the_dealer_asks(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    page.locator('#picker [data-card="As"]').tap()  # the dealer started by hand
    deck = shoe_deck(live, table["id"], "shoe-9", seed=11)
    take = page.locator("#take-deck")
    expect(take).to_be_visible()
    expect(page.locator("#deck")).to_contain_text("shoe-9 deck 1 is read")
    assert page.evaluate("window.dealerState.hands.dealer") == ["As"]
    assert page.evaluate("window.dealerState.deckId") is None
    box = take.bounding_box()
    assert box["width"] >= 44
    assert box["height"] >= 44
    take.tap()
    wait_filled(page, deck)
    expect(take).to_have_count(0)
