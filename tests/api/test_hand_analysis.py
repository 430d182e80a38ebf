"""POST /tables/{id}/hand-analysis: every legal setting of seven cards with
its exact Main Bet expected value, the best setting, the house way's and
its cost, and the side bets, from the cached strategy table; bad cards
answered with the engine's errors; a missing block answered 503 with its
build queued."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from fractions import Fraction

import pytest
from sqlalchemy import select, update

from service.analysis.hand_advice import advise
from service.analysis.main_bet import DEALER_HANDS
from service.config.environment import StrategyTables
from service.engine.cards import codes, parse_cards
from service.engine.table_config import TableConfig
from service.jobs.queues import JobKind
from service.store.db import utc_now
from service.store.models import ConfigVersion, OutboxEntry
from service.store.work import unit_of_work
from tests.support.app import PEOPLE, app_with_users, databases, edit, sign_in
from tests.support.strategy import strategy_blocks

pytestmark = pytest.mark.store

RULE_BOOK = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]  # house way 7-7 / JK-K-Q (Q-K-A), rule 2
COSTLY = ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"]  # K-T / A-8-6 by the house way (rule 7)


@pytest.fixture
def built(settings):
    return strategy_blocks(settings.instance, [RULE_BOOK, COSTLY])


def analyse(client, headers, table_id, cards):
    return client.post(f"/api/v1/tables/{table_id}/hand-analysis", json={"cards": cards}, headers=headers)


@pytest.mark.parametrize("role", PEOPLE)
def test_every_role_can_analyse_a_hand(client, as_role, table, built, role):
    response = analyse(client, as_role[role], table["id"], RULE_BOOK)
    assert response.status_code == 200, response.json
    shown = response.json
    assert (shown["table_id"], shown["config_version"], shown["qualifier"]) == (table["id"], 1, "K-3-2")
    assert shown["foul_policy"] == "house_way"
    assert shown["cards"] == ["JK", "Kd", "Qs", "7h", "7c", "4d", "2c"]  # display order
    assert shown["dealer_hands"] == DEALER_HANDS == 53_524_680


def test_the_rule_book_s_hand_is_set_7_7_and_q_k_a_by_the_house_way(client, as_role, table, built):
    shown = analyse(client, as_role["dealer"], table["id"], RULE_BOOK).json
    house = shown["house_way"]
    assert (house["low"], house["high"]) == (["7h", "7c"], ["JK", "Kd", "Qs"])
    assert house["low_hand"] == {"plays_as": "7-7", "category": "pair", "joker": None}
    assert house["high_hand"] == {"plays_as": "Q-K-A", "category": "straight", "joker": "JK as A"}
    assert house["lucky_break"] is True
    assert house["house_way"] is True
    assert [entry for entry in shown["settings"] if entry["house_way"]] == [house]


@pytest.mark.parametrize("cards", [RULE_BOOK, COSTLY])
def test_the_answer_is_the_calculator_s(client, as_role, table, built, settings, cards):
    shown = analyse(client, as_role["cage"], table["id"], cards).json
    advice = advise(parse_cards(cards), TableConfig(), settings.instance)
    assert len(shown["settings"]) == len(advice.settings)
    for entry, value in zip(shown["settings"], advice.settings, strict=True):
        assert (entry["low"], entry["high"]) == (codes(value.setting.low), codes(value.setting.high))
        assert Fraction(entry["expected_value_exact"]) == value.expected_value
        assert entry["expected_value"] == float(value.expected_value)
        assert (entry["won"], entry["pushed"], entry["lost"]) == (value.won, value.pushed, value.lost)
        assert entry["lucky_break"] == value.setting.is_lucky_break
    assert Fraction(shown["best"]["expected_value_exact"]) == advice.best.expected_value
    assert Fraction(shown["house_way"]["expected_value_exact"]) == advice.house_way.expected_value
    assert Fraction(shown["house_way_cost"]["expected_value_exact"]) == advice.house_way_cost
    assert Fraction(shown["dealer_break_bonus"]["expected_value_exact"]) == advice.dealer_break_bonus
    assert Fraction(shown["break_bonus"]["expected_value_exact"]) == advice.break_bonus


@pytest.mark.parametrize("cards", [RULE_BOOK, COSTLY])
def test_best_and_house_way_are_settings_of_the_list_and_add_up(client, as_role, table, built, cards):
    shown = analyse(client, as_role["count"], table["id"], cards).json
    listed = shown["settings"]
    values = [Fraction(entry["expected_value_exact"]) for entry in listed]
    best = Fraction(shown["best"]["expected_value_exact"])
    house = Fraction(shown["house_way"]["expected_value_exact"])
    assert best == max(values)
    assert [entry for entry in listed if entry["best"]] == [shown["best"]]
    assert [entry for entry in listed if entry["house_way"]] == [shown["house_way"]]
    cost = shown["house_way_cost"]
    assert Fraction(cost["expected_value_exact"]) == best - house >= 0
    assert cost["expected_value"] == pytest.approx(float(best - house))
    for entry, value in zip(listed, values, strict=True):
        assert entry["won"] + entry["pushed"] + entry["lost"] == DEALER_HANDS
        assert entry["win_probability"] + entry["push_probability"] + entry["loss_probability"] == (
            pytest.approx(1.0, abs=1e-12)
        )
        assert value == Fraction(entry["won"] - entry["lost"], DEALER_HANDS)
        assert entry["win_probability"] == pytest.approx(entry["won"] / DEALER_HANDS)
    distinct = {(tuple(entry["low_hand"].values()), tuple(entry["high_hand"].values())) for entry in listed}
    assert len(distinct) == len(listed)  # every distinct setting once


def test_the_side_bets_are_valued_with_the_table_s_pays(client, as_role, table, built):
    shown = analyse(client, as_role["dealer"], table["id"], RULE_BOOK).json
    bonus = shown["break_bonus"]
    # The cards make a Lucky Break with a straight: 1 to 1 by default, a sure win.
    assert (bonus["category"], bonus["category_name"]) == (
        "lucky_break_straight",
        "Lucky Break with Straight",
    )
    assert (bonus["expected_value"], bonus["expected_value_exact"]) == (1.0, "1")
    pays = {"break_bonus_pays": {**table["config"]["break_bonus_pays"], "lucky_break_straight": 3}}
    changed = edit(
        client, f"/api/v1/tables/{table['id']}/config", json={"config": pays}, headers=as_role["admin"]
    )
    assert changed.status_code == 200, changed.json
    again = analyse(client, as_role["dealer"], table["id"], RULE_BOOK).json
    assert again["config_version"] == 2
    assert again["break_bonus"]["expected_value_exact"] == "3"
    dealer = Fraction(again["dealer_break_bonus"]["expected_value_exact"])
    assert -1 < dealer < 4  # pays 4 to 1 with the player's Lucky Break, else 1 to 1 or loses
    no_bonus = analyse(client, as_role["dealer"], table["id"], COSTLY).json["break_bonus"]
    assert (no_bonus["category"], no_bonus["expected_value_exact"]) == (None, "-1")


@pytest.mark.parametrize(
    ("cards", "code", "field"),
    [
        (["JK", "Kd", "Qs", "Zz", "7h", "4d", "2c"], "invalid_card", "cards[3]"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d", 7], "invalid_card", "cards[6]"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d"], "wrong_card_count", "cards"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d", "2c", "3c"], "wrong_card_count", "cards"),
        (["JK", "Kd", "Qs", "7c", "7h", "4d", "kd"], "duplicate_card", "cards"),
    ],
)
def test_bad_cards_get_the_engine_s_errors_naming_the_field(
    client, as_role, table, built, cards, code, field
):
    response = analyse(client, as_role["dealer"], table["id"], cards)
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)
    if code == "invalid_card":
        assert response.json["message"].startswith(f"{field}: ")


@pytest.mark.parametrize(
    ("body", "field"),
    [({}, "cards"), ({"cards": "As Kd"}, "cards"), ({"cards": RULE_BOOK, "extra": 1}, "extra")],
)
def test_a_body_of_the_wrong_shape_is_refused_at_its_field(client, as_role, table, body, field):
    response = client.post(
        f"/api/v1/tables/{table['id']}/hand-analysis", json=body, headers=as_role["dealer"]
    )
    assert response.status_code == 422, response.json
    assert response.json["field"] == field


def test_an_unknown_table_is_a_404(client, as_role, built):
    response = analyse(client, as_role["dealer"], 999, RULE_BOOK)
    assert (response.status_code, response.json["code"]) == (404, "table_not_found")


def par_sheet_jobs(app, version_id):
    with databases(app)() as db:
        rows = db.scalars(
            select(OutboxEntry)
            .where(OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.ref == version_id)
            .order_by(OutboxEntry.id)
        )
        return [(row.dispatched_at is None) for row in rows]


def test_a_missing_block_is_a_503_that_says_when_to_ask_again(client, as_role, table, app):
    version_id = version_of(app, table["id"])
    before = par_sheet_jobs(app, version_id)
    response = analyse(client, as_role["dealer"], table["id"], RULE_BOOK)
    assert response.status_code == 503, response.json
    assert response.json["code"] == "strategy_table_not_built"
    assert "K-3-2" in response.json["message"]
    assert int(response.headers["Retry-After"]) > 0
    assert par_sheet_jobs(app, version_id) == before  # manual: nothing is queued


@pytest.fixture
def building_app(settings):
    yield from app_with_users(replace(settings, strategy_tables=StrategyTables.BUILD))


def version_of(app, table_id):
    with databases(app)() as db:
        return db.scalar(select(ConfigVersion.id).where(ConfigVersion.table_id == table_id))


def test_under_build_a_missing_block_queues_the_par_sheet_job_once(building_app):
    client = building_app.test_client()
    admin, dealer = sign_in(client, "admin"), sign_in(client, "dealer")
    table = client.post("/api/v1/tables", json={"name": "BP-9"}, headers=admin).json
    version_id = version_of(building_app, table["id"])
    # The job the table's creation queued ran long ago (the table was built since removed).
    with unit_of_work(databases(building_app)) as db:
        long_ago = utc_now() - timedelta(hours=1)
        db.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
    assert par_sheet_jobs(building_app, version_id) == [False]
    response = analyse(client, dealer, table["id"], RULE_BOOK)
    assert response.status_code == 503, response.json
    assert response.json["code"] == "strategy_table_building"
    assert int(response.headers["Retry-After"]) > 0
    assert par_sheet_jobs(building_app, version_id) == [False, True]  # queued, and committed
    # Asked again while it waits: not queued twice.
    assert analyse(client, dealer, table["id"], RULE_BOOK).status_code == 503
    assert par_sheet_jobs(building_app, version_id) == [False, True]


def test_the_openapi_document_lists_the_503_and_its_header(client):
    operation = client.get("/api/v1/openapi.json").json["paths"]["/api/v1/tables/{table_id}/hand-analysis"]
    answer = operation["post"]["responses"]["503"]
    assert "strategy_table_building" in answer["description"]
    assert "Retry-After" in answer["headers"]
