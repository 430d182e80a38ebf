"""The pit boss page in Chromium: the round list with filters and paging,
a round's detail against the API's figures, four-eyes voids and corrections
(a second pit boss in a second browser), rejections, game recall, the shift
report with its hold chart and variance notes, and compliance reading only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.rounds_data import DEALER, SEATS, round_body
from tests.ui.conftest import expect, screenshot

BETS = {"main": "Main", "dealer_break_bonus": "Dealer Break Bonus", "break_bonus": "Break Bonus"}
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
NOTE = "Seat 2 won four maximums in a row: surveillance reviewing"
COMMA = "is not an amount: a comma groups thousands (1,000.50); cents follow a point (10.50)"


# ---- how the page writes figures, said again here so a change shows ----------


def money(cents: int) -> str:
    return f"{'-' if cents < 0 else ''}{abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def net(cents: int) -> str:
    return f"+{money(cents)}" if cents > 0 else money(cents)


def percent(fraction: float) -> str:
    return f"{fraction * 100:.2f} %"


def card(code: str) -> str:
    return "JK" if code == "JK" else ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def cards(codes: list[str]) -> str:
    return " ".join(card(code) for code in codes)


def setting(hand: Any) -> str:
    if hand == "house_way":
        return "house way"
    return f"low {cards(hand['low'])} · high {cards(hand['high'])}"


def seat_net(seat: dict[str, Any]) -> int:
    return sum(seat[bet]["net"] for bet in BETS)


# ---- getting about -----------------------------------------------------------


def at_pit(open_page: Any, user: str, table: dict[str, Any] | None) -> Any:
    page = open_page("/pit", user)
    expect(page.locator("#office")).to_be_visible()
    page.select_option("#table-pick", "all" if table is None else str(table["id"]))
    return page


def screen(page: Any, view: str) -> None:
    page.click(f'[data-view="{view}"]')
    expect(page.locator(f"#view-{view}")).to_be_visible()


def open_round(page: Any, round_id: int) -> None:
    page.goto(f"{page.url.split('#')[0]}#round-{round_id}")
    expect(page.locator("#round-title")).to_contain_text(f"Round #{round_id} ")


def clock(moment: datetime) -> str:
    return moment.strftime("%H:%M")


def schedule(live: Any, table: dict[str, Any], *starts: datetime) -> None:
    body = {"timezone": "UTC", "shift_starts": [clock(start) for start in starts]}
    live.edit(f"/tables/{table['id']}/schedule", body)


def bet_body(round_id: str, main: int) -> dict[str, Any]:
    body = round_body(round_id)
    body["seats"][0]["bets"]["main"] = main
    return body


# ---- (a) the round list and a round's detail ---------------------------------


def test_rounds_are_filtered_paged_and_opened_with_the_keyboard(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    now = datetime.now(UTC)
    schedule(live, table, now - timedelta(hours=1), now + timedelta(hours=1))  # now: shift 1
    early = [live.enter(table["id"], bet_body(f"a{n}", 500 + 100 * n)) for n in range(12)]
    schedule(live, table, now - timedelta(hours=2), now - timedelta(hours=1))  # now: shift 2
    late = live.enter(table["id"], bet_body("late", 2500))
    assert {r["shift"] for r in early} == {1}
    assert late["shift"] == 2

    page = at_pit(open_page, "pit_boss", table)
    rows = page.locator("#rounds-table tbody tr")
    # 25 a page by default: all 13, newest first, each as the API has it.
    expect(rows).to_have_count(13)
    listed = {r["id"]: r for r in live.rounds(table["id"])}
    for index, round_ in enumerate([late, *early[::-1]]):
        row = rows.nth(index)
        expect(row).to_have_attribute("data-round", str(round_["id"]))
        stored = listed[round_["id"]]
        expect(row.locator("td").nth(2)).to_have_text(f"{stored['gaming_day']} · shift {stored['shift']}")
        expect(row.locator("td").nth(3)).to_have_text("dealer")
        expect(row.locator("td").nth(4)).to_have_text("1, 2, 3")
        expect(row.locator("td.net")).to_have_text(net(stored["house_net"]))
        expect(row.locator(".badge")).to_have_text("settled")
    screenshot(page, "pit-rounds", tmp_path)

    # Shift 1, ten a page: the ten newest of its twelve, then the two oldest.
    page.select_option("#rounds-shift", "1")
    page.select_option("#rounds-per-page", "10")
    page.click("#round-filters button[type=submit]")
    expect(page.locator("#rounds-position")).to_have_text("Rounds 1–10 of 12 (newest first) · page 1 of 2")
    shown = [int(rows.nth(i).get_attribute("data-round")) for i in range(10)]
    assert shown == [r["id"] for r in early[:1:-1]]
    page.click('#rounds-pager [data-page="older"]')
    expect(page.locator("#rounds-position")).to_have_text("Rounds 11–12 of 12 (newest first) · page 2 of 2")
    expect(rows).to_have_count(2)
    assert [rows.nth(i).get_attribute("data-round") for i in range(2)] == [
        str(early[1]["id"]),
        str(early[0]["id"]),
    ]
    expect(page.locator('#rounds-pager [data-page="older"]')).to_be_disabled()
    # A round entered meanwhile is newer than every page: back by the Link
    # header's prev, the page is the ten before the two, none shown twice.
    schedule(live, table, now - timedelta(hours=1), now + timedelta(hours=1))  # shift 1 again
    meanwhile = live.enter(table["id"], bet_body("meanwhile", 700))
    schedule(live, table, now - timedelta(hours=2), now - timedelta(hours=1))
    page.click('#rounds-pager [data-page="newer"]')
    expect(page.locator("#rounds-position")).to_have_text("Rounds 1–10 of 13 (newest first) · page 1 of 2")
    assert [int(rows.nth(i).get_attribute("data-round")) for i in range(10)] == shown
    page.click('#rounds-pager [data-page="newest"]')
    expect(rows.first).to_have_attribute("data-round", str(meanwhile["id"]))
    page.select_option("#rounds-shift", "2")
    page.click("#round-filters button[type=submit]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-round", str(late["id"]))
    # A gaming day on a later date: nothing; a day that is no date: the API's word, at the field.
    page.fill("#rounds-from", (now + timedelta(days=3)).date().isoformat())
    page.click("#round-filters button[type=submit]")
    expect(page.locator("#rounds-list")).to_have_text("No round matches these filters.")
    page.fill("#rounds-from", "2026-13-40")
    page.click("#round-filters button[type=submit]")
    expect(page.locator('[data-error-for="rounds-from"]')).to_have_text("from: Not a valid date.")
    expect(page.locator("#rounds-from")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#rounds-table")).to_have_count(0)
    page.click("#rounds-clear")
    expect(page.locator('[data-error-for="rounds-from"]')).to_be_empty()

    # All tables together, newest first, each row saying its table.
    page.select_option("#table-pick", "all")
    everything = sorted(
        (r for t in live.api("GET", "/tables", user="pit_boss") for r in live.rounds(t["id"])),
        key=lambda r: -r["id"],
    )
    expect(page.locator("#rounds-position")).to_have_text(
        f"Rounds 1–10 of {len(everything)} (newest first) · page 1 of {-(-len(everything) // 10)}"
    )
    assert [int(rows.nth(i).get_attribute("data-round")) for i in range(10)] == [
        r["id"] for r in everything[:10]
    ]
    expect(rows.first.locator("td.table")).to_have_text(table["name"])
    page.select_option("#table-pick", str(table["id"]))
    expect(page.locator("#rounds-table td.table")).to_have_count(0)  # the table's own list again

    # With the keyboard alone: Tab onto the newest round's button, Enter opens it.
    expect(rows.first).to_have_attribute("data-round", str(meanwhile["id"]))
    page.locator("#rounds-clear").focus()
    tab_to(page, f'tr[data-round="{meanwhile["id"]}"] .row-open')
    page.keyboard.press("Enter")
    expect(page.locator("#round-title")).to_contain_text(f"Round #{meanwhile['id']} settled")
    expect(page.locator("#round-title")).to_be_focused()
    check_detail(page, live.api("GET", f"/rounds/{meanwhile['id']}", user="pit_boss"), table)
    screenshot(page, "pit-round-detail", tmp_path)
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#round-back")).to_be_focused()
    page.keyboard.press("Enter")  # back on the list, at the round it left
    expect(page.locator(f'tr[data-round="{meanwhile["id"]}"] .row-open')).to_be_focused()


def tab_to(page: Any, selector: str, presses: int = 40) -> None:
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return
    raise AssertionError(f"{selector} is not reached with Tab")


def check_detail(page: Any, round_: dict[str, Any], table: dict[str, Any]) -> None:
    """Everything the detail shows against the API's own record."""
    facts = page.locator(".facts")
    expect(facts).to_contain_text(f"{table['name']} · entered by {round_['entered_by']}")
    placed = f"gaming day {round_['gaming_day']}, shift {round_['shift']}"
    expect(facts).to_contain_text(f"{placed} · rules version {round_['config_version']}")
    dealer = round_["dealer"]
    box = page.locator("#round-dealer")
    expect(box).to_contain_text(f"Dealer {cards(dealer['cards'])}")
    expect(box).to_contain_text(f"House way: {setting(dealer)} — rule {dealer['rule']}")
    expect(box.locator(".qualifies")).to_have_text("qualifies" if dealer["qualifies"] else re.compile("NOT"))
    expect(box.locator(".explanation")).to_have_text(dealer["explanation"])
    rows = page.locator("#round-seats tbody tr")
    expect(rows).to_have_count(len(round_["seats"]))
    for seat in round_["seats"]:
        row = page.locator(f'#round-seats tr[data-seat="{seat["seat"]}"]')
        expect(row.locator("td").first).to_have_text(cards(seat["cards"]))
        expect(row.locator(".entered")).to_have_text(setting(seat["setting_entered"]))
        expect(row.locator(".settled")).to_contain_text(setting(seat))
        expect(row.locator(".settled")).to_contain_text(f"house way rule {seat['house_way']['rule']}")
        for bet in BETS:
            stake, result = seat["bets"][bet], seat[bet]
            cell = row.locator(f'td[data-bet="{bet}"]')
            amount = "" if result["net"] == 0 else f" {net(result['net'])}"
            expect(cell.locator(".stake")).to_have_text(money(stake))
            expect(cell.locator(".outcome")).to_have_text(f"{result['outcome']}{amount}")
        expect(row.locator("td.net")).to_have_text(net(seat_net(seat)))
    expect(page.locator("#round-house-net")).to_contain_text(f"House net {net(round_['house_net'])}")


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


