"""GET /rounds/{id}/hand-values: per seat of a stored round, the Main Bet's
expected value of the setting played (as settled), of the best setting and
of the house way's, what the played one cost, and the side bets' values,
under the configuration version the round was settled under."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.analysis.hand_advice import advise
from service.engine.cards import codes, parse_cards
from service.engine.setting import Setting
from service.engine.table_config import FoulPolicy, TableConfig
from tests.support.app import edit
from tests.support.rounds_data import SEATS, enter, round_body
from tests.support.strategy import strategy_blocks

pytestmark = pytest.mark.store

FOUL = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # seat 2's kings in the low: a foul
OWN = {"low": ["4s", "2d"], "high": ["Ad", "Kc", "Qc"]}  # seat 3 keeps its A-K-Q high


@pytest.fixture
def built(settings):
    return strategy_blocks(settings.instance, SEATS.values())


def entered(client, as_role, table, round_id="hv1"):
    return enter(client, as_role["dealer"], table, round_id)


def with_settings(client, as_role, table, round_id):
    body = round_body(round_id)
    body["seats"][1]["setting"] = FOUL
    body["seats"][2]["setting"] = OWN
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=body,
        headers={**as_role["dealer"], "Idempotency-Key": round_id},
    )
    assert response.status_code == 201, response.json
    return response.json


def values(client, headers, round_id):
    return client.get(f"/api/v1/rounds/{round_id}/hand-values", headers=headers)


def exact(value):
    return Fraction(value["expected_value_exact"])


@pytest.mark.parametrize("role", ["pit_boss", "compliance", "admin"])
def test_each_seat_of_a_house_way_round_is_valued(client, as_role, table, built, settings, role):
    record = entered(client, as_role, table)
    response = values(client, as_role[role], record["id"])
    assert response.status_code == 200, response.json
    shown = response.json
    assert (shown["id"], shown["table_id"], shown["config_version"]) == (record["id"], table["id"], 1)
    assert (shown["qualifier"], shown["foul_policy"]) == ("K-3-2", "house_way")
    assert [seat["seat"] for seat in shown["seats"]] == [1, 2, 3]
    for seat in shown["seats"]:
        advice = advise(parse_cards(SEATS[seat["seat"]]), TableConfig(), settings.instance)
        house = advice.house_way
        assert (seat["house_way"]["low"], seat["house_way"]["high"]) == (
            codes(house.setting.low),
            codes(house.setting.high),
        )
        assert exact(seat["house_way"]) == house.expected_value
        assert exact(seat["best"]) == advice.best.expected_value
        assert (seat["best"]["low"], seat["best"]["high"]) == (
            codes(advice.best.setting.low),
            codes(advice.best.setting.high),
        )
        # Played by the house way: worth the house way, costing it nothing.
        assert exact(seat["played"]) == house.expected_value
        assert exact(seat["cost_against_house_way"]) == 0
        assert exact(seat["cost_against_best"]) == advice.house_way_cost
        assert seat["played_is_best"] == (advice.house_way_cost == 0)
        assert exact(seat["dealer_break_bonus"]) == advice.dealer_break_bonus
        assert exact(seat["break_bonus"]) == advice.break_bonus
        assert seat["played"]["expected_value"] == float(house.expected_value)


def test_a_foul_is_valued_as_it_settled_and_an_own_setting_as_played(client, as_role, table, built, settings):
    record = with_settings(client, as_role, table, "hv2")
    shown = values(client, as_role["pit_boss"], record["id"]).json
    _, fouled, own = shown["seats"]
    advice = advise(parse_cards(SEATS[2]), TableConfig(), settings.instance)
    assert fouled["fouled"] is True
    # Reset by the house way (the default policy): the house way's value and cards.
    assert exact(fouled["played"]) == advice.house_way.expected_value
    assert (fouled["played"]["low"], fouled["played"]["high"]) == (
        codes(advice.house_way.setting.low),
        codes(advice.house_way.setting.high),
    )
    mine = advise(parse_cards(SEATS[3]), TableConfig(), settings.instance)
    chosen = Setting(parse_cards(OWN["low"]), parse_cards(OWN["high"]))
    value = mine.value_of(chosen)
    assert value is not None
    assert own["fouled"] is False
    assert exact(own["played"]) == value.expected_value
    assert exact(own["cost_against_best"]) == mine.best.expected_value - value.expected_value
    assert exact(own["cost_against_house_way"]) == mine.house_way.expected_value - value.expected_value
    assert exact(own["cost_against_best"]) >= 0


def test_the_round_s_own_rules_are_used_not_the_table_s_current(client, as_role, table, built, settings):
    forfeit = {"config": {"foul_policy": "forfeit"}}
    changed = edit(client, f"/api/v1/tables/{table['id']}/config", json=forfeit, headers=as_role["admin"])
    assert changed.status_code == 200, changed.json
    record = with_settings(client, as_role, table, "hv3")
    later = {"config": {"foul_policy": "house_way", "seats": 5}}
    assert (
        edit(client, f"/api/v1/tables/{table['id']}/config", json=later, headers=as_role["admin"]).status_code
        == 200
    )
    shown = values(client, as_role["compliance"], record["id"]).json
    assert (shown["config_version"], shown["foul_policy"]) == (2, FoulPolicy.FORFEIT.value)
    fouled = shown["seats"][1]
    # A foul forfeits the Main Bet under the round's rules: -1, whatever the table says now.
    assert (exact(fouled["played"]), fouled["played"]["expected_value"]) == (-1, -1.0)
    advice = advise(parse_cards(SEATS[2]), TableConfig(), settings.instance)
    assert exact(fouled["cost_against_house_way"]) == advice.house_way.expected_value + 1


def test_a_missing_block_is_a_503_with_retry_after(client, as_role, table):
    record = entered(client, as_role, table, "hv4")
    response = values(client, as_role["pit_boss"], record["id"])
    assert response.status_code == 503, response.json
    assert response.json["code"] == "strategy_table_not_built"
    assert int(response.headers["Retry-After"]) > 0


def test_a_dealer_may_not_read_them_and_an_unknown_round_is_a_404(client, as_role, built):
    assert values(client, as_role["dealer"], 1).status_code == 403
    response = values(client, as_role["pit_boss"], 999)
    assert (response.status_code, response.json["code"]) == (404, "round_not_found")
