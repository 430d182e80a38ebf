"""The floor's rated play on the pit page in Chromium at 1024x768 with
touch (issue 42): per table, per dealer and for the floor, the API's
figures for a day of rated play valued by a real worker, the share of
handle rated in large type, the period switched from the day to a shift
with no play, the shift with it and the month; compliance reads it, a
floor of two currencies is refused as the API says, and a dealer cannot
open it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.rounds_data import SEATS, round_body
from tests.ui.conftest import PASSWORD, expect, screenshot
from tests.ui.pit_page_support import at_pit, clock, money, percent, screen

UNBUILT = ["2h", "3d", "5c", "7s", "9h", "Jd", "Kc"]  # its strategy block is left unbuilt
PLAY = {
    "main": "main-handle",
    "dealer_break_bonus": "dealer-break-bonus-handle",
    "break_bonus": "break-bonus-handle",
}


@pytest.fixture(scope="module")
def rated(live: Any) -> dict[str, Any]:
    """Two tables whose gaming day began twelve hours ago and whose second
    shift an hour ago (the rounds are in shift 2, shift 1 has none): three
    rounds at each, seats 1 and 2 rated at BP-rated-A, seat 3 at
    BP-rated-B, every round valued and figured by a real worker."""
    from tests.support.background import run_burst
    from tests.support.strategy import strategy_blocks

    strategy_blocks(live.settings.instance, SEATS.values())
    now = datetime.now(UTC)
    starts = [clock(now - timedelta(hours=12)), clock(now - timedelta(hours=1))]
    tables = {}
    for name, seats in (("BP-rated-A", (1, 2)), ("BP-rated-B", (3,))):
        body = {"name": name, "timezone": "UTC", "shift_starts": starts}
        table = live.api("POST", "/tables", body, user="admin")
        for seat in seats:
            club = f"71{table['id']:02d}{seat}"
            live.api("POST", "/players", {"club_number": club, "name": f"Player {club}"}, "admin")
            live.api("POST", f"/tables/{table['id']}/ratings", {"club_number": club, "seat": seat}, "dealer")
        for number in range(3):
            live.enter(table["id"], round_body(f"rated{number}"))
        tables[name] = table
    run_burst(live.settings)
    floor = live.api("GET", "/reports/rated-play?period=day", user="pit_boss")
    if floor["pending_rounds"]:  # a slot's job queued by the last values stored
        run_burst(live.settings)
    return tables


def check_line(page: Any, key: str, line: dict[str, Any]) -> None:
    """A line of both grids against the API's figures."""
    play = page.locator(f'#rated-play-lines tr[data-line="{key}"]')
    expect(play.locator(".rated-rounds")).to_have_text(str(line["rated_rounds"]))
    for bet, name in PLAY.items():
        expect(play.locator(f".{name}")).to_have_text(money(line["handle"][bet]))
    expect(play.locator(".rated-handle")).to_have_text(money(line["rated_handle"]))
    average = line["average_bet"]
    expect(play.locator(".average-bet")).to_have_text("—" if average is None else money(average))
    expect(play.locator(".all-handle")).to_have_text(money(line["all_handle"]))
    share = line["rated_share"]
    expect(play.locator(".share")).to_have_text("— (no handle)" if share is None else percent(share))
    win = page.locator(f'#rated-win-lines tr[data-line="{key}"]')
    parts = line["parts"]
    expect(win.locator(".actual-win")).to_have_text(money(line["actual_win"]))
    expect(win.locator(".theoretical-win")).to_have_text(money(line["theoretical_win"]))
    expect(win.locator(".decisions")).to_have_text(money(parts["decisions"]))
    for part in ("player_cards", "dealer_cards"):
        cell = win.locator(f".{part.replace('_', '-')}")
        expect(cell.locator(".amount")).to_have_text(money(parts[part]))
        sd = line[f"{part}_sd"]
        expect(cell.locator(".sd")).to_have_text("± — (no spread)" if sd is None else f"± {money(round(sd))}")
    expect(win.locator(".comps")).to_have_text(money(line["comps"]))


