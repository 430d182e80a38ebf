"""A player's comps on the pit page in Chromium at 1024x768 with touch:
the balance a rated rating earned (its rounds valued and figured by a real
worker), a redemption within it, one past it refused until a second pit
boss signs at the same screen (a wrong password shown at its field), the
redemptions the newest first; compliance reads them and a dealer is
refused the page, neither given a form. The player's figures, once rated
in two currencies, shown a currency at a time."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.rounds_data import SEATS, round_body
from tests.ui.conftest import PASSWORD, expect, screenshot
from tests.ui.pit_page_support import at_pit, money

CLUB = "71001"


@pytest.fixture(scope="module")
def earned(live: Any) -> dict[str, Any]:
    """A closed rating of three rated rounds at seat 1, valued and figured by
    a real worker: the player's USD balance, as the API answers it."""
    from tests.support.background import run_burst
    from tests.support.strategy import strategy_blocks

    strategy_blocks(live.settings.instance, SEATS.values())
    table = live.api("POST", "/tables", {"name": "BP-comps"}, user="admin")
    live.api("POST", "/players", {"club_number": CLUB, "name": "Ida Jones"}, "admin")
    rating = live.api("POST", f"/tables/{table['id']}/ratings", {"club_number": CLUB, "seat": 1}, "dealer")
    for number in range(3):
        live.enter(table["id"], round_body(f"c{number}"))
    live.api("POST", f"/ratings/{rating['id']}/seat-out", {"chips_taken": 0}, "dealer")
    run_burst(live.settings)
    (balance,) = live.api("GET", f"/players/{CLUB}/comps", user="pit_boss")["balances"]
    assert balance["pending_ratings"] == 0, balance
    assert balance["earned"] > 0, balance
    return dict(balance)


def balance_cells(page: Any) -> Any:
    return page.locator('#comps-balances tr[data-currency="USD"]')


def redeem(page: Any, reason: str) -> None:
    page.fill("#comps-reason", reason)
    page.locator("#comps-form").get_by_role("button", name="Redeem").tap()


