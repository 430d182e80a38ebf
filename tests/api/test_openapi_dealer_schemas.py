"""The OpenAPI document describes the dealers' sessions and their shifts'
figures field by field, and the schemas answer with what the service
builds (each schema a TypedDict's keys, no more, no fewer)."""

from __future__ import annotations

from service.accounting.dealer_values import DealerSessionJson, SignOutReason
from service.api.accounting.dealer_schemas import (
    DealerSessionSchema,
    DealerShiftSchema,
    DealerShiftsSchema,
    DealerTableSchema,
    SessionCheckSchema,
    StintSchema,
)
from service.reports.dealer_shifts import DealerShiftJson, DealerShiftsJson, DealerTableJson, SessionCheckJson
from service.reports.dealer_time import StintJson
from tests.support.openapi import document, free_form_objects, undescribed

SHAPES = ("DealerSession", "SignedIn", "CurrentDealer", "DealerShifts")


def test_every_field_of_the_dealer_shapes_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []


def test_a_sign_out_reason_is_its_enum(client):
    reason = document(client)["DealerSession"]["properties"]["sign_out_reason"]
    assert reason["enum"] == [*SignOutReason, None]


def test_the_answers_declare_every_key_the_service_builds():
    for typed, schema in (
        (DealerSessionJson, DealerSessionSchema),
        (DealerShiftsJson, DealerShiftsSchema),
        (DealerShiftJson, DealerShiftSchema),
        (DealerTableJson, DealerTableSchema),
        (SessionCheckJson, SessionCheckSchema),
        (StintJson, StintSchema),
    ):
        assert set(typed.__annotations__) == set(schema().fields), schema
