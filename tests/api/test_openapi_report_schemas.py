"""The OpenAPI document describes a report, its dealers' lines and a
variance note field by field, each schema declares exactly its TypedDict
(keys, required, null, type), and dumps exactly what the service returns.
The free-form checks of tests/api/test_openapi_round_schemas.py cover the
reports too; these add what a report's figures are."""

from __future__ import annotations

import operator
import types
from datetime import date
from enum import StrEnum
from functools import reduce
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from marshmallow import Schema, fields, validate
from sqlalchemy import select

from service.api.reports.rated_play_schemas import RatedPlaySchema
from service.api.reports.report_query_schemas import VarianceNoteSchema
from service.api.reports.report_schemas import DealerReportSchema, ReportSchema
from service.reports.periods import floor_scope, table_scope
from service.reports.rated_play import RatedPlayJson, rated_play_report
from service.reports.report_values import (
    BetLineJson,
    ByCurrencyReportJson,
    DealerReportJson,
    ReportJson,
    WinIntervalJson,
)
from service.reports.table_reports import dealer_report, report
from service.reports.variance_notes import VarianceNoteJson, note_json
from service.store.models import User, VarianceNote
from tests.support.app import databases
from tests.support.openapi import as_json, component, document, reachable, refs, undescribed
from tests.support.reports_data import noted_day

REPORT_SHAPES = ("Report", "DealerReport", "VarianceNote", "RatedPlay")
PAIRS = (
    (RatedPlaySchema, (RatedPlayJson,)),
    (ReportSchema, (ReportJson, ByCurrencyReportJson)),  # one currency, or a floor of several
    (DealerReportSchema, (DealerReportJson,)),
    (VarianceNoteSchema, (VarianceNoteJson,)),
)
FIGURES = {int: fields.Integer, float: fields.Float, str: fields.String, bool: fields.Boolean}


def report_properties(components):
    return [
        (f"{name}.{field}", prop)
        for name in sorted(reachable(components, REPORT_SHAPES))
        for field, prop in components[name].get("properties", {}).items()
    ]


def test_every_field_of_a_report_says_what_it_is(client):
    missing = undescribed(document(client), REPORT_SHAPES)
    assert missing == [], missing


def test_every_field_of_a_report_has_a_type(client):
    # A fields.Raw() is a property with no type at all.
    untyped = [
        name
        for name, prop in report_properties(document(client))
        for shape in (prop, *([prop["items"]] if "items" in prop else []))
        if "type" not in shape and not refs(shape)
    ]
    assert untyped == []


def test_the_intervals_are_whole_minor_units_and_fractions(client):
    components = document(client)
    win = component(components, "BetLine", "win_interval")["properties"]
    hold = component(components, "BetLine", "hold_interval")["properties"]
    assert {win["low"]["type"], win["high"]["type"]} == {"integer"}
    assert {hold["low"]["type"], hold["high"]["type"]} == {"number"}
    line = components["BetLine"]
    assert set(line["required"]) == set(line["properties"])
    assert component(components, "Report", "scope")["properties"]["kind"]["enum"] == ["table", "floor"]
    assert components["VarianceNote"]["properties"]["bet"]["enum"] == [
        "main",
        "dealer_break_bonus",
        "break_bonus",
    ]


def _options(hint: Any) -> list[Any]:
    return list(get_args(hint)) if get_origin(hint) in (Union, types.UnionType) else [hint]


def disagreements(schema: Schema, typed: list[Any], path: str) -> list[str]:
    """Where ``schema`` does not declare the TypedDicts (a union: a key some
    have is optional, and its type the union of theirs)."""
    hints = [get_type_hints(option) for option in typed]
    keys = set().union(*hints)
    always = set.intersection(*(set(each) for each in hints))
    found = [] if set(schema.fields) == keys else [f"{path}: fields {sorted(set(schema.fields) ^ keys)}"]
    required = {name for name, field in schema.fields.items() if field.required}
    if required != always:
        found.append(f"{path}: required {sorted(required ^ always)}")
    for name in sorted(keys & set(schema.fields)):
        hint = reduce(operator.or_, [each[name] for each in hints if name in each])
        found += field_disagreements(schema.fields[name], hint, f"{path}.{name}")
    return found