def check_report(page: Any, report: dict[str, Any]) -> None:
    for line in report["tables"]:
        check_line(page, f"table-{line['table_id']}", line)
    for line in report["dealers"]:
        check_line(page, f"dealer-{line['dealer_id']}", line)
    check_line(page, "floor", report["floor"])
    expect(page.locator("#rated-play-lines tbody tr[data-line]")).to_have_count(
        len(report["tables"]) + len(report["dealers"]) + 1
    )
    floor = report["floor"]
    share = "— (no handle)" if floor["rated_share"] is None else percent(floor["rated_share"])
    expect(page.locator("#rated-share .share-figure")).to_have_text(share)


def show(page: Any, period: str, shift: str = "") -> None:
    page.select_option("#report-period", period)
    if shift:
        page.select_option("#report-shift", shift)
    page.get_by_role("button", name="Show report").tap()


def test_the_rated_play_shows_the_api_s_figures_and_the_share_rated(
    open_page: Any, live: Any, rated: dict[str, Any], tmp_path: Any
) -> None:
    report = live.api("GET", "/reports/rated-play?period=day", user="pit_boss")
    a = rated["BP-rated-A"]
    assert report["pending_rounds"] == 0
    assert [line["name"] for line in report["tables"]] == ["BP-rated-A", "BP-rated-B"]
    assert [line["rated_rounds"] for line in report["tables"]] == [6, 3]
    assert report["floor"]["rated_share"] == 0.5  # three seats of six, the same bets at each

    page = at_pit(open_page, "pit_boss", None)
    screen(page, "reports")
    kind = page.locator('[data-report-kind="rated"]')
    kind.tap()
    expect(kind).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#report-confidence")).to_be_disabled()
    names = "BP-rated-A, BP-rated-B"
    expect(page.locator("#rated-heading")).to_have_text(
        f"Rated play of the floor ({names}) · {report['period_key']}"
    )
    expect(page.locator("#rated-pending")).to_have_text("Every rated round of the period is in the figures.")
    expect(page.locator("#rated-share")).to_contain_text(
        f"{money(report['floor']['rated_handle'])} rated of {money(report['floor']['all_handle'])} played"
    )
    check_report(page, report)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    screenshot(page, "pit-rated-play", tmp_path)

    # One table (the picker's), a shift without play, the shift with it, the month.
    page.select_option("#table-pick", str(a["id"]))
    expect(page.locator("#rated-heading")).to_contain_text(f"Rated play of {a['name']} · ")
    check_report(page, live.api("GET", f"/reports/rated-play?period=day&tables={a['id']}", user="pit_boss"))
    show(page, "shift", "1")
    empty = live.api("GET", f"/reports/rated-play?period=shift&shift=1&tables={a['id']}", user="pit_boss")
    assert empty["tables"] == []
    assert empty["floor"]["rated_share"] is None
    expect(page.locator("#rated-heading")).to_contain_text(", shift 1")
    check_report(page, empty)
    expect(page.locator("#rated-play-lines")).to_contain_text("none with play")
    show(page, "shift", "2")
    second = live.api("GET", f"/reports/rated-play?period=shift&shift=2&tables={a['id']}", user="pit_boss")
    expect(page.locator("#rated-heading")).to_contain_text(", shift 2")
    check_report(page, second)
    assert second["floor"]["rated_rounds"] == 6
    show(page, "mtd")
    month = live.api("GET", f"/reports/rated-play?period=mtd&tables={a['id']}", user="pit_boss")
    expect(page.locator("#rated-heading")).to_contain_text(month["period_key"])
    check_report(page, month)
    # Back to the hold and win: the same form, the other report.
    page.locator('[data-report-kind="hold"]').tap()
    expect(page.locator("#report-heading")).to_contain_text(f"Table {a['name']}")
    expect(page.locator("#rated-heading")).to_have_count(0)


