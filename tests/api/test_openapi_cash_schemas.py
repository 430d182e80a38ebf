"""The OpenAPI document describes the transaction log's entries and the
report days field by field (no free-form object), and each schema dumps
every field of the typed value the service builds, and nothing else (no
identification can slip in)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from service.api.cash.cash_log_schemas import CashLogEntrySchema, ReportDaySchema
from service.config.currency import Currency
from service.players.cash_log import LogEntryJson, ReportDayJson
from tests.support.openapi import document, free_form_objects, undescribed

SHAPES = ("CashLogEntry", "ReportDay", "UnknownPatronIn", "Currency")
MOMENT = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)
YEN = Currency("JPY", 0)


def test_every_field_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []


def test_the_schemas_dump_exactly_the_typed_values():
    entry: LogEntryJson = {
        "id": 3,
        "table_id": 1,
        "table_name": "BP-1",
        "gaming_day": date(2026, 12, 7),
        "currency": YEN.json(),
        "amount": 5_000,
        "club_number": None,
        "name": None,
        "buy_in_id": None,
        "description": "unknown, red cap",
        "recorded_by": "pit_boss",
        "at": MOMENT,
    }
    listed: ReportDayJson = {
        "id": 2,
        "club_number": "C1001",
        "name": "Ann Lee",
        "gaming_day": date(2026, 12, 7),
        "currency": YEN.json(),
        "cash_in": 10_001,
        "buy_in_id": 9,
        "listed_at": MOMENT,
    }
    for schema, value in ((CashLogEntrySchema(), entry), (ReportDaySchema(), listed)):
        assert set(schema.fields) == set(value)
        shown = schema.dump(value)
        assert shown["currency"] == {"code": "JPY", "minor_unit": 0}
        assert (shown["gaming_day"], shown[next(name for name in shown if name.endswith("at"))]) == (
            "2026-12-07",
            "2026-12-07T09:30:00+00:00",
        )
    assert CashLogEntrySchema().dump(entry)["club_number"] is None
