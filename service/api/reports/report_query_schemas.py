"""Schemas of what a report query may ask, and of the investigation notes
written on a report's hold variance."""

from __future__ import annotations

from datetime import date
from typing import Any, NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.reports.hold import MAX_CONFIDENCE, MIN_CONFIDENCE
from service.reports.periods import PERIODS
from service.reports.table_reports import DEFAULT_CONFIDENCE
from service.reports.variance_notes import MAX_NOTE, CurrentNoteJson, VarianceNoteJson
from service.rounds.aggregates import BETS
from service.tables.gaming_day import MAX_SHIFTS

PERIOD_HELP = "shift, day (gaming day), mtd (month to date) or ytd (year to date)"
DAY_HELP = "the gaming day reported on (the last of mtd/ytd); default: the current gaming day"


class _PeriodQuery(StrictSchema):
    period = fields.String(
        load_default="day", validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    day = fields.Date(metadata={"description": DAY_HELP})
    shift = api_fields.bounded(1, MAX_SHIFTS, "required for period=shift")


class _ConfidenceQuery(_PeriodQuery):
    confidence = fields.Float(
        load_default=DEFAULT_CONFIDENCE,
        validate=validate.Range(min=MIN_CONFIDENCE, max=MAX_CONFIDENCE, min_inclusive=False),
        metadata={"description": "of the interval around the theoretical win (default 0.95)"},
    )


class PeriodQueryJson(TypedDict):
    period: str
    day: NotRequired[date]
    shift: NotRequired[int]


class TableReportQueryJson(PeriodQueryJson):
    confidence: float


class TableReportQuerySchema(_ConfidenceQuery):
    pass


class FloorReportQuerySchema(_ConfidenceQuery):
    tables = fields.String(metadata={"description": "table ids separated by commas; default every table"})


class FloorReportQueryJson(TableReportQueryJson):
    tables: NotRequired[str]


class DealerReportQuerySchema(_PeriodQuery):
    table = api_fields.record_id("one table; default the floor")


class DealerReportQueryJson(PeriodQueryJson):
    table: NotRequired[int]


class VarianceNoteInSchema(StrictSchema):
    table_id = api_fields.record_id("omit for the floor")
    period = api_fields.choice(PERIODS, PERIOD_HELP)
    day = fields.Date(required=True, metadata={"description": "the gaming day of the report noted"})
    shift = api_fields.bounded(1, MAX_SHIFTS, "required for period=shift")
    bet = fields.String(required=True, validate=validate.OneOf(BETS))
    note = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NOTE))


class VarianceNoteInJson(TypedDict):
    table_id: NotRequired[int]
    period: str
    day: date
    shift: NotRequired[int]
    bet: str
    note: str


def _note_fields() -> dict[str, fields.Field[Any]]:
    """A note's period and bet, choices of PERIODS and BETS (text in its
    type): made anew for each schema."""
    return {
        "period": api_fields.choice(PERIODS, PERIOD_HELP),
        "bet": api_fields.choice(BETS, "the bet whose line is noted"),
    }


VarianceNoteSchema = answer(VarianceNoteJson, "VarianceNoteSchema", **_note_fields())


CurrentNoteSchema = answer(CurrentNoteJson, "CurrentNoteSchema", **_note_fields())
