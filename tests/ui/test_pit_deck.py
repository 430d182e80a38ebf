"""The pit page shows where a round's cards came from: a deck a shoe
posted, and each card the dealer changed by hand against it (a
significant event) in the round's detail and as a mark in the round list."""

from __future__ import annotations

from typing import Any

from service.tables.shoe import post_one_deck
from tests.support.decks import dealing
from tests.support.rounds_data import round_body
from tests.ui.conftest import PASSWORD, expect
from tests.ui.pit_page_support import at_pit, card, open_round, screen


def dealt_round(live: Any, table: dict[str, Any], device: str, change: bool) -> dict[str, Any]:
    deck = post_one_deck(live.url, table["id"], "shoe", PASSWORD, device_id=device, cards=dealing())
    body = round_body(f"{device}-round")
    body["deck_id"] = deck["id"]
    # The dealer marks the hands exposed first: the round's three seats.
    live.api("POST", f"/tables/{table['id']}/decks/{deck['id']}/exposure", {"seats": [1, 2, 3]}, "dealer")
    if change:
        seat = body["seats"][0]
        seat["cards"][2] = deck["cards"][49]  # the dealer entered a card the shoe did not deal here
    return live.enter(table["id"], body)


def test_a_card_changed_by_hand_is_listed_and_marked_for_the_pit(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    changed = dealt_round(live, table, "shoe-p1", change=True)
    kept = dealt_round(live, table, "shoe-p2", change=False)
    (change,) = changed["deck"]["changed"]
    page = at_pit(open_page, "pit_boss", table)
    screen(page, "rounds")
    changed_row = page.locator(f'tr[data-round="{changed["id"]}"]')
    expect(changed_row.locator(".changed-by-hand")).to_have_text("changed by hand")
    expect(page.locator(f'tr[data-round="{kept["id"]}"] .changed-by-hand')).to_have_count(0)

    open_round(page, changed["id"])
    facts = page.locator("#round-deck")
    expect(facts).to_contain_text(
        f"Dealt from shoe-p1 deck 1 (deck #{changed['deck']['id']}): 1 card changed by hand"
    )
    expect(facts.locator("li")).to_have_text(
        [
            f"Seat {change['hand']}, card {change['position']}: the shoe read {card(change['fed'])}, "
            f"the dealer entered {card(change['entered'])}"
        ]
    )
    open_round(page, kept["id"])
    expect(page.locator("#round-deck")).to_have_text(
        f"Dealt from shoe-p2 deck 1 (deck #{kept['deck']['id']}); no card changed by hand."
    )


def test_a_round_entered_without_a_feed_says_so(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    game = live.enter(table["id"], round_body("no-feed"))
    page = at_pit(open_page, "compliance", table)
    open_round(page, game["id"])
    expect(page.locator("#round-deck")).to_have_text("Cards entered on the tablet (no deck feed).")