def test_rated_rounds_waiting_for_their_values_are_noted_pending(
    open_page: Any, live: Any, rated: dict[str, Any]
) -> None:
    from tests.support.background import run_burst

    shape = rated["BP-rated-A"]
    body = {"name": "BP-rated-C", "timezone": "UTC", "shift_starts": shape["shift_starts"]}
    table = live.api("POST", "/tables", body, user="admin")
    live.api("POST", "/players", {"club_number": "7199", "name": "Player 7199"}, "admin")
    live.api("POST", f"/tables/{table['id']}/ratings", {"club_number": "7199", "seat": 1}, "dealer")
    waiting = round_body("unvalued")
    live.enter(table["id"], {**waiting, "seats": [{**waiting["seats"][0], "cards": UNBUILT}]})
    run_burst(live.settings)  # the round counts; its seat's block is not built, so no values
    report = live.api("GET", f"/reports/rated-play?period=day&tables={table['id']}", user="pit_boss")
    assert report["pending_rounds"] == 1
    page = at_pit(open_page, "pit_boss", table)
    screen(page, "reports")
    page.locator('[data-report-kind="rated"]').tap()
    expect(page.locator("#rated-pending")).to_have_text(
        "Not in the figures yet: 1 rated round — their values are still being worked out. "
        "Show the report again shortly."
    )
    expect(page.locator("#rated-pending")).to_have_class("warning")
    row = page.locator(f'#rated-play-lines tr[data-line="table-{table["id"]}"]')
    expect(row.locator(".rated-rounds .pending")).to_have_text("+1 pending")
    expect(page.locator('#rated-play-lines tr[data-line="floor"] .pending')).to_have_text("+1 pending")


def test_compliance_reads_it_and_two_currencies_are_refused_as_the_api_says(
    open_page: Any, live: Any, rated: dict[str, Any]
) -> None:
    page = at_pit(open_page, "compliance", rated["BP-rated-B"])
    screen(page, "reports")
    page.locator('[data-report-kind="rated"]').tap()
    report = live.api(
        "GET", f"/reports/rated-play?period=day&tables={rated['BP-rated-B']['id']}", user="compliance"
    )
    assert report["floor"]["rated_share"] == pytest.approx(1 / 3)
    check_report(page, report)
    admin = live.api("GET", "/reports/rated-play?period=ytd", user="admin")
    assert admin["floor"]["rated_rounds"] == 9

    # A table in yen: the floor's amounts would not add up.
    live.api("POST", "/tables", {"name": "BP-rated-JPY", "currency": "JPY"}, user="admin")
    message = (
        "the tables are in JPY, USD; amounts of different currencies are not added: ask for the tables of one"
    )
    with pytest.raises(AssertionError, match="422") as refused:
        live.api("GET", "/reports/rated-play?period=day", user="compliance")
    assert "mixed_currencies" in str(refused.value)
    assert message in str(refused.value)
    page.reload()
    expect(page.locator("#office")).to_be_visible()
    page.select_option("#table-pick", "all")
    screen(page, "reports")
    page.locator('[data-report-kind="rated"]').tap()
    expect(page.locator('[data-error-for="report"]')).to_contain_text(message)
    expect(page.locator("#rated-heading")).to_have_count(0)


def test_a_dealer_cannot_open_the_rated_play(open_page: Any, live: Any, rated: dict[str, Any]) -> None:
    with pytest.raises(AssertionError, match="403"):
        live.api("GET", "/reports/rated-play?period=day", user="dealer")
    page = open_page("/pit#reports")
    page.fill("#name", "dealer")
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    expect(page.locator('[data-error-for="sign-in"]')).to_contain_text("this page is not for that role")
    expect(page.locator("#office")).to_be_hidden()
    expect(page.locator('[data-report-kind="rated"]')).to_be_hidden()
    expect(page.locator("#rated-heading")).to_have_count(0)
