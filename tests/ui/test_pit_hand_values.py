"""The pit page's round detail in Chromium: per seat, the Main Bet's
expected value of the setting played, of the best setting (with its cards
when the player did not play it) and of the house way's, as the API's
hand-values answer gives them; and a clear note while the strategy table
is still being built."""

from __future__ import annotations

from typing import Any

from service.analysis.strategy_table import block_file, table_folder
from service.engine.qualifier import DEFAULT_QUALIFIER
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import block_number, strategy_blocks
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, cards, open_round

# The house way sets it A-K / 3-4-5; J-Q-K with A-5 is worth more.
NOT_BEST = ["JK", "Kc", "Qd", "Jc", "5h", "4s", "3h"]
FOUL = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # seat 2's kings in the low


def ev(value: float) -> str:
    return f"{'-' if value < 0 else '+'}{abs(value):.4f}"


def valued_round(round_id: str) -> dict[str, Any]:
    body = round_body(round_id)
    first, second, _ = body["seats"]
    first["cards"] = list(NOT_BEST)
    second["setting"] = FOUL
    body["seats"] = [first, second]
    return body


def test_each_seat_shows_what_the_setting_played_the_best_and_the_house_way_are_worth(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    strategy_blocks(live.settings.instance, [NOT_BEST, SEATS[2]])
    game = live.enter(table["id"], valued_round("hv-1"))
    values = live.api("GET", f"/rounds/{game['id']}/hand-values", user="pit_boss")
    page = at_pit(open_page, "pit_boss", table)
    open_round(page, game["id"])
    rows = page.locator("#round-values-seats tbody tr")
    expect(rows).to_have_count(2)
    for seat in values["seats"]:
        row = page.locator(f'#round-values-seats tr[data-seat="{seat["seat"]}"]')
        expect(row.locator(".played-ev")).to_contain_text(ev(seat["played"]["expected_value"]))
        expect(row.locator(".best-ev")).to_contain_text(ev(seat["best"]["expected_value"]))
        expect(row.locator(".house-ev")).to_have_text(ev(seat["house_way"]["expected_value"]))
        expect(row.locator(".cost-ev")).to_have_text(ev(seat["cost_against_best"]["expected_value"]))
        dealer_bonus = row.locator(".bonus-dealer_break_bonus")
        expect(dealer_bonus).to_have_text(ev(seat["dealer_break_bonus"]["expected_value"]))
        expect(row.locator(".bonus-break_bonus")).to_contain_text(ev(seat["break_bonus"]["expected_value"]))
        if seat["break_bonus"]["category_name"]:
            expect(row.locator(".bonus-break_bonus")).to_contain_text(seat["break_bonus"]["category_name"])
        expect(row.locator(".played-ev")).to_have_attribute(
            "title", f"exactly {seat['played']['expected_value_exact']}"
        )
    headers = page.locator("#round-values-seats thead th")
    expect(headers).to_have_text(
        ["Seat", "Setting played", "Best setting", "House way", "Cost against the best"]
        + [bet["name"] for bet in table["bets"] if bet["key"] != "main"]
    )
    first, second = values["seats"]
    # Seat 1 played the house way, which is not the best: the best's cards are shown.
    assert first["played_is_best"] is False
    assert (
        first["best"]["expected_value"]
        > first["house_way"]["expected_value"]
        == first["played"]["expected_value"]
    )
    best_cards = page.locator('#round-values-seats tr[data-seat="1"] .best-cards')
    expect(best_cards).to_have_text(
        f"low {cards(first['best']['low'])} · high {cards(first['best']['high'])}"
    )
    # Seat 2 fouled and was reset by the house way: valued as the house way, and said so.
    assert second["fouled"] is True
    assert second["played"]["expected_value"] == second["house_way"]["expected_value"]
    row = page.locator('#round-values-seats tr[data-seat="2"]')
    expect(row.locator(".played-ev")).to_contain_text("foul: valued as reset to the house way")
    expect(page.locator("#round-values")).to_contain_text(
        f"under rules version {values['config_version']} (qualifier {values['qualifier']})"
    )
    screenshot(page, "pit-hand-values", tmp_path)


def test_a_strategy_table_still_being_built_is_said_plainly(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    hand = SEATS[3]
    missing = block_file(table_folder(DEFAULT_QUALIFIER, live.settings.instance), block_number(hand))
    assert not missing.exists()
    body = round_body("hv-2")
    body["seats"] = [body["seats"][2]]
    game = live.enter(table["id"], body)
    page = at_pit(open_page, "compliance", table)
    open_round(page, game["id"])
    note = page.locator("#round-values .building")
    expect(note).to_contain_text("The strategy table is still being built")
    expect(note).to_contain_text("qualifier K-3-2")
    expect(page.locator("#round-values-seats")).to_have_count(0)
    # Built meanwhile: asking again shows the values.
    strategy_blocks(live.settings.instance, [hand])
    page.click("#round-values-again")
    values = live.api("GET", f"/rounds/{game['id']}/hand-values", user="compliance")
    (seat,) = values["seats"]
    row = page.locator('#round-values-seats tr[data-seat="3"]')
    expect(row.locator(".best-ev")).to_contain_text(ev(seat["best"]["expected_value"]))
    expect(page.locator("#round-values .building")).to_have_count(0)
