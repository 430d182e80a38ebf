"""The dealer tablet in Chromium, what the dealer types: a line of card codes
is read whole and adds nothing unless every word of it is right; amounts
take a thousands separator and refuse a decimal comma; every message about
money is in the currency as typed; the preview never shows a payout for
input that is no longer there; the joker's meaning and the round's names."""

from __future__ import annotations

from typing import Any

from tests.support.rounds_data import DEALER, SEATS
from tests.ui.conftest import expect
from tests.ui.dealer_page_support import at_table, own_setting, type_hand

HINT = " Ranks 2-9, T or 10, J, Q, K, A; suits s h d c; JK."
PLAYER = SEATS[2]  # 8-8 / K-K-A: beats the dealer's A-9 / Q-Q-7
JOKER_HAND = ["JK", "Kd", "Qd", "7h", "7d", "2c", "4c"]  # 7-7 / JK K Q: the joker is the ace
# Amounts as typed and the cents they are; then what is not an amount.
GOOD = {
    "1,000": 100000,
    "1,000.50": 100050,
    "12,345,678.05": 1234567805,
    "25": 2500,
    "25.5": 2550,
    "0.07": 7,
    "$1,000": 100000,
}
BAD = ["10,50", "1,00", "1,0000", ",100", "1,000,5", "25.505", "1.000,50", "ten", "-5", "1e3"]


def chips(page: Any, hand: str) -> list[str]:
    found = page.locator(f'[data-chips="{hand}"] .card')
    return [found.nth(index).get_attribute("data-card") for index in range(found.count())]


def typed(page: Any, line: str) -> None:
    page.fill("#codes", line)
    page.press("#codes", "Enter")


