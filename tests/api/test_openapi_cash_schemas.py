"""The OpenAPI document describes the transaction log's entries and the
report days field by field (no free-form object), and each schema dumps
every field of the typed value the service builds, and nothing else (no
identification can slip in)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime

from service.api.cash.cash_log_schemas import CashLogEntrySchema, ReportDaySchema
from service.config.currency import Currency
from service.players.cash_log import LogEntryValue, ReportDayValue
from tests.support.openapi import document, free_form_objects, undescribed

SHAPES = ("CashLogEntry", "ReportDay", "UnknownPatronIn", "Currency")
MOMENT = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)
YEN = Currency("JPY", 0)


def test_every_field_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []


def test_the_schemas_dump_exactly_the_typed_values():
    entry = LogEntryValue(
        3, 1, "BP-1", date(2026, 12, 7), YEN, 5_000, None, None, None, "unknown, red cap", "pit_boss", MOMENT
    )
    listed = ReportDayValue(2, "C1001", "Ann Lee", date(2026, 12, 7), YEN, 10_001, 9, MOMENT)
    for schema, value in ((CashLogEntrySchema(), entry), (ReportDaySchema(), listed)):
        assert set(schema.fields) == {field.name for field in dataclasses.fields(value)}
        shown = schema.dump(value)
        assert shown["currency"] == {"code": "JPY", "minor_unit": 0}
        assert (shown["gaming_day"], shown[next(name for name in shown if name.endswith("at"))]) == (
            "2026-12-07",
            "2026-12-07T09:30:00+00:00",
        )
    assert CashLogEntrySchema().dump(entry)["club_number"] is None
