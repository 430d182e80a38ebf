"""The acceptance test of game protection (issue 43, rule book section
15), through the HTTP API with a real worker: a thousand rounds dealt
from a shuffler's decks at a four-seat table, each deck's hands exposed
by the dealer before its round is entered. Seat 3's player sets every
hand knowing the dealer's cards (the best result against the dealer's
house way, the house way's setting on a tie) and avoids being rated;
seat 1 plays the house way, seat 2 (a rated player) the optimal strategy
and seat 4 a random legal setting. Seat 3 is flagged and no other seat
or player. A deck order sent again is a critical alert, and a shuffler
that leaves the joker first is flagged once its day has ended; no role
reads a deck's cards before its hands are exposed.

The deals are shuffled decks over the whole strategy table (built once
a run, about a minute), so every seat's dealer hand is any seven of the
cards it does not hold, as the test's null hypothesis says. The worker
runs its jobs in its own process, as the quick queues' worker does (the
blocks it reads stay in memory): about a minute for the thousand rounds."""

from __future__ import annotations

import random
import shutil
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from service.analysis.hand_advice import advise
from service.analysis.strategy_table import build_table, table_folder
from service.engine.cards import DECK, codes, parse_cards
from service.engine.table_config import TableConfig
from service.store.models import Alert
from tests.api.decks_support import enter
from tests.protection.test_shuffler_checks import OPENS, joker_first
from tests.support.app import ROLES, databases, sign_in
from tests.support.background import run_burst
from tests.support.decks import deck_body, post_deck
from tests.support.hidden_play import cheating_setting, random_setting
from tests.support.players import add_player, seat
from tests.support.run_folder import one_at_a_time, run_folder

# SQLite only: each check's work on PostgreSQL is the store tests' of
# tests/protection (the job, the luck and the shufflers on both), and this
# day took 70 s a database of CI's half hour.

ROUNDS = 1_000
SEATS = (1, 2, 3, 4)
CHEATER, RATED = 3, 2
CONFIG = TableConfig()
CARD_CODES = set(codes(DECK))


@pytest.fixture
def app(app_with_par_sheet, redis_settings):
    """The API with the whole strategy table in its instance (built once a
    run and copied: every seat's hand may fall in any block)."""
    built = run_folder() / "strategy-whole"
    with one_at_a_time("strategy-whole"):
        folder = build_table(CONFIG.dealer_qualifier, built)
    shutil.copytree(
        folder, table_folder(CONFIG.dealer_qualifier, redis_settings.instance), dirs_exist_ok=True
    )
    return app_with_par_sheet


def optimal_setting(cards: list[str], instance: Any) -> Any:
    advice = advise(parse_cards(cards), CONFIG, instance)
    if advice.best.ranks() == advice.house_way.ranks():
        return "house_way"
    return {"low": codes(advice.best.setting.low), "high": codes(advice.best.setting.high)}


def setting_of(number: int, cards: list[str], dealer: list[str], rng: random.Random, instance: Any) -> Any:
    if number == CHEATER:
        return cheating_setting(parse_cards(cards), parse_cards(dealer), CONFIG)
    if number == RATED:
        return optimal_setting(cards, instance)
    if number == 4:
        return random_setting(parse_cards(cards), rng)
    return "house_way"


def shows_cards(response: Any) -> set[str]:
    text = response.get_data(as_text=True)
    return {card for card in CARD_CODES if f'"{card}"' in text}


def play_round(
    client: Any,
    as_role: dict[str, Any],
    table: dict[str, Any],
    number: int,
    cards: list[str],
    rng: Any,
    instance: Any,
) -> int:
    posted = post_deck(
        client, as_role["device"], table["id"], deck_body(cards, sequence=number, device_id="shoe-1")
    )
    assert posted.status_code == 201, posted.json
    assert shows_cards(posted) == set()  # the device's own post shows no card
    deck_id = posted.json["id"]
    if number == 1:
        unexposed_is_secret(client, table, deck_id)
    exposed = client.post(
        f"/api/v1/tables/{table['id']}/decks/{deck_id}/exposure",
        json={"seats": list(SEATS)},
        headers=as_role["dealer"],
    )
    assert exposed.status_code == 201, exposed.json
    hands = exposed.json["hands"]
    body = {
        "round_id": f"r{number}",
        "dealer": hands["dealer"],
        "deck_id": deck_id,
        "seats": [
            {
                "seat": n,
                "cards": hands[str(n)],
                "setting": setting_of(n, hands[str(n)], hands["dealer"], rng, instance),
                "bets": {"main": 1000},
            }
            for n in SEATS
        ],
    }
    response = enter(client, as_role["dealer"], table["id"], body, f"r{number}")
    assert response.status_code == 201, response.json
    return response.json["id"]


