"""The reports return exactly the typed values they declare: every key of
each TypedDict and no other, each value of its type (whole minor units as
int, a hold as float), the bets keyed by BetType in its order."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from service.reports.dealer_lines import DealerLineJson
from service.reports.periods import FloorScopeJson, TableScopeJson, floor_scope, table_scope
from service.reports.report_values import DealerReportJson, ReportJson
from service.reports.table_reports import dealer_report, report
from service.reports.variance_notes import VarianceNoteJson, note_json
from service.store.models import User, VarianceNote
from tests.support.app import databases
from tests.support.reports_data import mismatches, noted_day

pytestmark = pytest.mark.store


@pytest.fixture
def app(app_with_par_sheet):
    """The default rules' par sheet cached: the theoretical figures are there."""
    return app_with_par_sheet


def test_the_check_finds_what_a_typed_dict_does_not_declare():
    line = {
        "dealer_id": 1,
        "name": "dealer",
        "rounds": 1,
        "seats": 3,
        "fouls": 0,
        "bets": {},
        "handle": 1.5,
        "win": True,
        "voids": 0,
        "corrections": 0,
        "pending_voids": 0,
        "extra": 0,
    }
    assert mismatches(line, DealerLineJson) == [
        "$: keys ['extra', 'pending_corrections'] (DealerLineJson)",
        "$.bets: keys [], not every BetType in order",
        "$.handle: 1.5 is not int",
        "$.win: True is not int",
    ]


def test_a_report_is_exactly_its_typed_value(app, client, as_role, table):
    day = date.fromisoformat(noted_day(app, client, as_role, table))
    instance = app.extensions["breakpoker"]["settings"].instance
    with databases(app)() as db:
        for scope, scope_type in (
            (table_scope(db, table["id"]), TableScopeJson),
            (floor_scope(db), FloorScopeJson),
        ):
            got = report(db, instance, scope, "day", day, None)
            assert mismatches(got, ReportJson) == []
            assert mismatches(got["scope"], scope_type) == []
            assert got["theoretical_pending"] is False
            assert got["bets"]["main"]["hold_interval"] is not None
            dealers = dealer_report(db, scope, "day", day, None)
            assert mismatches(dealers, DealerReportJson) == []
            assert dealers["dealers"] == got["dealers"] != []
        (dealer,) = got["dealers"]
        assert (dealer["voids"], dealer["pending_voids"]) == (1, 1)
        notes = db.execute(select(VarianceNote, User.name).join(User, User.id == VarianceNote.written_by))
        for note, writer in notes:
            assert mismatches(note_json(note, writer), VarianceNoteJson) == []
        current = report(db, instance, table_scope(db, table["id"]), "day", day, None)
        assert current["bets"]["main"]["note"]["earlier_notes"] == 1
