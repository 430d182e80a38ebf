"""The pit page's shift report shows the expected win from the hands dealt
in Chromium: per bet the expected win (its exact value as the cell's
title), the band beside the par sheet's spread, which is narrower, the
seats still without values, and what the players' settings cost them per
dealer and per table, all as the API answers them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.rounds_data import SEATS, round_body
from tests.ui.conftest import expect
from tests.ui.pit_page_support import at_pit, clock, money, percent, screen

FOULED = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
UNBUILT = ["2h", "3d", "5c", "7s", "9h", "Jd", "Kc"]  # its block is left unbuilt


@pytest.fixture(scope="module")
def valued(live: Any) -> dict[str, Any]:
    """Three rounds, one with a foul, valued by a real worker; a fourth
    whose block is not built (the default rules' par sheet is in the live
    server's instance already)."""
    from tests.support.background import run_burst
    from tests.support.strategy import strategy_blocks

    strategy_blocks(live.settings.instance, SEATS.values())
    start = clock(datetime.now(UTC) - timedelta(hours=12))
    table = live.api(
        "POST", "/tables", {"name": "BP-ev", "timezone": "UTC", "shift_starts": [start]}, "admin"
    )
    for number in range(2):
        live.enter(table["id"], round_body(f"v{number}"))
    fouled = round_body("foul")
    fouled["seats"][1]["setting"] = FOULED
    live.enter(table["id"], fouled)
    waiting = round_body("wait")
    live.enter(table["id"], {**waiting, "seats": [{**waiting["seats"][0], "cards": UNBUILT}]})
    run_burst(live.settings)
    return dict(table)


def test_the_report_shows_the_expected_win_and_what_settings_cost(
    open_page: Any, live: Any, valued: dict[str, Any]
) -> None:
    table = valued
    report = live.api("GET", f"/reports/tables/{table['id']}?period=day", user="pit_boss")
    win = report["expected_win"]
    assert (win["rounds_with_values"], win["seats_without_values"]) == (3, 1)
    page = at_pit(open_page, "pit_boss", table)
    screen(page, "reports")
    expect(page.locator("#expected-method")).to_have_text(win["band_method"])
    expect(page.locator("#expected-waiting")).to_contain_text("No values yet for 1 seat (1 round)")
    z = win["band_z"]
    for bet, line in win["bets"].items():
        row = page.locator(f'#report-expected tr[data-expected-bet="{bet}"]')
        cell = row.locator(".expected-win")
        expect(cell).to_have_text(money(line["expected_win"]))
        expect(cell).to_have_attribute("title", f"exactly {line['expected_win_exact']} minor units")
        expect(row.locator(".expected-band")).to_have_text(
            f"{money(line['band']['low'])} to {money(line['band']['high'])}"
        )
        expect(row.locator(".expected-spread")).to_have_text(f"± {money(round(z * line['sd_bound']))}")
        expect(row.locator(".par-sheet-spread")).to_have_text(f"± {money(round(z * line['par_sheet_sd']))}")
        expect(row.locator(".narrower")).to_have_text(
            "hands dealt" if line["narrower"] == "hands_dealt" else "par sheet"
        )
    for key, lines, grid in (
        ("cost-dealer", win["dealers"], "#report-setting-cost-dealers"),
        ("cost-table", win["tables"], "#report-setting-cost-tables"),
    ):
        assert lines
        for line in lines:
            row = page.locator(f'{grid} tr[data-{key}="{line["name"]}"]')
            expect(row.locator(".seats-with-values")).to_have_text(str(line["seats_with_values"]))
            expect(row.locator(".seats-without-values")).to_have_text(str(line["seats_without_values"]))
            expect(row.locator(".main-handle")).to_have_text(money(line["main_handle"]))
            expect(row.locator(".against-best")).to_have_text(money(line["against_best"]))
            expect(row.locator(".against-best-rate")).to_have_text(percent(line["against_best_rate"]))
            expect(row.locator(".against-house-way")).to_have_text(money(line["against_house_way"]))
            expect(row.locator(".against-house-way-rate")).to_have_text(
                percent(line["against_house_way_rate"])
            )