def unexposed_is_secret(client: Any, table: dict[str, Any], deck_id: int) -> None:
    """Every role tries to read the deck before its hands are exposed: the
    next deck is named without a card, and only a dealer may expose."""
    for role in ROLES:
        headers = sign_in(client, role)
        found = client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=headers)
        assert shows_cards(found) == set(), role
        assert found.status_code in (200, 403), role
        if role != "dealer":
            tried = client.post(
                f"/api/v1/tables/{table['id']}/decks/{deck_id}/exposure", json={"seats": [1]}, headers=headers
            )
            assert tried.status_code == 403, role
            assert shows_cards(tried) == set(), role


def alerts_of(app: Any) -> list[Alert]:
    with databases(app)() as db:
        found = list(db.scalars(select(Alert).order_by(Alert.id)))
        for row in found:
            db.expunge(row)
    return found


def test_a_cheating_seat_a_repeated_deck_and_a_fixed_joker_are_flagged(
    app, client, as_role, table, redis_settings
):
    for role in ("pit_boss", "dealer", "device", "admin"):
        as_role[role]  # by the real clock: one signed in on the test's day would expire
    clock = app.extensions["breakpoker"]
    clock["clock"] = lambda: OPENS + timedelta(hours=1)
    add_player(app, "BP43", "Rita Rated")
    seated = seat(client, as_role["pit_boss"], table["id"], "BP43", RATED)
    assert seated.status_code == 201, seated.json
    rng = random.Random(43)
    decks = []
    for number in range(1, ROUNDS + 1):
        cards = codes(DECK)
        rng.shuffle(cards)
        decks.append(cards)
        clock["clock"] = lambda n=number: OPENS + timedelta(hours=1, seconds=20 * n)
        play_round(client, as_role, table, number, cards, rng, redis_settings.instance)
        if number % 250 == 0:
            run_burst(redis_settings, "--in-process")
    # A deck order seen before, sent again by the shoe as a new deck.
    again = post_deck(
        client, as_role["device"], table["id"], deck_body(decks[4], sequence=ROUNDS + 1, device_id="shoe-1")
    )
    assert again.status_code == 201, again.json
    # A shuffler at another table that leaves the joker first, for a day,
    # then its first deck of the next day (the day's test runs once it ends).
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    for sequence in range(1, 41):
        body = deck_body(joker_first(rng), sequence=sequence, device_id="shoe-J")
        assert post_deck(client, as_role["device"], other["id"], body).status_code == 201
    clock["clock"] = lambda: OPENS + timedelta(days=1, hours=1)
    for device, table_id, sequence in (("shoe-J", other["id"], 41), ("shoe-1", table["id"], ROUNDS + 2)):
        cards = codes(DECK)
        rng.shuffle(cards)
        assert (
            post_deck(
                client, as_role["device"], table_id, deck_body(cards, sequence=sequence, device_id=device)
            ).status_code
            == 201
        )
    run_burst(redis_settings, "--in-process")
    run_burst(redis_settings, "--in-process")

    found = alerts_of(app)
    hidden = [alert for alert in found if alert.kind == "hidden_information"]
    assert [(alert.table_id, alert.seat, alert.player_id) for alert in hidden] == [
        (table["id"], CHEATER, None)
    ]
    assert hidden[0].severity == "critical"
    (repeated,) = [alert for alert in found if alert.kind == "repeated_deck"]
    assert (repeated.device_id, repeated.severity) == ("shoe-1", "critical")
    positions = sorted(alert.device_id for alert in found if alert.kind == "shuffler_positions")
    # The fixed joker's day, its 30 days, and the next day's 30 days (which
    # hold the first day's decks); the fair shoe's thousand decks pass (a
    # fair shoe fails one window in twenty by design: this seed's does not).
    assert positions == ["shoe-J", "shoe-J", "shoe-J"]
    # The pit reads the cheater's alert with its rounds and their times.
    shown = client.get(f"/api/v1/alerts/{hidden[0].id}", headers=as_role["pit_boss"]).json
    assert shown["seat"] == CHEATER
    assert shown["rounds"]
    assert all(each["entered_at"] for each in shown["rounds"])
