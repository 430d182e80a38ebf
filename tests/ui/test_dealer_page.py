"""The dealer tablet in Chromium: card entry by tapping and typing, the
house way, foul warnings and every payout before submitting, idempotent
submission, errors next to their fields, keyboard-only use, sign-out."""

from __future__ import annotations

import re
from typing import Any

from tests.ui.conftest import DECK, deal, expect, screenshot

BETS = ("main", "dealer_break_bonus", "break_bonus")
SIDE_BETS = {"dealer_break_bonus": 100, "break_bonus": 250}  # as typed: 1 and 2.50
SETTING_FULL = """(seat) => {
  const setting = window.dealerState.manual[seat];
  return Boolean(setting) && setting.low.length === 2 && setting.high.length === 3;
}"""


def spare(hands: dict[str, list[str]]) -> str:
    """A card in none of the hands."""
    return next(card for card in DECK if not any(card in cards for cards in hands.values()))


def money(cents: int) -> str:
    return f"{abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def pay_or_take(net: int) -> str:
    return "push" if net == 0 else f"pay {money(net)}" if net > 0 else f"take {money(net)}"


def at_table(open_page: Any, table: dict[str, Any], user: str = "dealer") -> Any:
    page = open_page("/dealer", user)
    page.get_by_role("button", name=table["name"], exact=True).click()
    expect(page.locator("#round")).to_be_visible()
    return page


def type_hand(page: Any, hand: str, cards: list[str]) -> None:
    page.locator(f'[data-hand="{hand}"] .hand-title').click()
    page.fill("#codes", " ".join(code.lower() for code in cards))
    page.press("#codes", "Enter")


def enter_full_round(page: Any, hands: dict[str, list[str]]) -> None:
    """Dealer and seats 1-5 typed, seat 6 tapped on the picker; bets on all six."""
    for hand in ("dealer", "1", "2", "3", "4", "5"):
        type_hand(page, hand, hands[hand])
    page.locator('[data-hand="6"] .hand-title').click()
    for card in hands["6"]:
        page.locator(f'#picker [data-card="{card}"]').tap()
    for seat in range(1, 7):
        page.fill(f"#bet-{seat}-main", "10")
        if seat % 2:
            page.fill(f"#bet-{seat}-dealer_break_bonus", "1")
            page.fill(f"#bet-{seat}-break_bonus", "2.50")


def own_setting(page: Any, seat: int, low: list[str], high: list[str]) -> int:
    """Untick the seat's House and tap its cards into the player's ``low``
    and ``high``: the setting starts from the house way, and each pair of
    taps swaps two cards' places. The number of touches it took."""
    page.uncheck(f"#hw-{seat}")
    page.wait_for_function(SETTING_FULL, arg=seat)
    setting = page.evaluate("(seat) => window.dealerState.manual[seat]", seat)
    cards = page.evaluate(f"window.dealerState.hands[{seat}]")
    place = {
        card: "low" if card in setting["low"] else "high" if card in setting["high"] else "" for card in cards
    }
    wanted = {card: "low" if card in low else "high" if card in high else "" for card in cards}
    touches = 1
    for card in cards:
        if place[card] == wanted[card]:
            continue
        other = next(o for o in cards if place[o] == wanted[card] and wanted[o] != place[o])
        for tapped in (card, other):
            page.locator(f'[data-chips="{seat}"] [data-card="{tapped}"]').tap()
        place[card], place[other] = place[other], place[card]
        touches += 2
    assert place == wanted
    return touches


def seat_net(seat: dict[str, Any]) -> int:
    return sum(seat[bet]["net"] for bet in BETS if seat.get(bet))


def check_payouts(page: Any, table_id: str, seats: list[dict[str, Any]]) -> None:
    rows = page.locator(f"#{table_id} tbody tr")
    expect(rows).to_have_count(len(seats))
    for seat in seats:
        row = page.locator(f'#{table_id} tr[data-seat="{seat["seat"]}"]')
        for column, bet in enumerate(BETS):
            cell = row.locator("td").nth(column)
            outcome = seat[bet]["outcome"]
            if outcome == "none":
                expect(cell).to_have_text("—")
            else:
                net = seat[bet]["net"]
                sign = "" if net == 0 else f" {'+' if net > 0 else '−'}{money(net)}"
                expect(cell).to_have_text(f"{outcome}{sign}")
        expect(row.locator(".net")).to_have_text(pay_or_take(seat_net(seat)))


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
