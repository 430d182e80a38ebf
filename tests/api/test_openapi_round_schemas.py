"""The OpenAPI document describes a round, its seats and its settlement
field by field (no free-form objects), and the schemas that describe them
answer with exactly what the service shows."""

from __future__ import annotations

import random

from sqlalchemy import select

from service.api.reports.report_schemas import DealerReportSchema, ReportSchema
from service.api.review.exception_schemas import ChangesSchema, ExceptionSchema, RecallSchema
from service.api.rounds.round_schemas import RoundPageSchema, RoundPreviewSchema, RoundSchema
from service.engine.settlement import MainReason
from service.review.exception_json import exception_json
from service.rounds.preview import preview_round
from service.rounds.recall import recall, recall_json
from service.rounds.samples import random_round
from service.rounds.showing import list_rounds, round_json, round_page
from service.store.models import GameTable, RoundException, RoundRecord
from service.store.paging import Order
from tests.support.app import databases, sign_in
from tests.support.openapi import (
    as_json,
    component,
    document,
    free_form_dicts,
    free_form_objects,
    reachable,
    refs,
    undescribed,
    untyped,
)
from tests.support.rounds_data import correct, enter, round_body, void_approved

#: Where a round's shape starts in the document.
ROUND_SHAPES = ("Round", "RoundPreview", "Exception", "Recall", "RoundPage")


def test_a_seat_is_described_field_by_field(client):
    components = document(client)
    seat = component(components, "Round", "seats")
    assert set(seat["properties"]) == {
        "seat",
        "cards",
        "setting_entered",
        "bets",
        "low",
        "high",
        "fouled",
        "lucky_break",
        "main",
        "dealer_break_bonus",
        "break_bonus",
        "house_way",
    }
    assert set(seat["required"]) == set(seat["properties"])
    assert seat["properties"]["cards"]["maxItems"] == seat["properties"]["cards"]["minItems"] == 7
    assert set(component(components, "RoundSeat", "bets")["properties"]) == {
        "main",
        "dealer_break_bonus",
        "break_bonus",
    }
    assert set(component(components, "RoundSeat", "house_way")["properties"]) == {
        "low",
        "high",
        "rule",
        "explanation",
    }


def test_each_bet_s_result_names_its_outcomes(client):
    components = document(client)
    main = component(components, "RoundSeat", "main")
    assert set(main["properties"]) == {"outcome", "net", "reason"}
    assert main["properties"]["outcome"]["enum"] == ["win", "lose", "push", "none"]
    assert main["properties"]["reason"]["enum"] == [reason.value for reason in MainReason]
    for side_bet in ("dealer_break_bonus", "break_bonus"):
        outcome = component(components, "RoundSeat", side_bet)["properties"]["outcome"]
        assert outcome["enum"] == ["win", "lose", "none"]  # a side bet never pushes
    category = component(components, "RoundSeat", "break_bonus")["properties"]["category"]
    assert category["nullable"] is True
    assert "five_aces" in category["enum"]


def test_the_dealer_and_the_round_are_described(client):
    components = document(client)
    dealer = component(components, "Round", "dealer")
    assert set(dealer["properties"]) == {
        "cards",
        "low",
        "high",
        "rule",
        "qualifies",
        "lucky_break",
        "explanation",
    }
    assert dealer["properties"]["rule"]["enum"] == [1, 2, 3, 4, 5, 6, 7]
    exception = component(components, "Round", "exceptions")
    assert exception["properties"]["state"]["enum"] == ["pending", "approved", "rejected"]
    assert refs(components["Round"]["properties"]["current"]) == ["Round"]
    preview_seat = component(components, "RoundPreview", "seats")
    assert {"net", "foul", "cards", "main"} <= set(preview_seat["properties"])
    changes = component(components, "Exception", "changes")
    assert set(changes["properties"]) == {"fields", "seats", "house_net"}
    corrected = component(components, "Exception", "corrected")
    assert set(corrected["properties"]) == {"round_id", "dealer", "seats"}


def test_every_field_of_a_round_says_what_it_is(client):
    components = document(client)
    missing = undescribed(components, ROUND_SHAPES)
    assert missing == [], missing


def test_no_free_form_object_is_left_in_a_round(client):
    components = document(client)
    assert free_form_objects(components, (*ROUND_SHAPES, "Report", "DealerReport")) == []


def test_no_field_of_a_round_is_left_untyped(client):
    components = document(client)
    found = sorted(
        f"{name}.{field}"
        for name in reachable(components, ROUND_SHAPES)
        for field, prop in components[name].get("properties", {}).items()
        # A round as sent (RoundSeatIn, in a correction) is read by the
        # engine's rules, not by its schema: input, not a shape answered.
        if untyped(prop) and not name.endswith("In")
    )
    assert found == []


