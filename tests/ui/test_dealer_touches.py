"""The dealer tablet at a busy table, measured: every touch and key of the
issue's six-seat round (the dealer and six players, all three bets on
three seats, two players' own settings) entered by tapping the picker, no
card-reading device, and submitted; the payouts then checked against the
round the API stored. And the one screen at 1024x768: nothing needed below
the fold, 44x44 targets, 24px pay or take, 16px text."""

from __future__ import annotations

from itertools import product
from typing import Any

from tests.ui.conftest import deal, expect, screenshot
from tests.ui.dealer_page_support import SETTING_FULL, at_table, money, pay_or_take, seat_net

OWN_SEATS = (2, 5)  # the two players who set their own hands
FULL_SEATS = (1, 3, 4)  # all three bets; the others bet the Main only
CHIP_BETS = {"main": "25", "dealer_break_bonus": "5", "break_bonus": "5"}  # a chip each
# The page's minimum for the round after the first (bets "same as last
# round"): New round, Same bets, two own settings of one swap each
# (untick House, tap two cards), Submit. The 49 cards are a tap each.
CARD_TAPS = 49
OTHER_TOUCHES = 1 + 1 + 2 * 3 + 1
# The first round, bets by the pad: a tap on the field and a chip per bet.
FIRST_ROUND_BETS = 3 * 2 * 3 + 3 * 2

COUNTER = """
window.__touches = { pointer: 0, keys: 0 };
document.addEventListener("pointerdown", () => window.__touches.pointer++, true);
document.addEventListener("keydown", () => window.__touches.keys++, true);
"""