def test_a_marked_group_that_does_not_fit_its_hand_adds_nothing(
    open_page: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    message = page.locator('[data-error-for="codes"]')
    type_hand(page, "1", ["Ad", "Kc"])
    line = "1: 8s 8h 3s 3h as jc 9d 2: jk kd qd 7h 7d"
    typed(page, line)
    expect(message).to_have_text("Nothing was added: seat 1 has 2 of 7 cards, no room for 7 more.")
    assert chips(page, "1") == ["Ad", "Kc"]
    assert chips(page, "2") == []
    expect(page.locator("#codes")).to_have_value(line)  # kept, to be corrected
    # Cards without a marker fill the active hand only, never the next one.
    typed(page, "8s 8h 3s 3h as jc")
    expect(message).to_have_text("Nothing was added: seat 1 has 2 of 7 cards, no room for 6 more.")
    assert chips(page, "1") == ["Ad", "Kc"]
    assert chips(page, "2") == []
    typed(page, "8s 8h 3s 3h as")
    expect(page.locator('[data-chips="1"] .card')).to_have_count(7)
    expect(message).to_have_text("")
    typed(page, "jc")
    expect(message).to_have_text("Nothing was added: seat 1 has 7 of 7 cards, no room for 1 more.")
    assert chips(page, "2") == []
    # A card tapped into a full hand does not pass on to another hand either.
    page.locator('[data-hand="1"] .hand-title').click()
    page.locator('#picker [data-card="Jc"]').tap()
    expect(message).to_have_text("Nothing was added: seat 1 has 7 of 7 cards, no room for 1 more.")
    assert [chips(page, hand) for hand in ("dealer", "2", "3")] == [[], [], []]
    # A line that fits goes in whole, each group to its own hand.
    typed(page, "2: jk kd qd 7h 7d d: 2c")
    expect(page.locator('[data-chips="2"] .card')).to_have_count(5)
    assert chips(page, "2") == ["JK", "Kd", "Qd", "7h", "7d"]
    assert chips(page, "dealer") == ["2c"]
    expect(message).to_have_text("")
    expect(page.locator("#codes")).to_have_value("")


def test_a_bad_line_adds_nothing_and_says_what_and_where(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    message = page.locator('[data-error-for="codes"]')
    type_hand(page, "dealer", ["2c"])
    cases = {
        # A seat this six-seat table does not have: named, nothing added.
        "7: ac kc": '"7:" names seat 7; this table has seats 1-6',
        "seat9 ac": '"seat9" names seat 9; this table has seats 1-6',
        "1: ac zz kc": '"zz" (for seat 1) is not a card.' + HINT,
        "1: ac 2: kc ac": "A♣ is typed twice",
        "3: ac kc 2c": "2♣ (for seat 3) is already in the dealer's hand",
        "ac kc 4: 9x": '"9x" (for seat 4) is not a card.' + HINT,
        "7: ac 1: zz": '"7:" names seat 7; this table has seats 1-6; "zz" (for seat 1) is not a card.' + HINT,
        "ac kc 2c 3c 4c 5c 6c": (
            "2♣ (for the dealer) is already in the dealer's hand; "
            "the dealer has 1 of 7 cards, no room for 7 more"
        ),
    }
    for line, problem in cases.items():
        typed(page, line)
        expect(message).to_have_text(f"Nothing was added: {problem}{'' if problem.endswith('.') else '.'}")
        hands = [chips(page, hand) for hand in ("dealer", "1", "2", "3", "4")]
        assert hands == [["2c"], [], [], [], []], line
        expect(page.locator("#codes")).to_have_value(line)
    typed(page, "ac kc")  # the same cards, rightly typed, go in
    assert chips(page, "dealer") == ["2c", "Ac", "Kc"]
    expect(message).to_have_text("")


def test_money_messages_are_in_the_currency_as_typed(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    type_hand(page, "dealer", DEALER)
    type_hand(page, "3", PLAYER)
    main = page.locator('[data-error-for="seat-3-main"]')
    page.fill("#bet-3-main", "4")
    expect(main).to_have_text("seat 3: the Main bet of 4.00 is below the table minimum of 5.00")
    page.fill("#bet-3-main", "0")
    expect(main).to_have_text("seat 3: every seat must place a Main bet (limits 5.00–1,000.00)")
    page.fill("#bet-3-main", "5")
    page.fill("#bet-3-break_bonus", "5,000")
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-3-break_bonus"]')).to_have_text(
        "seat 3: the Break Bonus bet of 5,000.00 is above the table maximum of 100.00"
    )
    page.fill("#bet-3-break_bonus", "")
    # The limits change while the tablet shows the old ones: the tablet reads
    # them again rather than explain the API's refusal with the wrong figures.
    config = {"config": {"limits": {"main": [1000, 100000]}}}
    live.edit(f"/tables/{table['id']}/config", config)
    page.fill("#bet-3-main", "6")
    expect(main).to_have_text("seat 3: the Main bet of 6.00 is below the table minimum of 10.00")
    expect(page.locator("#limits")).to_contain_text("Main 10.00–1,000.00")
    expect(page.locator("#bet-3-main")).to_have_attribute("placeholder", "10–1,000")
    assert live.rounds(table["id"]) == []


def test_amounts_take_a_thousands_separator_and_refuse_a_decimal_comma(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    # The rule, by digits (never through floating point), in the browser.
    read = page.evaluate(
        """async (texts) => {
            const { readAmount } = await import("/ui/static/shared/money.js");
            return texts.map((text) => readAmount(text, "Main"));
        }""",
        [*GOOD, *BAD],
    )
    assert [answer.get("cents") for answer in read] == [*GOOD.values()] + [None] * len(BAD)
    comma = "Main: 10,50 is not an amount: a comma groups thousands (1,000.50); cents follow a point (10.50)"
    assert read[7] == {"problem": comma}
    assert read[8]["problem"].startswith("Main: 1,00 is not an amount: a comma groups thousands")
    assert read[14] == {"problem": "Main: ten is not an amount (for example 25, 25.50 or 1,000.50)"}
    # The rule is stated where amounts are typed: the placeholders show the
    # limits in the form they are typed, and the limits line says the rest.
    expect(page.locator("#bet-1-main")).to_have_attribute("placeholder", "5–1,000")
    expect(page.locator("#bet-1-break_bonus")).to_have_attribute("placeholder", "1–100")
    expect(page.locator("#limits")).to_contain_text("amounts as 25.50 or 1,000.50: a point for cents")
    type_hand(page, "dealer", DEALER)
    type_hand(page, "1", PLAYER)
    page.fill("#bet-1-main", "10,50")
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-1-main"]')).to_have_text(f"seat 1 {comma}")
    assert live.rounds(table["id"]) == []
    page.fill("#bet-1-main", "1,000")
    page.fill("#bet-1-dealer_break_bonus", "2.50")
    expect(page.locator('#preview-table tr[data-seat="1"] td').first).to_have_attribute(
        "title", "stake 1,000.00"
    )
    page.click("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    (stored,) = live.rounds(table["id"])
    assert stored["seats"][0]["bets"] == {"main": 100000, "dealer_break_bonus": 250, "break_bonus": 0}


def test_a_preview_is_never_shown_for_input_that_is_no_longer_there(
    open_page: Any, table: dict[str, Any]
) -> None:
    page = at_table(open_page, table)
    type_hand(page, "dealer", DEALER)
    type_hand(page, "2", PLAYER)
    page.fill("#bet-2-main", "10")
    stake = page.locator('#preview-table tr[data-seat="2"] td').first
    expect(stake).to_have_attribute("title", "stake 10.00")
    # Changed to a bet the table refuses: the old payout goes at once.
    page.fill("#bet-2-main", "1")
    expect(page.locator('[data-error-for="seat-2-main"]')).to_contain_text("below the table minimum")
    expect(page.locator("#results")).to_be_empty()
    # The error goes too once the bet is right again.
    page.fill("#bet-2-main", "20")
    expect(stake).to_have_attribute("title", "stake 20.00")
    expect(page.locator('[data-error-for="seat-2-main"]')).to_have_text("")
    # An answer to an older preview that comes back after a newer change is
    # not drawn: the previews are held, and let go one at a time.
    held: list[Any] = []
    page.route("**/rounds/preview", lambda route: held.append(route))
    page.fill("#bet-2-main", "30")
    expect(page.locator("#results")).to_be_empty()
    page.wait_for_timeout(600)
    assert len(held) == 1
    page.fill("#bet-2-main", "40")
    held[0].continue_()  # the answer for 30, after the change to 40
    page.wait_for_timeout(600)  # the change's own preview has been asked for
    assert len(held) == 2
    expect(page.locator("#results")).to_be_empty()
    held[1].continue_()
    expect(stake).to_have_attribute("title", "stake 40.00")


def test_the_joker_s_meaning_is_shown_under_the_hand(open_page: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    type_hand(page, "dealer", JOKER_HAND)
    expect(page.locator("#joker-dealer")).to_have_text("JK plays as A: high Q-K-A")
    type_hand(page, "1", PLAYER)
    expect(page.locator("#note-1")).to_contain_text("House way: low")
    expect(page.locator("#joker-1")).to_have_text("")
    page.fill("#bet-1-main", "10")
    expect(page.locator("#preview-table tbody tr")).to_have_count(1)
    page.click("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    # Still there on the settled round, and after a reload of it.
    expect(page.locator("#joker-dealer")).to_have_text("JK plays as A: high Q-K-A")
    page.reload()
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    expect(page.locator("#joker-dealer")).to_have_text("JK plays as A: high Q-K-A")
    # A player's own setting plays the joker as its own hands make it.
    page.click("#new-round")
    type_hand(page, "dealer", DEALER)
    type_hand(page, "2", JOKER_HAND)
    expect(page.locator("#joker-2")).to_have_text("JK plays as A: high Q-K-A")
    own_setting(page, 2, ["JK", "2c"], ["7h", "7d", "Kd"])  # low JK-2, high 7-7-K
    expect(page.locator("#note-2")).to_contain_text("Player's setting: low")
    expect(page.locator("#joker-2")).to_have_text("JK plays as A: low A-2")


def test_a_round_has_one_plainly_labelled_name(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    key = page.evaluate("window.dealerState.key")
    expect(page.locator("#round-key")).to_have_text(f"Round id {key[:8]}… · not settled yet")
    type_hand(page, "dealer", DEALER)
    type_hand(page, "1", PLAYER)
    page.fill("#bet-1-main", "10")
    page.click("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    (stored,) = live.rounds(table["id"])
    number = stored["id"]
    # As the pit page names it: "Round #12", and its round id beside it.
    expect(page.locator("#results h2")).to_have_text(f"Settled · round #{number}")
    expect(page.locator("#round-key")).to_have_text(f"Round #{number} · round id {key[:8]}…")
    expect(page.locator("#round-key")).to_have_attribute("title", f"round id {key}")
