"""The pit boss page in Chromium: four-eyes voids and corrections (a second
pit boss in a second browser), money in the round's currency under its own
limits, and rejections that need a note."""

from __future__ import annotations

from typing import Any

from tests.support.rounds_data import DEALER, SEATS, round_body
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import (
    BETS,
    COMMA,
    at_pit,
    bet_body,
    check_detail,
    money,
    net,
    open_round,
    screen,
)

# ---- (b) a void with a second approver -----------------------------------------


def test_a_void_needs_a_second_pit_boss_who_approves_it_with_a_note(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    game = live.enter(table["id"], round_body("v1"))
    boss = at_pit(open_page, "pit_boss", table)
    boss.click(f'#rounds-table tr[data-round="{game["id"]}"] .row-open')
    expect(boss.locator("#round-title")).to_contain_text(f"Round #{game['id']} settled")
    boss.click("#void-form button[type=submit]")  # no reason: said plainly, at the reason
    expect(boss.locator('[data-error-for="void-reason"]')).to_have_text(
        "Reason for the void is required: say why, in up to 500 characters."
    )
    expect(boss.locator("#void-reason")).to_have_attribute("aria-invalid", "true")
    assert live.api("GET", f"/exceptions?table={table['id']}", user="pit_boss") == []
    boss.fill("#void-reason", "Misdeal: seat 2 had eight cards")
    boss.click("#void-form button[type=submit]")
    expect(boss.locator("#notice")).to_have_text(
        f"Void of round #{game['id']} requested: a second pit boss must approve it."
    )
    (asked,) = live.api("GET", f"/exceptions?table={table['id']}", user="pit_boss")
    item = boss.locator(f'#round-exceptions [data-exception="{asked["id"]}"]')
    expect(item).to_contain_text("Void pending — Misdeal: seat 2 had eight cards")
    expect(item).to_contain_text("Requested by pit_boss")
    expect(boss.locator("#void-form")).to_have_count(0)  # one open request a round
    # The requester cannot decide it: the API's refusal, next to the buttons.
    item.get_by_role("button", name="Approve").click()
    expect(boss.locator(f'[data-error-for="decision-{asked["id"]}"]')).to_have_text(
        "pit_boss requested this void; a second pit boss must approve or reject it"
    )
    assert live.api("GET", f"/rounds/{game['id']}", user="pit_boss")["status"] == "settled"

    second = at_pit(open_page, "pit_boss2", table)
    screen(second, "approvals")
    expect(second.locator("#pending-count")).to_have_text("1")
    card_ = second.locator(f'#approvals-list [data-exception="{asked["id"]}"]')
    expect(card_.locator("h3")).to_have_text(f"Void of round #{game['id']} at {table['name']} pending")
    expect(card_.locator(".reason")).to_have_text("Misdeal: seat 2 had eight cards")
    # What is at stake, in the table's currency: every seat's bets, and the house's net.
    played = live.api("GET", f"/rounds/{game['id']}", user="pit_boss")
    stakes = sum(amount or 0 for seat in played["seats"] for amount in seat["bets"].values())
    assert stakes == 4800
    expect(card_.locator(".round-money")).to_have_text(
        f"At stake: {money(stakes)} USD in bets · house net {net(played['house_net'])} USD"
    )
    card_.locator(f"#note-{asked['id']}").fill("Checked on camera 4")
    card_.get_by_role("button", name="Approve").click()
    expect(second.locator("#notice")).to_have_text(f"Approved: round #{game['id']} is void.")
    expect(second.locator("#approvals-list")).to_have_text("Nothing is waiting for a decision.")
    expect(second.locator(f'#decisions-list [data-exception="{asked["id"]}"] .decision')).to_contain_text(
        "Approved by pit_boss2"
    )

    # The first pit boss's screen, shown again: void, both users, the note.
    boss.reload()
    expect(boss.locator("#round-title .badge")).to_have_text("void")
    expect(item.locator(".badge")).to_have_text("approved")
    expect(item).to_contain_text("Requested by pit_boss")
    expect(item.locator(".decision")).to_contain_text("Approved by pit_boss2")
    expect(item.locator(".decision")).to_contain_text("note: Checked on camera 4")
    expect(boss.locator("#round-detail")).to_contain_text("This record is void")
    stored = live.api("GET", f"/rounds/{game['id']}", user="compliance")
    assert stored["status"] == "void"
    decided = stored["exceptions"][0]
    assert (decided["requested_by"], decided["decided_by"], decided["note"]) == (
        "pit_boss",
        "pit_boss2",
        "Checked on camera 4",
    )


# ---- (c) a correction through the form ---------------------------------------


def test_a_correction_shows_every_change_and_is_approved_by_a_second_pit_boss(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    game = live.enter(table["id"], round_body("c1"))
    boss = at_pit(open_page, "pit_boss", table)
    open_round(boss, game["id"])
    boss.click("#open-correction")
    form = boss.locator("#correction-form")
    # Pre-filled from the round: the codes and the bets in currency units.
    expect(form.locator("#corr-dealer")).to_have_value(" ".join(DEALER))
    expect(form.locator("#corr-seat-2-cards")).to_have_value(" ".join(SEATS[2]))
    expect(form.locator("#corr-seat-1-main")).to_have_value("10.00")
    expect(form.locator("#corr-seat-4-cards")).to_have_value("")
    # Seat 1 really bet 25.50 on the Main Bet; a typing slip first is caught here.
    form.locator("#corr-seat-1-main").fill("25,5x")
    form.get_by_role("button", name="Request correction").click()
    expect(boss.locator('[data-error-for="corr-seat-1-main"]')).to_have_text(f"Seat 1 Main: 25,5x {COMMA}")
    expect(boss.locator('[data-error-for="corr-reason"]')).to_have_text(
        "Reason for the correction is required: say why, in up to 500 characters."
    )
    form.locator("#corr-reason").fill("Seat 1's bet was 25.50, not 10")
    form.locator("#corr-seat-1-main").fill("25.50")
    # Seat 2 with a card too few: the API's word, next to seat 2's cards.
    form.locator("#corr-seat-2-cards").fill(" ".join(SEATS[2][:6]))
    form.get_by_role("button", name="Request correction").click()
    expect(boss.locator('[data-error-for="corr-seat-2-cards"]')).to_have_text(
        "seat 2 has 6 cards; a hand has 7"
    )
    expect(boss.locator("#corr-seat-2-cards")).to_have_attribute("aria-invalid", "true")
    form.locator("#corr-seat-2-cards").fill(" ".join(SEATS[2]))
    form.get_by_role("button", name="Request correction").click()
    expect(boss.locator("#notice")).to_contain_text(f"Correction of round #{game['id']} requested")
    (asked,) = live.api("GET", f"/exceptions?table={table['id']}&state=pending", user="pit_boss")
    assert asked["corrected"]["seats"][0]["bets"] == {
        "main": 2550,
        "dealer_break_bonus": 500,
        "break_bonus": 100,
    }
    changes = asked["changes"]
    check_changes(boss.locator(f"#changes-{asked['id']}"), changes)
    assert changes["fields"] == [{"field": "seats.1.bets.main", "before": 1000, "after": 2550}]

    second = at_pit(open_page, "pit_boss2", table)
    screen(second, "approvals")
    card_ = second.locator(f'#approvals-list [data-exception="{asked["id"]}"]')
    expect(card_.locator("h3")).to_have_text(f"Correction of round #{game['id']} at {table['name']} pending")
    check_changes(card_.locator(f"#changes-{asked['id']}"), changes)
    screenshot(second, "pit-approval", tmp_path)
    card_.get_by_role("button", name="Approve").click()
    expect(second.locator("#notice")).to_contain_text(
        f"Approved: round #{game['id']} is corrected by round #"
    )
    replacement = live.api("GET", f"/exceptions/{asked['id']}", user="pit_boss")["replacement"]
    expect(second.locator("#notice")).to_have_text(
        f"Approved: round #{game['id']} is corrected by round #{replacement}."
    )

    open_round(second, game["id"])
    expect(second.locator("#round-title .badge")).to_have_text("superseded")
    second.locator(".facts").get_by_role("button", name=f"#{replacement}", exact=True).click()
    expect(second.locator("#round-title")).to_contain_text(f"Round #{replacement} settled")
    expect(second.locator("#round-title")).to_contain_text("revision 1")
    expect(second.locator(".facts")).to_contain_text(f"corrects #{game['id']}")
    stored = live.api("GET", f"/rounds/{replacement}", user="pit_boss")
    check_detail(second, stored, table)
    assert stored["seats"][0]["bets"]["main"] == 2550
    assert live.api("GET", f"/rounds/{game['id']}", user="pit_boss")["superseded_by"] == replacement


def check_changes(box: Any, changes: dict[str, Any]) -> None:
    fields = box.locator(".change-fields tbody tr")
    expect(fields).to_have_count(len(changes["fields"]))
    for change in changes["fields"]:
        row = box.locator(f'.change-fields tr[data-field="{change["field"]}"]')
        expect(row.locator(".before")).to_have_text(money(change["before"]))
        expect(row.locator(".after")).to_have_text(money(change["after"]))
    for seat in changes["seats"]:
        row = box.locator(f'.change-seats tr[data-seat="{seat["seat"]}"]')
        for column, bet in enumerate(BETS, start=1):
            moved = seat["bets"][bet]
            expect(row.locator("th, td").nth(column)).to_have_text(
                f"{net(moved['before'])} → {net(moved['after'])}"
            )
        expect(row.locator(".net-before")).to_have_text(net(seat["net_before"]))
        expect(row.locator(".net-after")).to_have_text(net(seat["net_after"]))
        expect(row.locator(".difference")).to_have_text(net(seat["difference"]))
    house = changes["house_net"]
    expect(box.locator(".house-change")).to_have_text(
        f"House net {net(house['before'])} → {net(house['after'])} (difference {net(house['difference'])})"
    )


def test_a_correction_says_money_in_the_currency_under_the_round_s_own_limits(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    before = live.enter(table["id"], round_body("c-v1"))  # rules version 1: Main 5.00 to 1,000.00
    limits = {"config": {"limits": {"main": [1000, 100000]}}}
    live.edit(f"/tables/{table['id']}/config", limits)
    after = live.enter(table["id"], bet_body("c-v2", 2000))  # version 2: Main from 10.00
    boss = at_pit(open_page, "pit_boss", table)
    form = boss.locator("#correction-form")
    for game, tries in (
        (
            after,
            {
                "6": "seat 1: the Main bet of 6.00 is below the table minimum of 10.00",
                "1,000.50": "seat 1: the Main bet of 1,000.50 is above the table maximum of 1,000.00",
            },
        ),
        # The page knows the table's limits now, not those of an older version.
        (before, {"4": "seat 1: the Main bet of 4.00 is below the minimum of the round's rules (version 1)"}),
    ):
        open_round(boss, game["id"])
        boss.click("#open-correction")
        form.locator("#corr-reason").fill("Seat 1's bet was misread")
        for main, message in tries.items():
            form.locator("#corr-seat-1-main").fill(main)
            form.get_by_role("button", name="Request correction").click()
            expect(boss.locator('[data-error-for="corr-seat-1-main"]')).to_have_text(message)
            expect(boss.locator("#corr-seat-1-main")).to_have_attribute("aria-invalid", "true")
    form.locator("#corr-seat-1-main").fill("10,50")
    form.get_by_role("button", name="Request correction").click()
    expect(boss.locator('[data-error-for="corr-seat-1-main"]')).to_have_text(f"Seat 1 Main: 10,50 {COMMA}")
    assert live.api("GET", f"/exceptions?table={table['id']}&state=pending", user="pit_boss") == []


# ---- (d) a rejection needs a note ------------------------------------------------


def test_a_rejection_without_a_note_is_refused_at_the_note(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    game = live.enter(table["id"], round_body("d1"))
    asked = live.api("POST", f"/rounds/{game['id']}/void", {"reason": "Wrong table"}, "pit_boss")
    second = at_pit(open_page, "pit_boss2", table)
    screen(second, "approvals")
    card_ = second.locator(f'#approvals-list [data-exception="{asked["id"]}"]')
    card_.get_by_role("button", name="Reject").click()
    expect(second.locator(f'[data-error-for="note-{asked["id"]}"]')).to_have_text(
        "note must be 1 to 500 printable characters"
    )
    expect(second.locator(f"#note-{asked['id']}")).to_have_attribute("aria-invalid", "true")
    assert live.api("GET", f"/exceptions/{asked['id']}", user="pit_boss")["state"] == "pending"
    second.fill(f"#note-{asked['id']}", "The round was dealt at this table")
    card_.get_by_role("button", name="Reject").click()
    expect(second.locator("#notice")).to_have_text(f"Rejected: round #{game['id']} stays as it was.")
    decided = second.locator(f'#decisions-list [data-exception="{asked["id"]}"]')
    expect(decided.locator(".badge")).to_have_text("rejected")
    expect(decided.locator(".decision")).to_contain_text("note: The round was dealt at this table")
    assert live.api("GET", f"/rounds/{game['id']}", user="pit_boss")["status"] == "settled"
