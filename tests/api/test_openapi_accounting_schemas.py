"""The OpenAPI document describes the table accounting field by field: a
count names each denomination it may hold, and the schemas answer with
what the service builds."""

from __future__ import annotations

from service.accounting.check import CheckStatus
from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.slip_states import SlipKind, SlipState
from service.api.accounting.accounting_record_schemas import DropCountSchema, SessionDetailSchema, SlipSchema
from tests.support.openapi import component, document, free_form_objects, undescribed

SHAPES = ("SessionDetail", "Session", "Slip", "DropCount", "OpenIn", "CloseIn", "SlipIn", "DropIn")


def test_every_field_of_the_accounting_shapes_says_what_it_is(client):
    missing = undescribed(document(client), SHAPES)
    assert missing == [], missing


def test_no_count_is_a_free_form_object(client):
    assert free_form_objects(document(client), SHAPES) == []


def test_a_count_names_each_denomination_as_whole_minor_units(client):
    components = document(client)
    for owner, denominations in (
        ("OpenIn", CHIPS),
        ("Slip", CHIPS),
        ("DropIn", CURRENCY),
        ("DropCount", CURRENCY),
    ):
        lines = components[owner]["properties"]["lines"]
        assert list(lines["properties"]) == [str(value) for value in denominations], owner
        for value, prop in lines["properties"].items():
            assert prop["type"] == "integer"
            assert prop["multipleOf"] == int(value)


def test_states_and_kinds_are_their_enums(client):
    components = document(client)
    assert components["Slip"]["properties"]["state"]["enum"] == list(SlipState)
    assert components["Slip"]["properties"]["kind"]["enum"] == list(SlipKind)
    assert component(components, "Session", "check")["properties"]["status"]["enum"] == list(CheckStatus)


def test_the_answers_declare_every_key_the_service_builds():
    from service.accounting.timeline import TimelineEntryJson
    from service.accounting.views import CheckJson, DropCountJson, FiguresJson, SessionJson, SlipJson

    detail = SessionDetailSchema()
    assert set(SessionJson.__annotations__) | {"slips", "drop_counts", "timeline"} == set(detail.fields)
    assert set(SlipJson.__annotations__) == set(SlipSchema().fields)
    assert set(DropCountJson.__annotations__) == set(DropCountSchema().fields)
    assert set(FiguresJson.__annotations__) == set(detail.fields["figures"].schema.fields)
    assert set(CheckJson.__annotations__) == set(detail.fields["check"].schema.fields)
    assert set(TimelineEntryJson.__annotations__) == set(detail.fields["timeline"].inner.schema.fields)