# ---- (e) the shift report and its hold chart ---------------------------------------


@pytest.fixture(scope="module")
def heavy(live: Any) -> dict[str, Any]:
    """A table where seat 2 wins the table maximum on the Main Bet four times
    (the house loses 4,000: outside the band) beside two ordinary rounds, all
    counted by a real worker (the default rules' par sheet is in the live
    server's instance already). Shared: a worker's run takes seconds."""
    from tests.support.background import run_burst

    # One shift a day, starting twelve hours off: the rounds and the report
    # are on the same gaming day whenever the test runs.
    start = clock(datetime.now(UTC) - timedelta(hours=12))
    body = {"name": "BP-heavy", "timezone": "UTC", "shift_starts": [start]}
    table = live.api("POST", "/tables", body, user="admin")
    big = {"seat": 2, "cards": SEATS[2], "setting": "house_way", "bets": {"main": 100_000}}
    for number in range(4):
        live.enter(table["id"], round_body(f"big{number}", seats=[big]))
    for number in range(2):
        live.enter(table["id"], round_body(f"base{number}"))
    run_burst(live.settings)
    return dict(table)


def test_the_shift_report_charts_the_hold_against_the_theory_and_takes_a_note(
    open_page: Any, live: Any, heavy: dict[str, Any], tmp_path: Any
) -> None:
    table = heavy
    report = live.api("GET", f"/reports/tables/{table['id']}?period=day", user="pit_boss")
    assert report["pending_rounds"] == 0
    assert report["theoretical_pending"] is False
    assert report["bets"]["main"]["variance_flag"] is True

    page = at_pit(open_page, "pit_boss", table)
    screen(page, "reports")
    expect(page.locator("#report-heading")).to_have_text(f"Table {table['name']} · {report['period_key']}")
    expect(page.locator("#report-lag")).to_have_text("Every round of the period is counted.")
    expect(page.locator("#report-theory")).to_have_count(0)
    for bet, line in report["bets"].items():
        row = page.locator(f'#report-bets tr[data-bet="{bet}"]')
        expect(row.locator(".bets")).to_have_text(str(line["bets"]))
        expect(row.locator(".handle")).to_have_text(money(line["handle"]))
        expect(row.locator(".win")).to_have_text(money(line["win"]))
        expect(row.locator(".hold")).to_have_text(percent(line["hold"]))
        expect(row.locator(".theoretical-hold")).to_have_text(percent(line["theoretical_hold"]))
        expect(row.locator(".theoretical-win")).to_have_text(money(line["theoretical_win"]))
        band = line["hold_interval"]
        wins = line["win_interval"]
        expect(row.locator(".band")).to_have_text(
            f"{percent(band['low'])} to {percent(band['high'])}{money(wins['low'])} to {money(wins['high'])}"
        )
        expect(row.locator(".variance")).to_have_text(
            "OUTSIDE band" if line["variance_flag"] else "within band"
        )
    totals = page.locator('#report-bets tr[data-bet="totals"]')
    expect(totals.locator(".handle")).to_have_text(money(report["totals"]["handle"]))
    expect(totals.locator(".win")).to_have_text(money(report["totals"]["win"]))
    for key in ("rounds", "seats", "fouls", "player_lucky_breaks", "dealer_non_qualifications"):
        expect(page.locator(f'#report-counts [data-count="{key}"] strong')).to_have_text(str(report[key]))
    # Beside the rounds' win, the chips': no session was opened here, so none was counted.
    rounds_row = page.locator('#report-chips tr[data-source="rounds"]')
    expect(rounds_row.locator(".win")).to_have_text(money(report["totals"]["win"]))
    chips_row = page.locator('#report-chips tr[data-source="chips"]')
    expect(chips_row.locator(".win")).to_have_text(money(report["chips"]["win"]))
    expect(chips_row.locator(".hold")).to_have_text("—")  # nothing dropped
    chips_counts = page.locator("#report-chips-counts")
    expect(chips_counts.locator('[data-chips="sessions_counted"] strong')).to_have_text("0")
    expect(chips_counts.locator('[data-chips="difference"]')).to_contain_text("no session counted")
    everything = "Every table session of the period is counted."
    expect(page.locator("#report-chips-pending")).to_have_text(everything)

    # The chart: each bet's figures in words, and drawn where they belong.
    chart = page.locator("#hold-chart")
    for bet, name in BETS.items():
        line = report["bets"][bet]
        band = line["hold_interval"]
        words = (
            f"{name}: actual {percent(line['hold'])} · theoretical {percent(line['theoretical_hold'])} · "
            f"95 % band {percent(band['low'])} to {percent(band['high'])} · "
            + ("OUTSIDE the band: flagged." if line["variance_flag"] else "inside the band.")
        )
        expect(chart.locator("desc")).to_contain_text(words)
        drawn = chart.locator(f'g[data-bet="{bet}"]')
        expect(drawn.locator(".figures")).to_have_text(words[len(name) + 2 : -1])
        left, width = (float(drawn.locator(".band").get_attribute(name)) for name in ("x", "width"))
        theory = float(drawn.locator(".theory").get_attribute("x1"))
        assert left < theory < left + width
        actual = drawn.locator(".actual")
        assert float(actual.get_attribute("data-hold")) == line["hold"]
        expect(actual).to_have_class(re.compile(r"\bflagged\b") if line["variance_flag"] else "actual")
    main_marker = chart.locator('g[data-bet="main"] .actual').bounding_box()
    main_band = chart.locator('g[data-bet="main"] .band').bounding_box()
    assert main_marker["x"] + main_marker["width"] < main_band["x"]  # the house lost: left of the band
    screenshot(page, "pit-report", tmp_path)

    # An investigation note on the flagged Main Bet line: a form for each flagged line.
    flagged = [bet for bet, line in report["bets"].items() if line["variance_flag"]]
    expect(page.locator(".note-forms form")).to_have_count(len(flagged))
    page.click('[data-note-for="main"] button')
    expect(page.locator('[data-error-for="vnote-main"]')).to_have_text(
        "note: Length must be between 1 and 2000."
    )
    expect(page.locator("#vnote-main")).to_have_attribute("aria-invalid", "true")
    page.fill("#vnote-main", NOTE)
    page.click('[data-note-for="main"] button')
    expect(page.locator("#notice")).to_have_text(f"Note added to the Main hold of {report['period_key']}.")
    note_cell = page.locator('#report-bets tr[data-bet="main"] .latest-note')
    expect(note_cell).to_contain_text(NOTE)
    expect(note_cell).to_contain_text("pit_boss")
    noted = live.api("GET", f"/reports/tables/{table['id']}?period=day", user="compliance")
    assert noted["bets"]["main"]["note"]["note"] == NOTE
    # The dealers, from the same report.
    (dealer,) = report["dealers"]
    row = page.locator('#report-dealers tr[data-dealer="dealer"]')
    expect(row.locator("td").nth(0)).to_have_text(str(dealer["rounds"]))
    expect(row.locator("td").nth(3)).to_have_text(money(dealer["handle"]))
    expect(row.locator("td").nth(4)).to_have_text(money(dealer["win"]))


