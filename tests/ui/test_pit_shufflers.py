"""The pit page's Shufflers screen in Chromium at 1024x768 with touch: each
device's decks, repeated orders, positions test and cards changed by hand
for a chosen gaming day and the 30 days to it, from the API only; a
shuffler that leaves the joker first flagged below 0.05, a shoe with too
few decks untested; a tap shows a device's days; compliance reads it too."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select

from service.engine.cards import DECK, codes
from service.protection.device_days import count_deck
from service.protection.shuffler_positions import check_positions
from service.store.db import database_factory, make_engine, utc_now
from service.store.models import DeckFeed, DeviceDay, User
from service.store.work import unit_of_work
from tests.ui.conftest import expect, screenshot
from tests.ui.pit_page_support import at_pit, screen

OPENS = datetime(2026, 11, 2, 6, tzinfo=UTC)  # gaming day 2026-11-02 by the default schedule


def decks_of(live: Any, table_id: int, device: str, decks: list[list[str]]) -> None:
    """Decks the device sent on 2026-11-02, counted and the day tested (as
    the workers' jobs would)."""
    databases = database_factory(make_engine(live.settings.database))
    with unit_of_work(databases) as db:
        dealer = db.scalar(select(User.id).where(User.name == "dealer"))
        assert dealer is not None
        feeds = [
            DeckFeed(
                table_id=table_id,
                device_id=device,
                sequence=number,
                cards=cards,
                deal_order={},
                hands={},
                posted_by=dealer,
                received_at=OPENS + timedelta(hours=1, minutes=number),
            )
            for number, cards in enumerate(decks, start=1)
        ]
        db.add_all(feeds)
    with unit_of_work(databases) as db:
        for feed in feeds:
            count_deck(db, feed.id, utc_now())
        day = db.scalar(select(DeviceDay.id).where(DeviceDay.device_id == device))
        assert day is not None
        check_positions(db, day, utc_now())


def joker_first(rng: random.Random) -> list[str]:
    cards = [card for card in codes(DECK) if card != "JK"]
    rng.shuffle(cards)
    return ["JK", *cards]


def test_the_shufflers_screen_flags_a_fixed_joker(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Path
) -> None:
    rng = random.Random(8)
    fixed, few = f"shuffler-J{table['id']}", f"shoe-F{table['id']}"
    decks_of(live, table["id"], fixed, [joker_first(rng) for _ in range(60)])
    decks_of(live, table["id"], few, [joker_first(rng) for _ in range(5)])
    shown = live.api("GET", "/devices?gaming_day=2026-11-02", user="pit_boss")
    test = next(each for each in shown["devices"] if each["device_id"] == fixed)["day"]["positions"]
    page = at_pit(open_page, "pit_boss", None)
    screen(page, "shufflers")
    page.fill("#shufflers-gaming-day", "2026-11-02")
    page.locator("#shufflers-show").tap()
    expect(page.locator("#shufflers-day")).to_have_text("Gaming day 2026-11-02 and the 30 days to it.")
    row = page.locator(f'#shufflers-table tr[data-device="{fixed}"] td')
    expect(row.nth(0)).to_have_text(fixed)
    expect(row.nth(1)).to_have_text(table["name"])
    expect(row.nth(2)).to_have_text("60")
    expect(row.nth(3)).to_have_text("0")
    expect(row.nth(4)).to_have_text("0 in 0 decks")
    expect(row.nth(5)).to_have_text(f"p = {test['p']} BELOW 0.05")
    expect(row.nth(5).locator("span").first).to_have_attribute(
        "title", f"chi-square {test['statistic']} on 468 degrees of freedom, 10 position groups, 60 decks"
    )
    expect(row.nth(9)).to_contain_text("BELOW 0.05")  # the 30 days' test: this one day
    few_row = page.locator(f'#shufflers-table tr[data-device="{few}"] td')
    expect(few_row.nth(5)).to_have_text("too few decks (5)")
    screenshot(page, "pit-shufflers", tmp_path)

    page.locator(f'#shufflers-table tr[data-device="{fixed}"] button').tap()
    expect(page.locator("#shuffler-title")).to_have_text(f"{fixed}: each day")
    day = page.locator('#shuffler-days tr[data-day="2026-11-02"] td')
    expect(day.nth(2)).to_have_text("60")
    expect(day.nth(5)).to_contain_text("BELOW 0.05")

    reader = at_pit(open_page, "compliance", None)
    screen(reader, "shufflers")
    expect(reader.locator("#shufflers-day")).to_contain_text("Gaming day ")