def test_a_field_of_several_shapes_names_each(client):
    components = document(client)
    own = {"$ref": "#/components/schemas/OwnSetting"}
    house_way = {"type": "string", "enum": ["house_way"]}
    assert components["RoundSeat"]["properties"]["setting_entered"]["oneOf"] == [house_way, own]
    assert set(components["OwnSetting"]["properties"]) == {"low", "high"}
    assert set(components["OwnSetting"]["required"]) == {"low", "high"}
    for name in ("Round", "CorrectedRound", "CorrectionRound"):
        shapes = components[name]["properties"]["round_id"]["oneOf"]
        assert shapes == [{"type": "string"}, {"type": "integer"}], name
    for side in ("before", "after"):
        prop = components["FieldChange"]["properties"][side]
        assert prop["nullable"] is True
        assert [shape.get("type") for shape in prop["oneOf"]] == ["array", "string", None, "integer"]
        assert own in prop["oneOf"]
        assert house_way in prop["oneOf"]


def test_a_page_of_rounds_is_described(client):
    page = document(client)["RoundPage"]
    assert set(page["required"]) == set(page["properties"]) == {"items", "total", "page", "per_page", "order"}


def test_no_marshmallow_dict_blob_is_left_in_the_answers():
    for schema in (
        RoundSchema(),
        RoundPageSchema(),
        RoundPreviewSchema(),
        RecallSchema(),
        ExceptionSchema(),
        ReportSchema(),
        DealerReportSchema(),
    ):
        assert free_form_dicts(schema) == [], type(schema).__name__


def test_the_schemas_answer_exactly_what_the_service_shows(app, client, as_role, table):
    dealer, boss, boss2 = as_role["dealer"], as_role["pit_boss"], sign_in(client, "pit_boss2")
    voided = enter(client, dealer, table, "v1")
    void_approved(client, boss, boss2, voided["id"])
    game = enter(client, dealer, table, "c1")
    fixed = round_body("c1")
    fixed["seats"][0]["bets"]["main"] = 2000
    corrected = correct(client, boss, boss2, game["id"], fixed)
    fouled = round_body("p1")
    fouled["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    previewed = client.post(f"/api/v1/tables/{table['id']}/rounds/preview", json=fouled, headers=dealer)
    recalled = client.get(f"/api/v1/tables/{table['id']}/recall", headers=boss)
    with databases(app)() as db:
        for record_id in (voided["id"], game["id"], corrected["id"]):
            shown = client.get(f"/api/v1/rounds/{record_id}", headers=boss).json
            assert shown == as_json(round_json(db.get_one(RoundRecord, record_id)))
        stored = db.get_one(GameTable, table["id"])
        assert previewed.json == as_json(preview_round(db, stored, fouled, sessionless=True))
        assert recalled.json["games"] == as_json(recall(db, stored, 10))
    assert recalled.json["games"][1]["current"]["id"] == corrected["id"]
    assert previewed.json["seats"][1]["foul"] is not None


def test_the_schemas_dump_exactly_the_typed_values(app, client, as_role, table):
    """Each output schema dumps the service's typed value unchanged: no key
    dropped (a schema missing a field), none renamed or converted."""
    dealer, boss, boss2 = as_role["dealer"], as_role["pit_boss"], sign_in(client, "pit_boss2")
    entered = enter(client, dealer, table, "d1")
    fixed = round_body("d1")
    fixed["seats"][2]["setting"] = {"low": ["8d", "6s"], "high": ["Qc", "Kc", "Ad"]}
    fixed["seats"][0]["bets"]["break_bonus"] = 0
    corrected = correct(client, boss, boss2, entered["id"], fixed)
    with databases(app)() as db:
        stored = db.get_one(GameTable, table["id"])
        for record_id in (entered["id"], corrected["id"]):
            shown = round_json(db.get_one(RoundRecord, record_id))
            assert RoundSchema().dump(shown) == as_json(shown)
        recalled = recall_json(db, stored, 10)
        assert RecallSchema().dump(recalled) == as_json(recalled)
        numbered = list_rounds(db, stored, None, None, None, 1, 50)
        page = round_page(db, numbered.items, numbered.total, 1, 50, Order.OLDEST)
        assert RoundPageSchema().dump(page) == as_json(page)
        assert client.get(f"/api/v1/tables/{table['id']}/rounds", headers=boss).json == as_json(page)
        exception = db.scalars(select(RoundException)).one()
        answer = exception_json(db, exception, table["id"])
        assert ExceptionSchema().dump(answer) == as_json(answer)
        changes = answer["changes"]
        assert changes is not None
        assert ChangesSchema().dump(changes) == as_json(changes)
        assert {change["field"] for change in changes["fields"]} == {
            "seats.1.bets.break_bonus",
            "seats.3.setting",
        }


def test_a_round_entered_is_answered_as_its_schema_would_dump_it(client, as_role, table):
    """The answer to a round entered skips the schema's dump (it copies the
    typed value unchanged, at a tenth of a round's CPU): random rounds of
    every size answer exactly what the schema dumps, and what reading the
    round back (dumped by the schema) shows."""
    rng = random.Random(22)
    path = f"/api/v1/tables/{table['id']}/rounds"
    for number in range(40):
        body = random_round(rng, f"s{number}", seats=1 + number % 6)
        headers = {**as_role["dealer"], "Idempotency-Key": body["round_id"]}
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 201, answer.json
        assert RoundSchema().dump(answer.json) == answer.json
        shown = client.get(f"/api/v1/rounds/{answer.json['id']}", headers=as_role["pit_boss"]).json
        assert shown == answer.json
        replayed = client.post(path, json=body, headers=headers)
        assert (replayed.status_code, replayed.json) == (200, answer.json)
