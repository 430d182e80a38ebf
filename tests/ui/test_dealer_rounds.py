"""The dealer's tablet in Chromium: a six-seat round typed and tapped,
previewed, then settled; a foul warned of with the house way before
submitting; a round entered with the keyboard alone; sign-out and roles."""

from __future__ import annotations

import re
from typing import Any

from tests.ui.conftest import deal, expect, screenshot
from tests.ui.dealer_page_support import (
    SIDE_BETS,
    at_table,
    check_payouts,
    enter_full_round,
    money,
    own_setting,
    seat_net,
    spare,
    type_hand,
)


def test_a_six_seat_round_typed_and_tapped_is_previewed_then_settles(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    page = at_table(open_page, table)
    expect(page.locator("#limits")).to_contain_text("Main 5.00–1,000.00")
    hands = deal(1)
    enter_full_round(page, hands)
    for hand, cards in hands.items():
        chips = page.locator(f'[data-chips="{hand}"] .card')
        expect(chips).to_have_count(7)
        assert [chips.nth(i).get_attribute("data-card") for i in range(7)] == cards
        for card in cards:  # used anywhere in the round: greyed out on the picker
            expect(page.locator(f'#picker [data-card="{card}"]')).to_be_disabled()
    # Seven a hand: with every hand full, nothing more goes in, not even on to another hand.
    unused = spare(hands)
    page.fill("#codes", unused)
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_have_text(
        "Nothing was added: seat 6 has 7 of 7 cards, no room for 1 more."
    )
    # A card already used, typed again, is refused with a reason.
    page.locator('[data-hand="1"] .hand-title').click()
    page.fill("#codes", hands["2"][0])
    page.press("#codes", "Enter")
    expect(page.locator('[data-error-for="codes"]')).to_contain_text("already in seat 2")

    # Before submitting, without asking: the dealer's house way and every payout.
    expect(page.locator("#results h2")).to_have_text("Preview — not settled yet")
    body = {
        "round_id": "x",
        "dealer": hands["dealer"],
        "seats": [
            {
                "seat": seat,
                "cards": hands[str(seat)],
                "setting": "house_way",
                "bets": {"main": 1000, **(SIDE_BETS if seat % 2 else {})},
            }
            for seat in range(1, 7)
        ],
    }
    preview = live.api("POST", f"/tables/{table['id']}/rounds/preview", body, "dealer")
    dealer = preview["dealer"]
    expect(page.locator('[data-preview="dealer"]')).to_contain_text(f"rule {dealer['rule']}")
    expect(page.locator('[data-preview="dealer"]')).to_contain_text(dealer["explanation"])
    check_payouts(page, "preview-table", preview["seats"])
    expect(page.locator("#hand-3 .hand-note")).to_contain_text("House way: low")
    assert live.rounds(table["id"]) == []  # a preview stores nothing
    screenshot(page, "dealer-preview", tmp_path)

    page.click("#submit")
    expect(page.locator("#results h2")).to_contain_text("Settled · round")
    stored = live.rounds(table["id"])
    assert len(stored) == 1
    check_payouts(page, "settlement", stored[0]["seats"])
    assert [seat_net(seat) for seat in stored[0]["seats"]] == [seat["net"] for seat in preview["seats"]]
    house = stored[0]["house_net"]
    expect(page.locator(".house-net")).to_have_text(
        f"House {'wins' if house >= 0 else 'pays'} {money(house)} on the round"
    )
    # A settled round is shown, not edited: the next one needs New round.
    expect(page.locator("#submit")).to_be_disabled()
    expect(page.locator(f'#picker [data-card="{unused}"]')).to_be_disabled()
    screenshot(page, "dealer-settled", tmp_path)
    # Readable at 1024x768 without sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024


def test_a_foul_is_warned_of_with_the_house_way_before_submitting(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    page = at_table(open_page, table)
    dealer = ["Qs", "Qh", "As", "9d", "7c", "4h", "2s"]  # A-9 / Q-Q-7
    player = ["Kh", "Ks", "8h", "8s", "3c", "3d", "Ac"]  # house way 8-8 / K-K-A
    type_hand(page, "dealer", dealer)
    type_hand(page, "2", player)
    page.fill("#bet-2-main", "25")
    # The player sets the kings low: a foul. From the house way (8-8 low,
    # K-K-A high) that is two swaps: K-8 and K-8.
    assert own_setting(page, 2, ["Kh", "Ks"], ["8h", "8s", "Ac"]) == 5
    warning = page.locator("#foul-2")
    expect(warning).to_have_text("FOUL: low K-K outranks high 8-8-A · reset by the house way")
    expect(page.locator("#note-2")).to_contain_text("House way: low 8♠ 8♥ · high A♣ K♠ K♥ — rule 5")
    expect(page.locator("#hand-2")).to_have_class(re.compile(r"\bfouled\b"))
    foul = page.locator('#fouls [data-foul="2"]')
    expect(foul).to_contain_text(
        "Seat 2 fouls: the low K-K (pair) outranks the high 8-8-A (pair); "
        "the hand is reset by the house way and settled."
    )
    expect(foul).to_contain_text("House way: low 8♠ 8♥ · high A♣ K♠ K♥ (rule 5)")
    # Reset by the house way, 8-8 / K-K-A beats the dealer: paid even money.
    expect(page.locator('#preview-table tr[data-seat="2"] .net')).to_have_text("pay 25.00")
    screenshot(page, "dealer-foul", tmp_path)

    page.click("#submit")
    expect(page.locator('#settlement tr[data-seat="2"]')).to_contain_text("FOUL: set by house way")
    (stored,) = live.rounds(table["id"])
    seat = stored["seats"][0]
    assert seat["fouled"] is True
    assert seat["setting_entered"] == {"low": ["Ks", "Kh"], "high": ["Ac", "8s", "8h"]}
    assert (seat["main"]["outcome"], seat["main"]["net"]) == ("win", 2500)


def test_a_round_entered_with_the_keyboard_alone(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    hands = deal(5)
    expect(page.locator("#codes")).to_be_focused()
    # Hand markers in the typed codes choose the hand: no tapping at all.
    words = f"d: {' '.join(hands['dealer'])} 4: {' '.join(hands['4'])}".lower()
    page.keyboard.type(words)
    page.keyboard.press("Enter")
    expect(page.locator('[data-chips="dealer"] .card')).to_have_count(7)
    expect(page.locator('[data-chips="4"] .card')).to_have_count(7)
    page.locator("#bet-4-main").focus()
    page.keyboard.type("20")
    page.keyboard.press("Tab")  # on to the Dealer Break Bonus
    page.keyboard.type("5")
    expect(page.locator("#preview-table tbody tr")).to_have_count(1)
    page.locator("#submit").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    (stored,) = live.rounds(table["id"])
    assert stored["seats"][0]["bets"] == {"main": 2000, "dealer_break_bonus": 500, "break_bonus": 0}
    assert stored["dealer"]["cards"] == hands["dealer"]


def test_sign_out_and_roles(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    type_hand(page, "dealer", deal(6)["dealer"])  # a round begun, not sent
    token = page.evaluate("JSON.parse(sessionStorage.getItem('breakpoker.sign-in')).token")
    page.reload()  # still signed in, back at the table
    expect(page.locator("#round")).to_be_visible()
    page.click("#sign-out")
    page.click("#discard-yes")  # the round begun is given up: asked first
    expect(page.locator("#sign-in")).to_be_visible()
    expect(page.locator("#sign-in-notice")).to_have_text("Signed out.")
    expect(page.locator("#round")).to_be_hidden()
    assert page.evaluate("sessionStorage.getItem('breakpoker.sign-in')") is None
    status = page.evaluate(
        "async (token) => (await fetch('/api/v1/tables', "
        "{headers: {Authorization: 'Bearer ' + token}})).status",
        token,
    )
    assert status == 401  # the token itself was ended
    # Compliance has no business entering rounds: refused at sign-in, with why.
    page.fill("#name", "compliance")
    page.fill("#password", "correct horse battery")
    page.press("#password", "Enter")
    expect(page.locator('[data-error-for="sign-in"]')).to_contain_text("this page is not for that role")
    expect(page.locator("#round")).to_be_hidden()
    # A wrong password is said next to the form.
    page.fill("#name", "dealer")
    page.fill("#password", "wrong")
    page.press("#password", "Enter")
    expect(page.locator("#sign-in .error:not(:empty)")).to_have_count(1)
    # The next dealer starts clean: the table is asked again, no card is left.
    page.fill("#password", "correct horse battery")
    page.press("#password", "Enter")
    page.get_by_role("button", name=table["name"], exact=True).click()
    expect(page.locator('[data-chips="dealer"] .card')).to_have_count(0)
