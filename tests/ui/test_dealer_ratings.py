"""Rated play on the dealer tablet in Chromium at 1024x768 with touch: a
player seated by club number typed as a card reader types it (the number,
then Enter), the name at the seat, a buy-in with the pad's chips, a pause
(the round with the paused seat refused at that seat), a resume and a
seat-out with the chips taken away, each checked against the API; and the
seat-in's refusals next to the club number's field."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import deal, expect, screenshot
from tests.ui.dealer_page_support import at_table, type_hand

DIALOG = "#player-dialog"


def enrol(live: Any, club_number: str, name: str) -> None:
    live.api("POST", "/players", {"club_number": club_number, "name": name}, "admin")


def scan(page: Any, club_number: str) -> None:
    """The club number as a card reader sends it: its characters, then Enter."""
    expect(page.locator("#club-number")).to_be_focused()
    page.keyboard.type(club_number)
    page.keyboard.press("Enter")


def open_ratings(live: Any, table_id: int) -> dict[int, dict[str, Any]]:
    ratings = live.api("GET", f"/tables/{table_id}/ratings", user="dealer")
    return {rating["seat"]: rating for rating in ratings}


def chips(page: Any, *values: int) -> None:
    for value in values:
        page.locator(f'#rating-pad [data-chip="{value}"]').tap()


def test_a_player_seated_by_card_bought_in_paused_resumed_and_seated_out(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    enrol(live, "70001", "Ann Lee")
    page = at_table(open_page, table)
    seat = page.locator("#player-1")
    expect(seat).to_have_text("Seat in")

    seat.tap()
    expect(page.locator("#player-title")).to_have_text("Seat 1: seat a player")
    scan(page, "70001")
    expect(page.locator("#player-title")).to_have_text("Seat 1: Ann Lee (club 70001)")
    expect(seat).to_contain_text("Ann Lee")
    expect(seat).to_contain_text("70001")
    rating = open_ratings(live, table["id"])[1]
    assert (rating["club_number"], rating["state"]) == ("70001", "open")

    # A buy-in of 150.00 in cash with the pad: 100 + 25 + 25.
    expect(page.locator("#rating-amount")).to_be_focused()
    chips(page, 10000, 2500, 2500)
    expect(page.locator("#rating-amount")).to_have_value("150")
    page.locator("#buy-in-cash").tap()
    expect(page.locator("#player-status")).to_contain_text("bought in 150.00 (cash 150.00, chips 0.00)")
    expect(page.locator("#rating-amount")).to_have_value("")
    chips(page, 500)
    page.locator("#buy-in-chips").tap()
    expect(page.locator("#player-status")).to_contain_text("bought in 155.00 (cash 150.00, chips 5.00)")
    bought = open_ratings(live, table["id"])[1]["buy_ins"]
    assert [(buy["kind"], buy["amount"]) for buy in bought] == [("cash", 15000), ("chips", 500)]
    screenshot(page, "dealer-player", tmp_path)

    page.locator("#rating-pause").tap()
    expect(page.locator("#player-status")).to_contain_text("PAUSED")
    expect(page.locator("#rating-resume")).to_be_visible()
    expect(page.locator("#rating-pause")).to_be_hidden()
    page.locator("#player-close").tap()
    expect(page.locator(DIALOG)).to_be_hidden()
    expect(seat).to_contain_text("PAUSED")
    expect(seat).to_have_class("seat-player seated paused")
    assert open_ratings(live, table["id"])[1]["state"] == "paused"

    # A round with the paused seat is refused, and said at that seat.
    hands = deal(7)
    for hand in ("dealer", "1", "2"):
        type_hand(page, hand, hands[hand])
    page.fill("#bet-1-main", "10")
    page.fill("#bet-2-main", "10")
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-1-cards"]')).to_contain_text("is paused")
    expect(page.locator('[data-error-for="seat-2-cards"]')).to_have_text("")
    assert live.rounds(table["id"]) == []
    screenshot(page, "dealer-seat-paused", tmp_path)

    seat.tap()
    page.locator("#rating-resume").tap()
    expect(page.locator("#player-status")).to_contain_text("Playing")
    page.locator("#player-close").tap()
    expect(seat).not_to_contain_text("PAUSED")
    page.click("#submit")
    expect(page.locator("#results h2")).to_contain_text("Settled · round")
    stored = live.rounds(table["id"])
    assert len(stored) == 1

    # Seat-out with the chips taken away, 125.00 by the pad; the seat is free again.
    seat.tap()
    expect(page.locator("#seat-out")).to_have_text("Seat out, chips taken 0.00")
    chips(page, 10000, 2500)
    expect(page.locator("#seat-out")).to_have_text("Seat out, chips taken 125.00")
    page.locator("#seat-out").tap()
    seated_out = "Ann Lee (club 70001) seated out with 125.00 in chips."
    expect(page.locator("#player-status")).to_contain_text(seated_out)
    expect(page.locator("#player-title")).to_have_text("Seat 1: seat a player")
    page.locator("#player-close").tap()
    expect(seat).to_have_text("Seat in")
    closed = live.api("GET", f"/ratings/{rating['id']}", user="dealer")
    assert (closed["state"], closed["chips_taken"]) == ("closed", 12500)
    assert [step["kind"] for step in closed["steps"]] == ["pause", "resume", "seat_out"]
    assert open_ratings(live, table["id"]) == {}


def test_a_seat_in_refused_is_said_next_to_the_club_number(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    enrol(live, "80001", "Bo Chan")
    enrol(live, "80002", "Cy Diaz")
    enrol(live, "80003", "Di Evans")
    other = live.api("POST", "/tables", {"name": "BP-elsewhere"}, user="admin")
    live.api("POST", f"/tables/{other['id']}/ratings", {"club_number": "80003", "seat": 2}, "dealer")
    page = at_table(open_page, table)

    page.locator("#player-3").tap()
    error = page.locator('[data-error-for="rating-club"]')
    scan(page, "99999")
    expect(error).to_have_text("no player has club number 99999")
    expect(page.locator("#club-number")).to_have_attribute("aria-invalid", "true")
    # The next scan replaces the number refused; typing takes the error back.
    page.keyboard.type("80003")
    expect(error).to_have_text("")
    expect(page.locator("#club-number")).to_have_value("80003")
    page.keyboard.press("Enter")
    expect(error).to_contain_text("player '80003' has an open rating at table")

    # Seated meanwhile at another device: refused, and the dialog shows who sits there now.
    live.api("POST", f"/tables/{table['id']}/ratings", {"club_number": "80001", "seat": 3}, "dealer")
    page.fill("#club-number", "80002")
    page.press("#club-number", "Enter")
    expect(error).to_contain_text("seat 3 of table")
    expect(error).to_contain_text("has an open rating")
    expect(page.locator("#player-title")).to_have_text("Seat 3: Bo Chan (club 80001)")
    assert {seat: rating["club_number"] for seat, rating in open_ratings(live, table["id"]).items()} == {
        3: "80001"
    }

    # Every target in the dialog is big enough for a finger.
    small = page.evaluate(
        """() => [...document.querySelectorAll('#player-dialog button, #player-dialog input')]
          .filter((node) => node.offsetParent !== null)
          .map((node) => [node.id || node.textContent, node.getBoundingClientRect()])
          .filter(([, box]) => box.width < 44 || box.height < 44)
          .map(([id]) => id)"""
    )
    assert small == []
    page.locator("#player-close").tap()
    expect(page.locator("#player-3")).to_contain_text("Bo Chan")

    # Paused at another device: the round with the seat is refused there, and the seat shows it.
    rating = open_ratings(live, table["id"])[3]
    live.api("POST", f"/ratings/{rating['id']}/pauses", {}, "dealer")
    hands = deal(11)
    for hand in ("dealer", "3"):
        type_hand(page, hand, hands[hand])
    page.fill("#bet-3-main", "10")
    page.click("#submit")
    expect(page.locator('[data-error-for="seat-3-cards"]')).to_contain_text("is paused")
    expect(page.locator("#player-3")).to_contain_text("PAUSED")
    assert live.rounds(table["id"]) == []