def test_a_pit_boss_redeems_within_the_balance_and_past_it_co_signed(
    open_page: Any, live: Any, earned: dict[str, Any], tmp_path: Any
) -> None:
    page = at_pit(open_page, "pit_boss", None)
    page.goto(f"{page.url.split('#')[0]}#player-{CLUB}")
    expect(page.locator("#player-title")).to_contain_text("Ida Jones")
    row = balance_cells(page)
    expect(row.locator(".earned")).to_have_text(money(earned["earned"]))
    expect(row.locator(".redeemed")).to_have_text(money(0))
    expect(row.locator(".balance")).to_have_text(money(earned["balance"]))
    expect(row.locator(".pending")).to_have_text("0")
    expect(page.locator("#redemptions-none")).to_have_text("No redemption yet.")

    # Within the balance: typed, sent at once, no second signature asked.
    within = max(earned["balance"] // 2, 1)
    page.fill("#comps-amount", money(within))
    redeem(page, "coffee at the bar")
    expect(page.locator("#notice")).to_contain_text(f"Redeemed {money(within)} USD of club {CLUB}'s comps")
    expect(row.locator(".redeemed")).to_have_text(money(within))
    expect(row.locator(".balance")).to_have_text(money(earned["balance"] - within))
    expect(page.locator("#comps-redemptions tbody tr")).to_have_count(1)

    # Past it: the money pad's chips add up; refused, then a second pit boss signs here.
    page.locator('#comps-pad [data-chip="2500"]').tap()
    page.locator('#comps-pad [data-chip="2500"]').tap()
    expect(page.locator("#comps-amount")).to_have_value("50")
    redeem(page, "dinner for two")
    expect(page.locator('[data-error-for="comps-amount"]')).to_contain_text("A second pit boss signs below")
    expect(page.locator("#comps-cosigner-name")).to_be_focused()
    assert len(live.api("GET", f"/players/{CLUB}/comps", user="pit_boss")["redemptions"]) == 1
    page.fill("#comps-cosigner-name", "pit_boss2")
    page.fill("#comps-cosigner-password", "not the password")
    redeem(page, "dinner for two")
    expect(page.locator('[data-error-for="comps-cosigner.password"]')).not_to_be_empty()
    expect(page.locator("#comps-cosigner-password")).to_have_value("")
    screenshot(page, "pit-comps", tmp_path)
    page.fill("#comps-cosigner-password", PASSWORD)
    redeem(page, "dinner for two")
    expect(page.locator("#notice")).to_contain_text("co-signed by pit_boss2")
    rows = page.locator("#comps-redemptions tbody tr")
    expect(rows).to_have_count(2)
    # The newest first: amount, reason, when, by, co-signed by.
    expect(rows.nth(0).locator(".amount")).to_have_text("50.00 USD")
    expect(rows.nth(0).locator(".reason")).to_have_text("dinner for two")
    expect(rows.nth(0).locator(".by")).to_have_text("pit_boss")
    expect(rows.nth(0).locator(".cosigned")).to_have_text("pit_boss2")
    expect(rows.nth(1).locator(".amount")).to_have_text(f"{money(within)} USD")
    expect(rows.nth(1).locator(".cosigned")).to_have_text("—")
    expect(row.locator(".balance")).to_have_text(money(earned["balance"] - within - 5000))
    expect(page.locator("#comps-signature")).to_be_hidden()
    stored = live.api("GET", f"/players/{CLUB}/comps", user="compliance")["redemptions"]
    assert [(r["amount"], r["cosigned_by"]) for r in stored] == [(5000, "pit_boss2"), (within, None)]


def test_compliance_reads_the_comps_and_a_dealer_is_refused(
    open_page: Any, live: Any, earned: dict[str, Any]
) -> None:
    page = at_pit(open_page, "compliance", None)
    page.goto(f"{page.url.split('#')[0]}#player-{CLUB}")
    expect(balance_cells(page).locator(".earned")).to_have_text(money(earned["earned"]))
    expect(page.locator("#comps-title")).to_be_visible()
    expect(page.locator("#comps-form")).to_have_count(0)
    dealer = open_page("/pit")
    dealer.fill("#name", "dealer")
    dealer.fill("#password", PASSWORD)
    dealer.press("#password", "Enter")
    expect(dealer.locator('[data-error-for="sign-in"]')).to_contain_text("this page is not for that role")
    expect(dealer.locator("#office")).to_be_hidden()
    expect(dealer.locator("#comps-form")).to_have_count(0)


def test_the_player_s_figures_a_currency_at_a_time(open_page: Any, live: Any, earned: dict[str, Any]) -> None:
    yen = live.api("POST", "/tables", {"name": "BP-JPY", "currency": "JPY"}, user="admin")
    rating = live.api("POST", f"/tables/{yen['id']}/ratings", {"club_number": CLUB, "seat": 3}, "dealer")
    live.api("POST", f"/ratings/{rating['id']}/buy-ins", {"kind": "chips", "amount": 5_000}, "dealer")
    live.api("POST", f"/ratings/{rating['id']}/seat-out", {"chips_taken": 5_000}, "dealer")
    answer = live.api("GET", f"/players/{CLUB}/figures?period=lifetime", user="pit_boss")
    assert answer["figures"] is None  # two currencies: never added
    page = at_pit(open_page, "pit_boss", None)
    page.goto(f"{page.url.split('#')[0]}#player-{CLUB}")
    expect(page.locator("#player-figures")).to_contain_text("2 ratings, ever")
    parts = page.locator("#player-figures .currency-figures")
    expect(parts).to_have_count(2)
    for part in answer["by_currency"]:
        code = part["currency"]["code"]
        shown = page.locator(f'#player-figures .currency-figures[data-currency="{code}"]')
        expect(shown.locator("h4")).to_have_text(f"In {code} 1 rating")
        rounds = shown.locator('tr[data-figure="rated-rounds"] td')
        expect(rounds).to_have_text(str(part["figures"]["rated_rounds"]))
    usd = page.locator('#player-figures .currency-figures[data-currency="USD"]')
    expect(usd.locator('tr[data-figure="comps"] td')).to_have_text(money(earned["earned"]))
    expect(usd.locator('tr[data-figure="handle-total"] td')).to_have_text(money(3 * 1_600))
    # Yen have no decimals: the JPY part's amounts are whole.
    jpy = page.locator('#player-figures .currency-figures[data-currency="JPY"]')
    expect(jpy.locator('tr[data-figure="handle-total"] td')).to_have_text("0")
