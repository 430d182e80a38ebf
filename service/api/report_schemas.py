"""Schemas of the reports: what a query may ask, and every figure a report
answers with (so the OpenAPI document shows the whole shape)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.blueprint import MAX_ID
from service.api.schemas import StrictSchema, per_bet
from service.reports.hold import MAX_CONFIDENCE, MIN_CONFIDENCE
from service.reports.periods import PERIODS
from service.reports.table_reports import DEFAULT_CONFIDENCE
from service.reports.variance_notes import MAX_NOTE
from service.rounds.aggregates import BETS
from service.tables.gaming_day import MAX_SHIFTS

PERIOD_HELP = "shift, day (gaming day), mtd (month to date) or ytd (year to date)"
DAY_HELP = "the gaming day reported on (the last of mtd/ytd); default: the current gaming day"


def _shift() -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=1, max=MAX_SHIFTS), metadata={"description": "required for period=shift"}
    )


class _PeriodQuery(StrictSchema):
    period = fields.String(
        load_default="day", validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    day = fields.Date(metadata={"description": DAY_HELP})
    shift = _shift()


class _ConfidenceQuery(_PeriodQuery):
    confidence = fields.Float(
        load_default=DEFAULT_CONFIDENCE,
        validate=validate.Range(min=MIN_CONFIDENCE, max=MAX_CONFIDENCE, min_inclusive=False),
        metadata={"description": "of the interval around the theoretical win (default 0.95)"},
    )


class TableReportQuerySchema(_ConfidenceQuery):
    pass


class FloorReportQuerySchema(_ConfidenceQuery):
    tables = fields.String(metadata={"description": "table ids separated by commas; default every table"})


class DealerReportQuerySchema(_PeriodQuery):
    table = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={"description": "one table; default the floor"},
    )


class VarianceNoteInSchema(StrictSchema):
    table_id = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID), metadata={"description": "omit for the floor"}
    )
    period = fields.String(
        required=True, validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    day = fields.Date(required=True, metadata={"description": "the gaming day of the report noted"})
    shift = _shift()
    bet = fields.String(required=True, validate=validate.OneOf(BETS))
    note = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NOTE))


class VarianceNoteSchema(Schema):
    id = fields.Integer(required=True)
    table_id = fields.Integer(allow_none=True, metadata={"description": "null: the floor"})
    period = fields.String(required=True)
    period_key = fields.String(
        required=True, metadata={"description": "e.g. 2026-11-29/2, 2026-11-29, 2026-11"}
    )
    bet = fields.String(required=True)
    note = fields.String(required=True)
    written_by = fields.String(required=True)
    written_at = fields.String(required=True)


class CurrentNoteSchema(VarianceNoteSchema):
    earlier_notes = fields.Integer(required=True, metadata={"description": "notes this one follows"})


class _IntervalSchema(Schema):
    low = fields.Raw(required=True)
    high = fields.Raw(required=True)


class _HoldSchema(Schema):
    handle = fields.Integer(required=True)
    win = fields.Integer(required=True)
    hold = fields.Float(allow_none=True)


class BetLineSchema(_HoldSchema):
    bets = fields.Integer(required=True, metadata={"description": "bets placed (stake > 0)"})
    win = fields.Integer(required=True, metadata={"description": "house win, + when the house is ahead"})
    theoretical_hold = fields.Float(allow_none=True)
    theoretical_win = fields.Integer(allow_none=True, metadata={"description": "rounded to the minor unit"})
    theoretical_win_sd = fields.Float(allow_none=True)
    win_interval = fields.Nested(_IntervalSchema, allow_none=True, metadata={"description": "minor units"})
    hold_interval = fields.Nested(_IntervalSchema, allow_none=True)
    variance_flag = fields.Boolean(allow_none=True)
    note = fields.Nested(CurrentNoteSchema, allow_none=True)


class TotalsSchema(_HoldSchema):
    theoretical_win = fields.Integer(allow_none=True)
    theoretical_hold = fields.Float(allow_none=True)


class DealerBetSchema(_HoldSchema):
    bets = fields.Integer(required=True)


DealerBetsSchema = per_bet(DealerBetSchema, "DealerBetsSchema")


class DealerSchema(Schema):
    dealer_id = fields.Integer(required=True)
    name = fields.String(required=True)
    rounds = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    fouls = fields.Integer(required=True)
    bets = fields.Nested(DealerBetsSchema, required=True)
    handle = fields.Integer(required=True)
    win = fields.Integer(required=True)
    voids = fields.Integer(required=True, metadata={"description": "approved voids of the dealer's rounds"})
    corrections = fields.Integer(required=True, metadata={"description": "approved corrections"})
    pending_voids = fields.Integer(required=True)
    pending_corrections = fields.Integer(required=True)


class _TableNameSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class ScopeSchema(Schema):
    kind = fields.String(required=True, metadata={"description": "table or floor"})
    table_id = fields.Integer(allow_none=True)
    name = fields.String()
    every_table = fields.Boolean()
    tables = fields.List(fields.Nested(_TableNameSchema))


class UnitsSchema(Schema):
    """What each kind of figure means, in words (the same in every report)."""

    money = fields.String(required=True, metadata={"description": "handle, win and stakes"})
    win = fields.String(required=True, metadata={"description": "which way the win is signed"})
    hold = fields.String(required=True, metadata={"description": "how hold is figured"})


class ReportUnitsSchema(UnitsSchema):
    theoretical_win = fields.String(required=True, metadata={"description": "how it is figured"})
    theoretical_win_sd = fields.String(required=True, metadata={"description": "what it measures"})
    win_interval = fields.String(required=True, metadata={"description": "how it and the flag are figured"})


class ConfigVersionRefSchema(Schema):
    table_id = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "the table's configuration version"})


BetLinesSchema = per_bet(BetLineSchema, "BetLinesSchema")


class _HeaderSchema(Schema):
    scope = fields.Nested(ScopeSchema, required=True)
    period = fields.String(required=True)
    period_key = fields.String(required=True)
    day = fields.String(required=True)
    shift = fields.Integer(allow_none=True)
    first_day = fields.String(required=True)
    last_day = fields.String(required=True)
    day_chosen = fields.String(
        required=True, metadata={"description": "given, or how the default was chosen"}
    )
    generated_at = fields.String(required=True)
    pending_rounds = fields.Integer(
        required=True, metadata={"description": "rounds of the period the figures do not reflect yet"}
    )
    lag = fields.String(required=True)
    units = fields.Nested(UnitsSchema, required=True, metadata={"description": "what the figures mean"})
    dealers = fields.List(fields.Nested(DealerSchema))


class ReportSchema(_HeaderSchema):
    confidence = fields.Float(required=True)
    z = fields.Float(required=True)
    rounds = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    fouls = fields.Integer(required=True)
    player_lucky_breaks = fields.Integer(required=True)
    dealer_lucky_breaks = fields.Integer(required=True)
    dealer_non_qualifications = fields.Integer(required=True)
    theoretical_pending = fields.Boolean(
        required=True, metadata={"description": "a par sheet is still being computed: theory is null"}
    )
    units = fields.Nested(ReportUnitsSchema, required=True, metadata={"description": "what the figures mean"})
    theoretical_pending_versions = fields.List(
        fields.Nested(ConfigVersionRefSchema),
        required=True,
        metadata={"description": "the configuration versions whose par sheet is still being computed"},
    )
    bets = fields.Nested(BetLinesSchema, required=True)
    totals = fields.Nested(TotalsSchema, required=True)


class DealerReportSchema(_HeaderSchema):
    pass