def field_disagreements(field: fields.Field, hint: Any, path: str) -> list[str]:
    options = _options(hint)
    rest = [option for option in options if option is not type(None)]
    found = [] if field.allow_none == (type(None) in options) else [f"{path}: allow_none {field.allow_none}"]
    if all(is_typeddict(option) for option in rest):
        if not isinstance(field, fields.Nested):
            return [*found, f"{path}: {type(field).__name__}, not Nested"]
        return found + disagreements(field.schema, rest, path)
    if all(get_origin(option) is Literal for option in rest):
        return found if type(field) is fields.String else [*found, f"{path}: not a String"]
    (one,) = rest
    if get_origin(one) is list:
        if not isinstance(field, fields.List):
            return [*found, f"{path}: not a List"]
        return found + field_disagreements(field.inner, get_args(one)[0], f"{path}[]")
    if get_origin(one) is dict:
        return found + _per_key_disagreements(field, *get_args(one), path)
    if isinstance(one, type) and issubclass(one, StrEnum):
        # A name of a StrEnum: a string that only takes its values.
        choices = [each.choices for each in field.validators if isinstance(each, validate.OneOf)]
        if type(field) is not fields.String or choices != [[member.value for member in one]]:
            return [*found, f"{path}: not a String of {one.__name__}'s values"]
        return found
    return (
        found
        if type(field) is FIGURES[one]
        else [*found, f"{path}: {type(field).__name__}, not {one.__name__}"]
    )


def _per_key_disagreements(field: fields.Field, keys: Any, values: Any, path: str) -> list[str]:
    if not isinstance(field, fields.Nested):
        return [f"{path}: {type(field).__name__}, not Nested"]
    inner = field.schema.fields
    found = [] if list(inner) == [key.value for key in keys] else [f"{path}: fields {list(inner)}"]
    for name, each in inner.items():
        found += [] if each.required else [f"{path}.{name}: not required"]
        found += field_disagreements(each, values, f"{path}.{name}")
    return found


@pytest.mark.parametrize(("schema", "typed"), PAIRS, ids=lambda value: getattr(value, "__name__", "typed"))
def test_each_schema_declares_its_typed_value(schema, typed):
    assert disagreements(schema(), list(typed), schema.__name__) == []


def test_the_check_finds_a_free_form_field():
    class Loose(Schema):
        low = fields.Raw(required=True)
        high = fields.Float(required=True)

    assert disagreements(Loose(), [WinIntervalJson], "Loose") == [
        "Loose.high: Float, not int",
        "Loose.low: Raw, not int",
    ]
    assert field_disagreements(fields.Dict(), BetLineJson | None, "line") == [
        "line: allow_none False",
        "line: Dict, not Nested",
    ]


@pytest.fixture
def app(app_with_par_sheet):
    """The default rules' par sheet cached: the theoretical figures are there."""
    return app_with_par_sheet


@pytest.mark.store
def test_the_report_schemas_dump_exactly_what_the_service_returns(app, client, as_role, table):
    day = date.fromisoformat(noted_day(app, client, as_role, table))
    instance = app.extensions["breakpoker"]["settings"].instance
    with databases(app)() as db:
        for scope in (table_scope(db, table["id"]), floor_scope(db)):
            got = report(db, instance, scope, "day", day, None)
            assert (got["bets"]["main"]["note"] is None) == (scope.table is None)  # a table's note
            assert got["bets"]["main"]["win_interval"] is not None
            assert ReportSchema().dump(got) == as_json(got)
            dealers = dealer_report(db, scope, "day", day, None)
            assert DealerReportSchema().dump(dealers) == as_json(dealers)
        rated = rated_play_report(db, floor_scope(db), "day", day, None)
        assert rated["tables"]  # the day's play, none of it rated
        assert RatedPlaySchema().dump(rated) == as_json(rated)
        for note, writer in db.execute(
            select(VarianceNote, User.name).join(User, User.id == VarianceNote.written_by)
        ):
            shown = note_json(note, writer)
            assert VarianceNoteSchema().dump(shown) == as_json(shown)
