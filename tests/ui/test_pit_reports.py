"""The pit boss page in Chromium: the shift report with its hold chart and
variance notes, game recall, and compliance reading only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.rounds_data import DEALER, SEATS, round_body
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import (
    BETS,
    NOTE,
    at_pit,
    bet_body,
    cards,
    clock,
    money,
    net,
    open_round,
    percent,
    screen,
)

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
