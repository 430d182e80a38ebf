"""A table's currency (issue 21): taken at creation, shown with the table,
fixed after, and the reports never add amounts of two currencies."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from service.api.reports.report_schemas import ReportSchema
from service.store.models import AuditEvent
from tests.support.app import databases
from tests.support.openapi import as_json
from tests.support.reports_data import count_directly
from tests.support.rounds_data import enter


def make(client, as_role, name, **body):
    return client.post("/api/v1/tables", json={"name": name, **body}, headers=as_role["admin"])


def test_a_table_takes_its_currency_and_an_unknown_code_names_the_field(app, client, as_role, table):
    assert table["currency"] == {"code": "USD", "minor_unit": 2}  # the setting's default
    yen = make(client, as_role, "BP-JP", currency="JPY")
    assert yen.status_code == 201, yen.json
    assert yen.json["currency"] == {"code": "JPY", "minor_unit": 0}
    assert client.get(f"/api/v1/tables/{yen.json['id']}", headers=as_role["dealer"]).json["currency"] == {
        "code": "JPY",
        "minor_unit": 0,
    }
    for code in ("YEN", "jpy", ""):
        refused = make(client, as_role, "BP-X", currency=code)
        assert refused.status_code == 422, refused.json
        assert refused.json["field"] == "currency"
    assert [each["name"] for each in client.get("/api/v1/tables", headers=as_role["admin"]).json] == [
        "BP-1",
        "BP-JP",
    ]  # nothing half-written
    with databases(app)() as db:
        created = db.scalars(select(AuditEvent).where(AuditEvent.kind == "table_created")).all()
        assert [event.payload["currency"] for event in created] == [
            {"code": "USD", "minor_unit": 2},
            {"code": "JPY", "minor_unit": 0},
        ]


@pytest.mark.store
def test_a_tables_currency_is_never_changed_even_by_sql(app, client, as_role, table):
    make(client, as_role, "BP-JP", currency="JPY")
    with databases(app)() as db:
        # Fixed: the rows are append-only, whoever writes to the database.
        changes = (
            "UPDATE table_currencies SET code = 'USD'",
            "UPDATE table_currencies SET minor_unit = 2",
            "DELETE FROM table_currencies",
        )
        for change in changes:
            with pytest.raises(DBAPIError, match=r"table_currencies|currency of a table is fixed"):
                db.execute(text(change))
            db.rollback()
        rows = db.execute(text("SELECT code, minor_unit FROM table_currencies ORDER BY table_id"))
        assert [tuple(row) for row in rows] == [("USD", 2), ("JPY", 0)]


def test_a_floor_of_two_currencies_is_reported_a_currency_at_a_time(app, client, as_role, table):
    yen = make(client, as_role, "BP-JP", currency="JPY").json
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    enter(client, dealer, table, "u1")
    enter(client, dealer, yen, "y1")
    enter(client, dealer, yen, "y2")
    count_directly(app)
    one = client.get(f"/api/v1/reports/tables/{yen['id']}", headers=boss).json
    assert one["currency"] == {"code": "JPY", "minor_unit": 0}
    assert one["by_currency"] == []
    usd = client.get(f"/api/v1/reports/tables/{table['id']}", headers=boss).json
    floor = client.get("/api/v1/reports/floor", headers=boss)
    assert floor.status_code == 200, floor.json
    floor = floor.json
    assert floor["currency"] is None
    assert {floor[name] for name in ("bets", "totals", "dealers", "chips", "expected_win")} == {None}
    assert floor["rounds"] == 3  # counts add up across currencies
    parts = floor["by_currency"]
    assert [part["currency"]["code"] for part in parts] == ["JPY", "USD"]
    assert [part["report"]["rounds"] for part in parts] == [2, 1]
    assert parts[0]["report"]["totals"]["handle"] == one["totals"]["handle"]
    assert parts[1]["report"]["totals"] == usd["totals"]
    assert ReportSchema().dump(floor) == as_json(floor)
    only_usd = client.get(f"/api/v1/reports/floor?tables={table['id']}", headers=boss).json
    assert only_usd["currency"]["code"] == "USD"
    assert only_usd["totals"] == usd["totals"]
    dealers = client.get("/api/v1/reports/dealers", headers=boss)
    assert dealers.status_code == 422
    assert dealers.json["field"] == "tables"
    assert (
        client.get(f"/api/v1/reports/dealers?table={yen['id']}", headers=boss).json["currency"]["code"]
        == "JPY"
    )
