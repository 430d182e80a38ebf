"""A player's figures are never added across currencies (rule book
section 13's floor: a currency at a time): a player rated at a table in
dollars and one in yen has each currency's figures apart, and no figures
of the two together."""

from __future__ import annotations

from datetime import timedelta

from service.players.rated.inputs import DEALS
from service.store.db import utc_now
from service.store.models import RatingFigures
from service.store.work import unit_of_work
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.players import seat, step


def figured(app, rating_id, rounds, main_handle, actual):
    """The rating's kept figures row as the workers would leave it: its
    rounds' handle and win, every other sum zero."""
    with unit_of_work(databases(app)) as db:
        db.add(
            RatingFigures(
                rating_id=rating_id,
                rounds=rounds,
                pending_rounds=0,
                last_seat_id=None,
                main_handle=main_handle,
                dealer_break_bonus_handle=0,
                break_bonus_handle=0,
                actual=actual,
                theoretical=0,
                decisions=0,
                player_cards=actual * DEALS,
                dealer_cards=0,
                player_cards_variance=0,
                dealer_cards_variance=0,
                figured_at=utc_now() - timedelta(seconds=1),
            )
        )


def closed(client, headers, table_id, seat_number, app, rounds, handle, actual):
    rating = seat(client, headers, table_id, ALICE, seat_number)
    assert rating.status_code == 201, rating.json
    assert step(client, headers, rating.json["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    figured(app, rating.json["id"], rounds, handle, actual)


def figures(client, headers):
    response = client.get(f"/api/v1/players/{ALICE}/figures?period=lifetime", headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def test_two_currencies_are_figured_apart_and_never_added(app, client, as_role, table, players):
    yen = client.post("/api/v1/tables", json={"name": "BP-JP", "currency": "JPY"}, headers=as_role["admin"])
    assert yen.status_code == 201, yen.json
    dealer = as_role["dealer"]
    closed(client, dealer, table["id"], 1, app, 3, 3_000, 500)
    closed(client, dealer, yen.json["id"], 2, app, 2, 40_000, -7_000)
    found = figures(client, as_role["pit_boss"])
    assert (found["ratings"], found["currency"], found["figures"]) == (2, None, None)
    apart = {part["currency"]["code"]: part for part in found["by_currency"]}
    assert apart.keys() == {"USD", "JPY"}
    assert (apart["USD"]["ratings"], apart["USD"]["figures"]["actual_win"]) == (1, 500)
    assert apart["USD"]["figures"]["handle"]["main"] == 3_000
    assert (apart["JPY"]["ratings"], apart["JPY"]["figures"]["actual_win"]) == (1, -7_000)
    assert apart["JPY"]["figures"]["handle"]["main"] == 40_000
    assert apart["JPY"]["currency"]["minor_unit"] == 0


def test_one_currency_gives_its_figures_at_the_top_too(app, client, as_role, table, players):
    dealer = as_role["dealer"]
    closed(client, dealer, table["id"], 1, app, 3, 3_000, 500)
    closed(client, dealer, table["id"], 2, app, 1, 1_000, -200)
    found = figures(client, as_role["pit_boss"])
    assert (found["ratings"], found["currency"]["code"]) == (2, "USD")
    assert [part["currency"]["code"] for part in found["by_currency"]] == ["USD"]
    assert found["figures"] == found["by_currency"][0]["figures"]
    assert (found["figures"]["actual_win"], found["figures"]["handle"]["main"]) == (300, 4_000)


def test_a_player_never_rated_has_no_currency_and_zero_figures(client, as_role, players):
    found = figures(client, as_role["pit_boss"])
    assert (found["ratings"], found["currency"], found["by_currency"]) == (0, None, [])
    assert found["figures"]["actual_win"] == 0
