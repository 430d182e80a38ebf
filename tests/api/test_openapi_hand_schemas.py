"""The OpenAPI document describes the hand calculator's answers field by
field (no free-form objects), and the schemas that describe them dump
exactly what the service builds."""

from __future__ import annotations

from service.api.http.work import db
from service.api.rounds.hand_schemas import HandAnalysisInSchema, HandAnalysisSchema, RoundHandValuesSchema
from service.config.environment import StrategyTables
from service.rounds.hand_values import round_hand_values
from service.tables.hand_analysis import hand_analysis
from tests.support.openapi import (
    as_json,
    component,
    document,
    free_form_dicts,
    free_form_objects,
    undescribed,
)
from tests.support.rounds_data import SEATS, enter
from tests.support.strategy import strategy_blocks

SHAPES = ("HandAnalysis", "RoundHandValues", "HandAnalysisIn")
CARDS = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]


def test_every_field_of_the_calculator_s_shapes_says_what_it_is(client):
    components = document(client)
    missing = undescribed(components, SHAPES)
    assert missing == [], missing
    cards = components["HandAnalysisIn"]["properties"]["cards"]
    assert cards["items"]["type"] == "string"
    assert "description" in cards["items"]


def test_no_free_form_object_is_left_in_the_calculator_s_shapes(client):
    assert free_form_objects(document(client), SHAPES) == []
    for schema in (HandAnalysisSchema(), RoundHandValuesSchema(), HandAnalysisInSchema()):
        assert free_form_dicts(schema) == [], type(schema).__name__


def test_a_setting_and_a_seat_are_described_field_by_field(client):
    components = document(client)
    setting = component(components, "HandAnalysis", "best")
    assert {"low", "high", "expected_value", "expected_value_exact", "won", "pushed", "lost"} <= set(
        setting["properties"]
    )
    assert set(setting["required"]) == set(setting["properties"])
    seat = component(components, "RoundHandValues", "seats")
    assert {"played", "best", "house_way", "cost_against_best", "cost_against_house_way"} <= set(
        seat["properties"]
    )


def test_the_schemas_dump_what_the_service_builds(app, client, as_role, table, settings):
    strategy_blocks(settings.instance, [CARDS, *SEATS.values()])
    record = enter(client, as_role["dealer"], table, "openapi")
    with app.test_request_context():
        analysis = hand_analysis(db(), table["id"], CARDS, settings.instance, StrategyTables.MANUAL)
        values = round_hand_values(db(), record["id"], settings.instance, StrategyTables.MANUAL)
    assert as_json(HandAnalysisSchema().dump(analysis)) == as_json(analysis)
    assert as_json(RoundHandValuesSchema().dump(values)) == as_json(values)
    shown = client.post(
        f"/api/v1/tables/{table['id']}/hand-analysis", json={"cards": CARDS}, headers=as_role["admin"]
    ).json
    assert shown == as_json(analysis)
    read = client.get(f"/api/v1/rounds/{record['id']}/hand-values", headers=as_role["admin"]).json
    assert read == as_json(values)
