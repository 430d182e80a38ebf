"""The OpenAPI document describes a report's expected win from the hands
dealt field by field, its schema declares exactly its TypedDict, and it
dumps exactly what the service returns once values are stored: each
rounded figure beside its exact value, the band in whole minor units."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.api.reports.expected_win_schemas import ExpectedWinSchema
from service.reports.expected_win import ExpectedWinJson
from service.reports.periods import floor_scope, table_scope
from service.reports.table_reports import report
from service.rounds.expected_values import expect_round
from service.store.work import unit_of_work
from tests.api.test_openapi_report_schemas import disagreements
from tests.support.app import databases, sign_in
from tests.support.openapi import as_json, component, document, free_form_objects, undescribed
from tests.support.rounds_data import SEATS, enter
from tests.support.strategy import strategy_blocks


def test_every_field_of_the_expected_win_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, ("ExpectedWin",)) == []
    assert free_form_objects(components, ("ExpectedWin",)) == []
    assert component(components, "Report", "expected_win") == components["ExpectedWin"]
    main = component(components, "ExpectedBets", "main")
    assert {main["properties"]["expected_win"]["type"], main["properties"]["expected_win_exact"]["type"]} == {
        "integer",
        "string",
    }
    band = component(components, "ExpectedBet", "band")["properties"]
    assert {band["low"]["type"], band["high"]["type"]} == {"integer"}
    assert main["properties"]["narrower"]["enum"][:2] == ["hands_dealt", "par_sheet"]
    assert "upper bound" in main["properties"]["sd_bound"]["description"]


def test_the_schema_declares_its_typed_value():
    assert disagreements(ExpectedWinSchema(), [ExpectedWinJson], "ExpectedWinSchema") == []


@pytest.mark.store
def test_the_schema_dumps_exactly_what_the_service_returns(app, client, table):
    instance = app.extensions["breakpoker"]["settings"].instance
    strategy_blocks(instance, SEATS.values())
    dealer = sign_in(client, "dealer")
    entered = [enter(client, dealer, table, name)["id"] for name in ("r1", "r2")]
    with unit_of_work(databases(app)) as db:
        for round_id in entered:
            expect_round(db, round_id, instance)
    with databases(app)() as db:
        for scope in (table_scope(db, table["id"]), floor_scope(db)):
            whole = report(db, instance, scope, "day", None, None)
            got = whole["expected_win"]
            assert got["seats_with_values"] == 2 * len(SEATS)
            main = got["bets"]["main"]
            assert abs(Fraction(main["expected_win_exact"]) - main["expected_win"]) <= Fraction(1, 2)
            assert main["par_sheet_sd"] == whole["bets"]["main"]["theoretical_win_sd"]
            assert ExpectedWinSchema().dump(got) == as_json(got)