class Touches:
    """Every touch goes through here, counted by kind; the page counts the
    pointerdowns and keydowns it receives, and the two must agree."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.counts: dict[str, int] = {}

    def tap(self, selector: str, kind: str) -> None:
        self.page.locator(selector).tap()
        self.counts[kind] = self.counts.get(kind, 0) + 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def seen_by_page(self) -> dict[str, int]:
        return dict(self.page.evaluate("window.__touches"))


def one_swap_settings(live: Any, table_id: int, cards: list[str]) -> tuple[list[str], list[str]]:
    """A legal setting of ``cards`` one swap from the house way (as a
    player who knows the house way but keeps a pair up top might set it)."""
    way = live.api("POST", f"/tables/{table_id}/house-way", {"cards": cards}, "dealer")
    low, high = way["low"], way["high"]
    rest = [card for card in cards if card not in low + high]
    for placed, other in product(low, rest + high):
        new_low = [other if card == placed else card for card in low]
        new_high = [placed if card == other else card for card in high]
        setting = {"low": new_low, "high": new_high}
        answer = live.api(
            "POST", f"/tables/{table_id}/house-way", {"cards": cards, "setting": setting}, "dealer"
        )
        if not answer["setting"]["fouled"]:
            return new_low, new_high
    raise AssertionError(f"no legal setting one swap from the house way of {cards}")


def tap_cards(touches: Touches, hands: dict[str, list[str]]) -> None:
    """The dealer's hand and the seats' in order: each hand, once full, passes the picker on to the next."""
    for hand in ("dealer", "1", "2", "3", "4", "5", "6"):
        for card in hands[hand]:
            touches.tap(f'#picker [data-card="{card}"]', "card")


def tap_own_setting(touches: Touches, seat: int, low: list[str], high: list[str]) -> None:
    page = touches.page
    touches.tap(f"#hw-{seat} >> xpath=..", "setting")  # the House toggle (its label)
    page.wait_for_function(SETTING_FULL, arg=seat)
    setting = page.evaluate("(seat) => window.dealerState.manual[seat]", seat)
    cards = page.evaluate(f"window.dealerState.hands[{seat}]")

    def place(card: str, low: list[str], high: list[str]) -> str:
        return "low" if card in low else "high" if card in high else ""

    moved = [card for card in cards if place(card, setting["low"], setting["high"]) != place(card, low, high)]
    assert len(moved) == 2, (setting, low, high)  # one swap from the house way
    for card in moved:
        touches.tap(f'[data-chips="{seat}"] [data-card="{card}"]', "setting")
    expect(page.locator(f'[data-chips="{seat}"] .chip.low')).to_have_count(2)


def check_against_stored(
    page: Any, live: Any, table_id: int, settings: dict[int, tuple[list[str], list[str]]]
) -> dict[str, Any]:
    expect(page.locator("#settlement")).to_be_visible()
    key = page.evaluate("window.dealerState.key")
    (stored,) = [each for each in live.rounds(table_id) if each["round_id"] == key]
    assert [seat["seat"] for seat in stored["seats"]] == [1, 2, 3, 4, 5, 6]
    house = stored["house_net"]
    expect(page.locator("#pay-dealer")).to_have_text(
        f"House {'wins' if house >= 0 else 'pays'} {money(house)}"
    )
    for seat in stored["seats"]:
        expect(page.locator(f"#pay-{seat['seat']}")).to_have_text(pay_or_take(seat_net(seat)))
        expected = {"main": 2500}
        if seat["seat"] in FULL_SEATS:
            expected.update(dealer_break_bonus=500, break_bonus=500)
        assert {bet: stake for bet, stake in seat["bets"].items() if stake} == expected
        if seat["seat"] in settings:
            low, high = settings[seat["seat"]]
            entered = seat["setting_entered"]
            assert (sorted(entered["low"]), sorted(entered["high"])) == (sorted(low), sorted(high))
            assert seat["fouled"] is False
    return stored


def test_a_six_seat_round_in_the_fewest_touches(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    page = at_table(open_page, table)
    page.evaluate(COUNTER)
    touches = Touches(page)

    # The first round: the bets by the pad, a chip a bet.
    first = deal(20)
    tap_cards(touches, first)
    for seat in range(1, 7):
        for bet, chip in CHIP_BETS.items():
            if bet != "main" and seat not in FULL_SEATS:
                continue
            touches.tap(f"#bet-{seat}-{bet}", "bet")
            touches.tap(f'#pad [data-chip="{int(chip) * 100}"]', "bet")
    settings = {seat: one_swap_settings(live, table["id"], first[str(seat)]) for seat in OWN_SEATS}
    for seat, (low, high) in settings.items():
        tap_own_setting(touches, seat, low, high)
    expect(page.locator("#preview-table tbody tr")).to_have_count(6)
    touches.tap("#submit", "submit")
    check_against_stored(page, live, table["id"], settings)
    first_counts = dict(touches.counts)
    assert first_counts == {"card": CARD_TAPS, "bet": FIRST_ROUND_BETS, "setting": 6, "submit": 1}
    assert touches.seen_by_page() == {"pointer": touches.total, "keys": 0}

    # The next round, as the issue counts it: the same bets as last round.
    page.evaluate("window.__touches = { pointer: 0, keys: 0 }")
    touches.counts = {}
    touches.tap("#new-round", "new round")
    touches.tap("#same-bets", "bet")
    second = deal(21)
    tap_cards(touches, second)
    settings = {seat: one_swap_settings(live, table["id"], second[str(seat)]) for seat in OWN_SEATS}
    for seat, (low, high) in settings.items():
        tap_own_setting(touches, seat, low, high)
    expect(page.locator("#preview-table tbody tr")).to_have_count(6)
    screenshot(page, "dealer-one-screen", tmp_path)
    touches.tap("#submit", "submit")
    stored = check_against_stored(page, live, table["id"], settings)
    assert stored["dealer"]["cards"] == second["dealer"]
    screenshot(page, "dealer-one-screen-settled", tmp_path)

    other = touches.total - touches.counts["card"]
    print(f"\nfirst round: {sum(first_counts.values())} touches ({first_counts}), no key")
    cards = touches.counts["card"]
    print(f"next round: {touches.total} touches, {cards} card taps, {other} other ({touches.counts}), no key")
    assert touches.counts == {"new round": 1, "bet": 1, "card": CARD_TAPS, "setting": 6, "submit": 1}
    assert other == OTHER_TOUCHES
    assert touches.seen_by_page() == {"pointer": touches.total, "keys": 0}
