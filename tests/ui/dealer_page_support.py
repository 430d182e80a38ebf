"""What the dealer page's tests share: the bets, money as the tablet writes
it, getting to a table, typing hands and settings, and the payouts checked
against the API's nets."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import DECK, expect

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


def chips(page: Any, hand: str) -> list[str]:
    """The cards a hand holds on the screen, in order."""
    found = page.locator(f'[data-chips="{hand}"] .chip')
    return [found.nth(index).get_attribute("data-card") or "" for index in range(found.count())]
