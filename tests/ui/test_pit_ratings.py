"""Rated play on the pit page in Chromium at 1024x768 with touch: the
floor's open ratings (paused ones marked) with their live figures, a tap
opening the rating slip (live while open, final at seat-out), a rating
the dealer missed started by a pit boss (the club number scanned, each
refusal shown at the field the API names), and a player's page: found
by name or card, figures by period, ratings with their comps, and the
identification a refused cash buy-in asked for."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, money, screen


def enrol(live: Any, club_number: str, name: str) -> None:
    live.api("POST", "/players", {"club_number": club_number, "name": name}, "admin")


def seated(live: Any, table: dict[str, Any], club_number: str, seat: int) -> dict[str, Any]:
    body = {"club_number": club_number, "seat": seat}
    return dict(live.api("POST", f"/tables/{table['id']}/ratings", body, "dealer"))


def step(live: Any, rating: dict[str, Any], what: str, body: Any = None) -> dict[str, Any]:
    return dict(live.api("POST", f"/ratings/{rating['id']}/{what}", body or {}, "dealer"))


def figure(page: Any, key: str) -> Any:
    return page.locator(f'#slip-out tr[data-figure="{key}"] td')


def test_the_floor_s_open_ratings_open_their_slips(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    enrol(live, "61001", "Ann Lee")
    enrol(live, "61002", "Bo Chan")
    ann = seated(live, table, "61001", 1)
    bo = seated(live, table, "61002", 4)
    step(live, ann, "buy-ins", {"kind": "cash", "amount": 20_000})
    step(live, bo, "pauses")
    page = at_pit(open_page, "pit_boss", None)
    screen(page, "ratings")
    ann_row = page.locator(f'#ratings-table tr[data-rating="{ann["id"]}"]')
    bo_row = page.locator(f'#ratings-table tr[data-rating="{bo["id"]}"]')
    expect(ann_row.locator("td").nth(0)).to_have_text("Ann Lee (club 61001)")
    expect(ann_row.locator("td").nth(1)).to_have_text(table["name"])
    expect(ann_row.locator("td").nth(2)).to_have_text("1")
    expect(ann_row.locator("td").nth(4)).to_have_text("playing")
    expect(ann_row.locator("td").nth(6)).to_have_text("0")
    expect(bo_row.locator("td").nth(4)).to_have_text("PAUSED")
    expect(bo_row).to_have_class("paused")
    screenshot(page, "pit-ratings", tmp_path)

    ann_row.get_by_role("button").tap()
    expect(page.locator("#slip-title")).to_contain_text(f"Rating slip #{ann['id']}: Ann Lee (club 61001)")
    expect(page.locator('#slip-title [data-mark="live"]')).to_contain_text("LIVE to ")
    slip = live.api("GET", f"/ratings/{ann['id']}/slip", user="pit_boss")
    expect(figure(page, "seat")).to_have_text(f"{table['name']}, seat 1")
    expect(figure(page, "cash")).to_have_text(money(20_000))
    expect(figure(page, "rated-rounds")).to_have_text(str(slip["figures"]["rated_rounds"]))
    expect(figure(page, "comps")).to_have_text(money(slip["figures"]["comps"]))
    expect(figure(page, "chips-taken")).to_have_text("— (still playing)")
    expect(figure(page, "chips-check")).to_have_text("— (at seat-out)")
    for key in ("time-played", "pace", "handle-total", "average-bet", "theoretical", "actual", "decisions"):
        expect(figure(page, key)).to_have_count(1)
    expect(figure(page, "dealer-cards")).to_contain_text("±")
    screenshot(page, "pit-slip", tmp_path)

    # Seated out with every chip: the slip is final, its chips check 0.
    step(live, ann, "seat-out", {"chips_taken": 20_000})
    page.locator("#slip-back").tap()
    expect(page.locator(f'#ratings-table tr[data-rating="{ann["id"]}"]')).to_have_count(0)
    page.goto(f"{page.url.split('#')[0]}#slip-{ann['id']}")
    expect(page.locator('#slip-title [data-mark="final"]')).to_have_text("FINAL")
    expect(figure(page, "chips-taken")).to_have_text(money(20_000))
    expect(figure(page, "chips-check")).to_have_text("0 (every chip accounted for)")


def local_minute(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M")


def test_a_rating_the_dealer_missed_is_started_by_the_pit(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    enrol(live, "62001", "Cy Diaz")
    enrol(live, "62002", "Di Evans")
    taken = seated(live, table, "62002", 2)
    page = at_pit(open_page, "pit_boss", table)
    screen(page, "ratings")
    form = page.locator("#missed-form")
    expect(page.locator("#missed-table")).to_have_value(str(table["id"]))
    page.select_option("#missed-seat", "2")
    form.get_by_role("button", name="Start the rating").tap()
    expect(page.locator('[data-error-for="missed-club_number"]')).to_have_text("club number: type or scan it")
    expect(page.locator('[data-error-for="missed-reason"]')).to_contain_text("Reason is required")
    # A card reader types the number and Enter: the form moves on, sends nothing.
    page.locator("#missed-club_number").tap()
    page.keyboard.type("62001")
    page.keyboard.press("Enter")
    expect(page.locator("#missed-seated_at")).to_be_focused()
    page.fill("#missed-seated_at", local_minute(datetime.now() - timedelta(minutes=40)))
    page.fill("#missed-reason", "dealer relieved mid-shoe, seat-in not entered")
    form.get_by_role("button", name="Start the rating").tap()
    # The seat is taken: the API names the seat, and the page shows it there.
    expect(page.locator('[data-error-for="missed-seat"]')).to_contain_text(f"(rating {taken['id']})")
    expect(page.locator("#missed-seat")).to_have_attribute("aria-invalid", "true")
    screenshot(page, "pit-missed-rating", tmp_path)

    page.select_option("#missed-seat", "3")
    page.fill("#missed-seated_at", local_minute(datetime.now() + timedelta(hours=3)))
    form.get_by_role("button", name="Start the rating").tap()
    expect(page.locator('[data-error-for="missed-seated_at"]')).to_have_text(
        "seat-in time: it must be in the past"
    )
    seated_at = datetime.now() - timedelta(minutes=40)
    page.fill("#missed-seated_at", local_minute(seated_at))
    form.get_by_role("button", name="Start the rating").tap()
    expect(page.locator("#notice")).to_contain_text("Rating started for club 62001")
    (rating,) = [
        r for r in live.api("GET", f"/tables/{table['id']}/ratings", user="pit_boss") if r["seat"] == 3
    ]
    assert (rating["club_number"], rating["started"]) == ("62001", "missed")
    assert rating["reason"] == "dealer relieved mid-shoe, seat-in not entered"
    sent = datetime.fromisoformat(rating["seated_at"]).astimezone().replace(tzinfo=None)
    assert sent.strftime("%Y-%m-%dT%H:%M") == local_minute(seated_at)
    expect(page.locator(f'#ratings-table tr[data-rating="{rating["id"]}"] td').first).to_have_text(
        "Cy Diaz (club 62001)"
    )
    expect(page.locator("#missed-club_number")).to_have_value("")


def test_a_player_s_page_figures_ratings_and_identification(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    enrol(live, "63001", "Eve Fox")
    enrol(live, "63002", "Evan Foxley")
    first = seated(live, table, "63001", 1)
    step(live, first, "seat-out", {"chips_taken": 0})
    second = seated(live, table, "63001", 2)
    # Past the report threshold, the cash is refused until the player is identified.
    with pytest.raises(AssertionError, match="identification_required"):
        step(live, second, "buy-ins", {"kind": "cash", "amount": 1_000_001})

    page = at_pit(open_page, "pit_boss", table)
    screen(page, "players")
    page.locator("#player-find").tap()
    page.keyboard.type("fox")
    page.keyboard.press("Enter")
    expect(page.locator("#players-found tbody tr")).to_have_count(2)
    # The card scanned: the number and Enter open the player's page.
    page.fill("#player-find", "")
    page.keyboard.type("63001")
    page.keyboard.press("Enter")
    expect(page.locator("#player-title")).to_contain_text("Eve Fox club 63001")
    expect(page.locator("#player-comps")).to_have_attribute("data-club-number", "63001")
    # The comps' part is shown with the player (tests/ui/test_pit_comps.py tries it).
    expect(page.locator("#player-comps:not([hidden]) #comps-title")).to_have_count(1)
    lifetime = live.api("GET", "/players/63001/figures?period=lifetime", user="pit_boss")
    expect(page.locator("#player-figures")).to_contain_text("2 ratings, ever")
    comps = page.locator('#player-figures tr[data-figure="comps"] td')
    expect(comps).to_have_text(money(lifetime["figures"]["comps"]))
    page.locator('[data-period="day"]').tap()
    expect(page.locator("#player-figures")).to_contain_text("2 ratings seated since")
    expect(page.locator('[data-period="day"]')).to_have_attribute("aria-pressed", "true")
    rows = page.locator("#history-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-rating", str(second["id"]))
    expect(rows.nth(0).locator('[data-mark="live"]')).to_have_count(1)
    expect(rows.nth(1).locator('[data-mark="final"]')).to_have_text("FINAL")
    expect(rows.nth(1).locator("td.comps")).to_have_text(money(0))

    form = page.locator("#identification-form")
    form.get_by_role("button", name="Record the identification").tap()
    expect(page.locator('[data-error-for="identification-number"]')).to_contain_text("document number")
    page.select_option("#identification-document_type", "driving_licence")
    page.fill("#identification-number", "DL 55-2041")
    page.fill("#identification-expiry", "2001-01-01")
    page.fill("#identification-date_of_birth", "1979-03-02")
    form.get_by_role("button", name="Record the identification").tap()
    expect(page.locator('[data-error-for="identification-expiry"]')).not_to_be_empty()
    page.fill("#identification-expiry", "2099-12-31")
    form.get_by_role("button", name="Record the identification").tap()
    expect(page.locator("#identification-receipt")).to_contain_text(
        "Identification version 1 recorded by pit_boss"
    )
    expect(page.locator("#identification-number")).to_have_value("")
    screenshot(page, "pit-player", tmp_path)
    # The buy-in refused before goes through now.
    assert step(live, second, "buy-ins", {"kind": "cash", "amount": 1_000_001})["buy_ins"]

    # A tap on a rating opens its slip.
    rows.nth(1).get_by_role("button").tap()
    expect(page.locator("#slip-title")).to_contain_text(f"Rating slip #{first['id']}: Eve Fox (club 63001)")


def test_compliance_reads_a_player_but_records_no_identification(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    enrol(live, "64001", "Gus Hale")
    enrol(live, "64002", "Hal Ives")
    page = at_pit(open_page, "compliance", table)
    page.goto(f"{page.url.split('#')[0]}#player-64002")
    expect(page.locator("#player-title")).to_contain_text("Hal Ives")
    expect(page.locator("#history-none")).to_have_text("No rating yet.")
    expect(page.locator("#identification-form")).to_have_count(0)
    # Eleven ratings: ten a page, the latest first; Older and Latest move by the Link header.
    ratings = []
    for _ in range(11):
        ratings.append(seated(live, table, "64001", 5))
        step(live, ratings[-1], "seat-out", {"chips_taken": 0})
    page.goto(f"{page.url.split('#')[0]}#player-64001")
    rows = page.locator("#history-table tbody tr")
    expect(rows).to_have_count(10)
    expect(rows.first).to_have_attribute("data-rating", str(ratings[-1]["id"]))
    page.locator("#history-older").tap()
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-rating", str(ratings[0]["id"]))
    expect(page.locator("#history-older")).to_have_count(0)
    page.get_by_role("button", name="Latest").tap()
    expect(rows).to_have_count(10)
    screen(page, "ratings")
    expect(page.locator("#missed-box")).to_be_hidden()