# ---- (f) game recall ----------------------------------------------------------------


def test_game_recall_lists_the_last_games_and_a_correction_s_current_record(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    games = [live.enter(table["id"], bet_body(f"f{n}", 500 + 100 * n)) for n in range(11)]
    fixed = games[5]
    asked = live.api(
        "POST",
        f"/rounds/{fixed['id']}/corrections",
        {"reason": "bet", "round": bet_body("f5", 3000)},
        "pit_boss",
    )
    live.api("POST", f"/exceptions/{asked['id']}/approve", {}, "pit_boss2")
    recall = live.api("GET", f"/tables/{table['id']}/recall?last=10", user="pit_boss")

    page = at_pit(open_page, "pit_boss", table)
    screen(page, "recall")
    rows = page.locator("#recall-table tbody tr")
    expect(rows).to_have_count(10)
    assert [int(rows.nth(i).get_attribute("data-round")) for i in range(10)] == [g["id"] for g in games[1:]]
    assert [g["id"] for g in recall["games"]] == [g["id"] for g in games[1:]]
    corrected = page.locator(f'#recall-table tr[data-round="{fixed["id"]}"]')
    current = recall["games"][4]["current"]
    expect(corrected.locator(".current .badge")).to_have_text("superseded")
    expect(corrected.locator(".current div")).to_have_text(
        f"now #{current['id']} (revision 1): house net {net(current['house_net'])}"
    )
    expect(rows.first.locator("td").nth(2)).to_contain_text(cards(DEALER))
    page.fill("#recall-last", "5")
    page.press("#recall-last", "Enter")
    expect(page.locator('[data-error-for="recall-last"]')).to_contain_text("greater than or equal to 10")
    page.fill("#recall-last", "11")
    page.press("#recall-last", "Enter")
    expect(rows).to_have_count(11)
    corrected.get_by_role("button", name=f"#{current['id']}", exact=True).click()
    expect(page.locator("#round-title")).to_contain_text(f"Round #{current['id']} settled")


# ---- (g) compliance reads only --------------------------------------------------


def test_compliance_reads_the_pit_but_is_offered_no_decision(
    open_page: Any, live: Any, table: dict[str, Any], heavy: dict[str, Any]
) -> None:
    game = live.enter(table["id"], round_body("g-open"))
    asked = live.api("POST", f"/rounds/{game['id']}/void", {"reason": "Dealer misread"}, "pit_boss")
    page = at_pit(open_page, "compliance", table)
    expect(page.locator("#read-only")).to_be_visible()
    open_round(page, game["id"])
    expect(page.locator("#round-exceptions")).to_contain_text("Void pending — Dealer misread")
    for name in ("Request void", "Request correction…", "Approve", "Reject"):
        expect(page.get_by_role("button", name=name)).to_have_count(0)
    screen(page, "approvals")
    card_ = page.locator(f'#approvals-list [data-exception="{asked["id"]}"]')
    expect(card_).to_contain_text("Waiting for a second pit boss.")
    expect(page.get_by_role("button", name="Approve")).to_have_count(0)
    page.select_option("#table-pick", str(heavy["id"]))
    screen(page, "reports")
    report = live.api("GET", f"/reports/tables/{heavy['id']}?period=day", user="compliance")
    expect(page.locator('#report-bets tr[data-bet="main"] .win')).to_have_text(
        money(report["bets"]["main"]["win"])
    )
    expect(page.locator('#report-bets tr[data-bet="main"] .flag')).to_have_text("OUTSIDE band")
    expect(page.locator(".note-forms")).to_have_count(0)  # flagged, but notes are for pit bosses and admins
    # The floor: every table together, as the API adds them up.
    page.select_option("#table-pick", "all")
    floor = live.api("GET", "/reports/floor?period=day", user="compliance")
    expect(page.locator("#report-heading")).to_contain_text("Floor (")
    expect(page.locator('#report-bets tr[data-bet="main"] .handle')).to_have_text(
        money(floor["bets"]["main"]["handle"])
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
