"""An answer's schema derived from the service's described TypedDict
(service/api/http/answers.py): what it derives, what it refuses, and that
the API's derived schemas are the ones its document names."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum
from typing import Annotated, Literal, TypedDict

import pytest
from marshmallow import fields

from service.api.http import answers
from service.api.http import fields as api_fields
from service.api.http.answers import UndescribedField, answer, schema_of


class LegJson(TypedDict):
    seat: Annotated[int, "the seat"]
    cards: Annotated[list[str], "its cards"]


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class WhenJson(TypedDict):
    at: Annotated[datetime, "when, UTC"]
    day: Annotated[date | None, "the gaming day; null: none"]
    colour: Annotated[Colour, "its colour"]
    side: Annotated[Literal["left", "right"], "which side"]


class TripJson(TypedDict):
    name: Annotated[str, "who"]
    paid: Annotated[int | None, "minor units; null: unpaid"]
    rate: Annotated[float, "a share"]
    done: Annotated[bool, "whether it ended"]
    legs: Annotated[list[LegJson], "each leg"]
    last: Annotated[LegJson | None, "the newest leg; null: none"]
    seats: Annotated[list[int], "the seats"]
    kind: str


@pytest.fixture
def own_registry(monkeypatch):
    """The test's values registered apart from the API's."""
    monkeypatch.setattr(answers, "_SCHEMAS", {})
    # The API's modules register into the API's registry, not this one.
    monkeypatch.setattr(answers, "_import_schema_modules", lambda: None)


def test_each_key_is_a_described_field_of_its_type_and_nullness(own_registry):
    answer(LegJson, "LegSchema")
    schema = answer(TripJson, "TripSchema", kind=api_fields.choice(["a", "b"], "the kind"))
    declared = schema._declared_fields
    assert list(declared) == ["name", "paid", "rate", "done", "legs", "last", "seats", "kind"]
    assert [type(declared[key]) for key in ("name", "paid", "rate", "done")] == [
        fields.String,
        fields.Integer,
        fields.Float,
        fields.Boolean,
    ]
    assert declared["paid"].allow_none
    assert not declared["name"].allow_none
    assert all(field.required for field in declared.values())
    assert declared["rate"].metadata == {"description": "a share"}
    assert declared["kind"].metadata == {"description": "the kind"}
    row = {"seat": 3, "cards": ["As", "JK"]}
    trip = {"name": "x", "paid": None, "rate": 0.5, "done": True, "legs": [row], "last": row, "seats": [1]}
    assert schema().dump({**trip, "kind": "a"}) == {**trip, "kind": "a"}


def test_instants_dates_enums_and_literals_are_derived(own_registry):
    declared = answer(WhenJson, "WhenSchema")._declared_fields
    assert type(declared["at"]) is fields.DateTime
    assert type(declared["day"]) is fields.Date
    assert declared["day"].allow_none
    assert declared["colour"].enum is Colour
    assert declared["colour"].by_value
    assert "right" in declared["side"].validators[0].choices
    at, day = datetime(2026, 12, 7, 13, 0), date(2026, 12, 6)
    value = {"at": at, "day": day, "colour": Colour.RED, "side": "left"}
    assert schema_of(WhenJson)().dump(value) == {
        "at": "2026-12-07T13:00:00",
        "day": "2026-12-06",
        "colour": "red",
        "side": "left",
    }


def test_a_nested_value_takes_the_schema_made_of_it(own_registry):
    leg = answer(LegJson, "LegSchema")
    trip = answer(TripJson, "TripSchema", kind=api_fields.text("the kind"))
    assert type(trip._declared_fields["last"].schema) is leg
    assert type(trip._declared_fields["legs"].inner.schema) is leg
    assert schema_of(LegJson) is leg


def test_a_key_without_a_description_must_be_given(own_registry):
    with pytest.raises(UndescribedField, match=r"TripJson\.kind has no description"):
        answer(TripJson, "TripSchema")


def test_a_key_of_a_type_it_cannot_say_must_be_given(own_registry):
    class OddJson(TypedDict):
        parts: Annotated[dict[str, int], "by name"]

    with pytest.raises(UndescribedField, match=r"OddJson\.parts: no field for"):
        answer(OddJson, "OddSchema")


def test_a_given_field_must_be_a_key(own_registry):
    with pytest.raises(UndescribedField, match=r"\['seet'\] are not keys of LegJson"):
        answer(LegJson, "LegSchema", seet=api_fields.integer("typo"))


def test_a_value_has_one_schema(own_registry):
    answer(LegJson, "LegSchema")
    with pytest.raises(UndescribedField, match="LegJson has a schema already: LegSchema"):
        answer(LegJson, "OtherLegSchema")


def test_a_value_nobody_made_a_schema_of_is_said_so(own_registry):
    with pytest.raises(UndescribedField, match="no answer schema of LegJson"):
        schema_of(LegJson)


def test_the_api_answers_with_the_derived_schemas(client):
    """The document's components are the derived schemas, named as before."""
    from service.reports.dealer_shifts import DealerShiftJson

    components = client.get("/api/v1/openapi.json").json["components"]["schemas"]
    shift = components["DealerShift"]["properties"]
    assert schema_of(DealerShiftJson).__name__ == "DealerShiftSchema"
    assert shift["tables"]["items"] == {"$ref": "#/components/schemas/DealerTable"}
    assert shift["rounds_per_hour"] == {
        "type": "integer",
        "nullable": True,
        "description": "rounds per hour signed in, halves to even; null without time signed in",
    }
