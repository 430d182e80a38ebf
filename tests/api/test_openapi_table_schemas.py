"""The OpenAPI document describes a table, its configuration, its par sheet,
the background work and the health checks field by field (no free-form
objects), and the schemas that describe them answer with exactly what the
service builds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from service.analysis.cache import cached_par_sheet
from service.analysis.optimal_sheet import sheet_file
from service.analysis.par_sheet import EXACT_FIGURES
from service.analysis.strategy_table import table_folder
from service.api.http.work import db
from service.api.ops.health import HealthSchema
from service.api.ops.ops_routes import JobStatusSchema
from service.api.tables.config_schemas import ConfigPreviewSchema
from service.api.tables.sheet_schemas import HouseWaySchema, ParSheetSchema
from service.api.tables.table_routes import table_json
from service.api.tables.table_schemas import TableSchema
from service.engine.break_bonus import BreakBonusCategory
from service.engine.qualifier import DEFAULT_QUALIFIER
from service.engine.table_config import BetType, FoulPolicy, TableConfig
from service.jobs.queues import QueueName
from service.tables.status import TableStatus
from service.tables.tables import get_table
from tests.support.app import edit, sign_in
from tests.support.openapi import (
    as_json,
    component,
    document,
    free_form_dicts,
    free_form_objects,
    refs,
    undescribed,
)

#: Where the shapes of this area start in the document.
SHAPES = ("Table", "ConfigPreview", "ParSheet", "ParSheetPending", "HouseWay", "JobStatus", "Health")


def test_a_table_s_status_is_one_of_its_statuses(client):
    status = document(client)["Table"]["properties"]["status"]
    assert status["enum"] == [status.value for status in TableStatus]


def test_a_configuration_names_each_bet_s_limits_and_each_category_s_odds(client):
    components = document(client)
    config = component(components, "Table", "config")
    limits = component(components, "Config", "limits")
    assert list(limits["properties"]) == [bet.value for bet in BetType]
    assert set(limits["required"]) == set(limits["properties"])
    for pair in limits["properties"].values():
        assert pair["type"] == "array"
        assert pair["minItems"] == pair["maxItems"] == 2
        assert pair["items"] == {"type": "integer"}  # minor units, never a float
    pays = component(components, "Config", "break_bonus_pays")
    assert list(pays["properties"]) == [category.value for category in BreakBonusCategory]
    assert {prop["type"] for prop in pays["properties"].values()} == {"integer"}
    assert config["properties"]["foul_policy"]["enum"] == [policy.value for policy in FoulPolicy]
    assert refs(components["ConfigPreview"]["properties"]["config"]) == ["Config"]
    assert refs(components["ParSheet"]["properties"]["config"]) == ["Config"]


def test_a_par_sheet_names_its_deals_and_exact_figures(client):
    components = document(client)
    assert set(component(components, "ParSheet", "deals")["properties"]) == {"player_hands", "pairs"}
    exact = component(components, "ParSheet", "exact")
    assert set(exact["properties"]) == {
        "lucky_break_probability",
        "dealer_qualifies_probability",
        *(f"{bet.value}.{figure}" for bet in BetType for figure in EXACT_FIGURES),
    }


def test_the_optimal_strategy_names_its_exact_figures(client):
    components = document(client)
    assert refs(components["ParSheet"]["properties"]["optimal_strategy"]) == ["OptimalStrategy"]
    exact = component(components, "OptimalStrategy", "exact")
    assert set(exact["properties"]) == {
        *(f"main.{figure}" for figure in EXACT_FIGURES),
        "gain",
        "differs_probability",
    }


def test_the_background_work_and_health_are_described(client):
    components = document(client)
    queue = component(components, "JobStatus", "queues")
    assert queue["properties"]["name"]["enum"] == [name.value for name in QueueName]
    assert component(components, "JobStatus", "failed_jobs")["properties"]["queue"]["enum"] == list(QueueName)
    assert components["Health"]["properties"]["status"]["enum"] == ["ok", "ready"]


def test_a_configuration_sent_in_is_described_but_stays_an_object(client):
    components = document(client)
    for owner in ("TableCreate", "ConfigChange"):
        sent = components[owner]["properties"]["config"]
        assert sent["type"] == "object"
        assert {"seats", "limits", "foul_policy", "break_bonus_pays", "dealer_qualifier"} == set(
            sent["properties"]
        )
        assert list(sent["properties"]["limits"]["properties"]) == [bet.value for bet in BetType]
    for owner in ("TableCreate", "ScheduleChange"):
        assert components[owner]["properties"]["shift_starts"]["items"] == {"type": "string"}


def test_every_field_of_a_table_s_shapes_says_what_it_is(client):
    components = document(client)
    missing = undescribed(components, SHAPES)
    assert missing == [], missing


def test_no_free_form_object_is_left_in_a_table_s_shapes(client):
    components = document(client)
    assert free_form_objects(components, SHAPES) == []


def test_no_marshmallow_dict_blob_is_left_in_the_answers():
    for schema in (
        TableSchema(),
        ConfigPreviewSchema(),
        ParSheetSchema(),
        HouseWaySchema(),
        JobStatusSchema(),
        HealthSchema(),
    ):
        assert free_form_dicts(schema) == [], type(schema).__name__


def test_a_table_is_answered_as_the_service_builds_it(app, client, as_role, table):
    url = f"/api/v1/tables/{table['id']}"
    changed = edit(client, f"{url}/config", json={"config": {"seats": 4}}, headers=as_role["admin"]).json
    with app.test_request_context():
        built = table_json(get_table(db(), table["id"]))
    shown = client.get(url, headers=as_role["dealer"]).json
    assert shown == changed
    assert shown == as_json(TableSchema().dump(built))
    assert {key: value for key, value in shown.items() if key != "config_created_at"} == as_json(
        {key: value for key, value in built.items() if key != "config_created_at"}
    )
    assert shown["status"] == TableStatus.CLOSED  # no session opened it yet
    assert shown["takes_rounds"] is True  # the tests' settings allow rounds without one
    assert set(shown["config"]["limits"]) == set(BetType)


def test_a_preview_and_a_par_sheet_are_answered_as_built(app_with_par_sheet):
    client = app_with_par_sheet.test_client()
    admin = sign_in(client, "admin")
    table = client.post("/api/v1/tables", json={"name": "BP-9"}, headers=admin).json
    url = f"/api/v1/tables/{table['id']}"
    change = {"config": {"limits": {"main": [1000, 50_000]}}}
    preview = client.post(f"{url}/config/preview", json=change, headers=admin).json
    expected = TableConfig().next_version(change["config"]).to_json()
    assert preview["config"] == as_json(expected)
    assert preview == as_json(ConfigPreviewSchema().dump(preview))  # nothing dropped
    sheet = client.get(f"{url}/par-sheet", headers=admin)
    assert sheet.status_code == 200
    built = cached_par_sheet(TableConfig(), app_with_par_sheet.extensions["breakpoker"]["settings"].instance)
    assert built is not None
    building = {"status": "building", "blocks_built": 0, "blocks": 68}
    assert sheet.json == as_json({**built.to_json(), "optimal_strategy": building})
    assert as_json(ParSheetSchema().dump(sheet.json)) == sheet.json
    # Once the strategy table is built, the optimal strategy's Main Bet.
    instance = app_with_par_sheet.extensions["breakpoker"]["settings"].instance
    folder = table_folder(DEFAULT_QUALIFIER, instance)
    folder.mkdir(parents=True)
    fixture = Path(__file__).resolve().parent.parent / "analysis" / "fixtures" / "optimal_K-3-2.json"
    shutil.copyfile(fixture, sheet_file(folder))
    ready = client.get(f"{url}/par-sheet", headers=admin).json["optimal_strategy"]
    assert (ready["status"], ready["blocks_built"]) == ("ready", 68)
    assert ready["main"]["house_edge"] == pytest.approx(0.01172720918841754, rel=1e-12)
    assert ready["house_way_main_house_edge"] == sheet.json["main"]["house_edge"]
    assert ready["exact"] == json.loads(fixture.read_text())["exact"]
    assert (
        as_json(ParSheetSchema().dump({**sheet.json, "optimal_strategy": ready}))["optimal_strategy"] == ready
    )


def test_the_health_checks_answer_as_built(client):
    assert client.get("/healthz").json == HealthSchema().dump({"status": "ok"}) == {"status": "ok"}
    assert client.get("/readyz").json == {"status": "ready"}
