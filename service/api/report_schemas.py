"""Schemas of the reports: what a query may ask, and every figure a report
answers with (so the OpenAPI document shows the whole shape)."""

from __future__ import annotations

from typing import TypeVar

from marshmallow import Schema, fields, validate

from service.api.blueprint import MAX_ID
from service.api.expected_win_schemas import ExpectedWinSchema
from service.api.schemas import StrictSchema, per_bet
from service.reports.chips_figures import PENDING_SHOWN, PendingReason
from service.reports.hold import MAX_CONFIDENCE, MIN_CONFIDENCE
from service.reports.periods import PERIODS
from service.reports.table_reports import DEFAULT_CONFIDENCE
from service.reports.variance_notes import MAX_NOTE
from service.rounds.aggregates import BETS
from service.tables.gaming_day import MAX_SHIFTS

PERIOD_HELP = "shift, day (gaming day), mtd (month to date) or ytd (year to date)"
DAY_HELP = "the gaming day reported on (the last of mtd/ytd); default: the current gaming day"
PERIOD_KEY_HELP = "the period as a note names it: 2026-11-29/2 (shift), 2026-11-29 (day), 2026-11, 2026"
Figure = TypeVar("Figure", fields.Float, fields.Integer, fields.Boolean)


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
    id = fields.Integer(required=True, metadata={"description": "the note's id"})
    table_id = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the table noted; null: the floor"}
    )
    period = fields.String(
        required=True, validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    period_key = fields.String(required=True, metadata={"description": PERIOD_KEY_HELP})
    bet = fields.String(
        required=True, validate=validate.OneOf(BETS), metadata={"description": "the bet whose line is noted"}
    )
    note = fields.String(required=True, metadata={"description": "the investigation note, as written"})
    written_by = fields.String(required=True, metadata={"description": "the name of who wrote it"})
    written_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})


class CurrentNoteSchema(VarianceNoteSchema):
    earlier_notes = fields.Integer(
        required=True, metadata={"description": "how many notes this one follows (all are kept)"}
    )


class _IntervalSchema(Schema):
    """An interval of hold: fractions of the handle."""

    low = fields.Float(required=True, metadata={"description": "the lowest hold inside"})
    high = fields.Float(required=True, metadata={"description": "the highest hold inside"})


class _WinIntervalSchema(Schema):
    """An interval of win in whole minor units: an integer win is inside the
    interval exactly when it is inside these bounds."""

    low = fields.Integer(required=True, metadata={"description": "the lowest win inside, minor units"})
    high = fields.Integer(required=True, metadata={"description": "the highest win inside, minor units"})


class _HoldSchema(Schema):
    handle = fields.Integer(required=True, metadata={"description": "the stakes, minor units"})
    win = fields.Integer(
        required=True, metadata={"description": "the house's win, minor units: + when the house is ahead"}
    )
    hold = fields.Float(
        required=True, allow_none=True, metadata={"description": "win / handle; null when the handle is 0"}
    )


def _nullable(field: type[Figure], description: str) -> Figure:
    """A figure every line has, null where it has no value."""
    return field(required=True, allow_none=True, metadata={"description": description})


class BetLineSchema(_HoldSchema):
    bets = fields.Integer(required=True, metadata={"description": "bets placed (stake > 0)"})
    win = fields.Integer(required=True, metadata={"description": "house win, + when the house is ahead"})
    theoretical_hold = _nullable(fields.Float, "the par sheets' hold; null: theory pending or no handle")
    theoretical_win = _nullable(fields.Integer, "rounded to the minor unit; null: theory pending")
    theoretical_win_sd = _nullable(fields.Float, "standard deviation of the win, minor units (a statistic)")
    win_interval = fields.Nested(
        _WinIntervalSchema,
        required=True,
        allow_none=True,
        metadata={"description": "minor units; null: theory pending"},
    )
    hold_interval = fields.Nested(
        _IntervalSchema,
        required=True,
        allow_none=True,
        metadata={"description": "win_interval as a hold; null: theory pending or no handle"},
    )
    variance_flag = _nullable(fields.Boolean, "outside win_interval; false: no handle; null: theory pending")
    note = fields.Nested(
        CurrentNoteSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the current investigation note; null: none"},
    )


class TotalsSchema(_HoldSchema):
    theoretical_win = _nullable(fields.Integer, "the sum of the bets' rounded figures; null: theory pending")
    theoretical_hold = _nullable(fields.Float, "the exact theoretical win / handle; null: pending or 0")


class DealerBetSchema(_HoldSchema):
    bets = fields.Integer(required=True, metadata={"description": "bets placed (stake > 0)"})


DealerBetsSchema = per_bet(DealerBetSchema, "DealerBetsSchema")


def _count(description: str) -> fields.Integer:
    return fields.Integer(required=True, metadata={"description": description})


class DealerSchema(Schema):
    dealer_id = _count("the dealer's user id")
    name = fields.String(required=True, metadata={"description": "the dealer's name"})
    rounds = _count("rounds the dealer entered")
    seats = _count("seats played in them")
    fouls = _count("fouled hands in them")
    bets = fields.Nested(DealerBetsSchema, required=True, metadata={"description": "per bet"})
    handle = _count("every bet's stakes, minor units")
    win = _count("the house's win on every bet, minor units")
    voids = _count("approved voids of the dealer's rounds")
    corrections = _count("approved corrections")
    pending_voids = _count("voids asked for, not decided yet")
    pending_corrections = _count("corrections asked for, not decided yet")


class _TableNameSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the table's id"})
    name = fields.String(required=True, metadata={"description": "the table's name"})


class ScopeSchema(Schema):
    kind = fields.String(
        required=True, validate=validate.OneOf(("table", "floor")), metadata={"description": "table or floor"}
    )
    table_id = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the table; null: the floor"}
    )
    name = fields.String(metadata={"description": "the table's name (kind table only)"})
    every_table = fields.Boolean(
        metadata={"description": "the floor: every table, or only those chosen (kind floor only)"}
    )
    tables = fields.List(
        fields.Nested(_TableNameSchema), required=True, metadata={"description": "the tables covered"}
    )


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
    table_id = fields.Integer(required=True, metadata={"description": "the table"})
    version = fields.Integer(required=True, metadata={"description": "the table's configuration version"})


BetLinesSchema = per_bet(BetLineSchema, "BetLinesSchema")


def _day(description: str) -> fields.String:
    return fields.String(required=True, metadata={"description": description, "format": "date"})


class _HeaderSchema(Schema):
    scope = fields.Nested(ScopeSchema, required=True, metadata={"description": "what the report covers"})
    period = fields.String(
        required=True, validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    period_key = fields.String(required=True, metadata={"description": PERIOD_KEY_HELP})
    day = _day("the gaming day reported on (the last of mtd/ytd)")
    shift = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the shift of period=shift; else null"}
    )
    first_day = _day("the period's first gaming day")
    last_day = _day("the period's last gaming day")
    day_chosen = fields.String(
        required=True, metadata={"description": "given, or how the default was chosen"}
    )
    generated_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    pending_rounds = fields.Integer(
        required=True, metadata={"description": "rounds of the period the figures do not reflect yet"}
    )
    lag = fields.String(required=True, metadata={"description": "pending_rounds in words"})
    units = fields.Nested(UnitsSchema, required=True, metadata={"description": "what the figures mean"})
    dealers = fields.List(
        fields.Nested(DealerSchema), required=True, metadata={"description": "per dealer, by name"}
    )


class PendingSessionSchema(Schema):
    session_id = _count("the table session's id")
    table_id = _count("its table")
    table = fields.String(required=True, metadata={"description": "its table's name"})
    number = _count("the session's number at its table (1, 2, ...)")
    gaming_day = _day("the gaming day it opened in")
    shift = _count("the shift it opened in")
    reason = fields.String(
        required=True,
        validate=validate.OneOf([reason.value for reason in PendingReason]),
        metadata={
            "description": "open: no closer yet; uncounted: closed, its drop box not counted; "
            "figuring: counted, recounted or a round of it voided or corrected since the job kept its "
            "figures (the sums carry the earlier ones meanwhile)"
        },
    )


class ChipsFiguresSchema(Schema):
    """The figures from the chips of the period's counted sessions (each in
    the gaming day and shift it opened in), summed from the rows the
    workers keep; minor units."""

    sessions_counted = _count("counted sessions whose kept figures are summed here")
    sessions_pending = _count("sessions of the period the sums do not reflect: open, uncounted, figuring")
    pending = fields.List(
        fields.Nested(PendingSessionSchema),
        required=True,
        metadata={"description": f"those sessions, by table and number (the first {PENDING_SHOWN})"},
    )
    opener = _count("the openers' tray counts, minor units")
    closer = _count("the closers' tray counts, minor units")
    fills = _count("the fills received at the tables, minor units")
    credits = _count("the credits received back by the cage, minor units")
    drop = _count("the drop boxes' current counts (after any recount), minor units")
    win = _count("drop + closer + credits - opener - fills, minor units: + when the house is ahead")
    hold = fields.Float(
        required=True, allow_none=True, metadata={"description": "win / drop; null when the drop is 0"}
    )
    rounds = _count("the rounds dealt in those sessions that count (not voided, not corrected)")
    rounds_net = _count("the house's net from those rounds, minor units: the cards' win")
    difference = _count("win - rounds_net: cards against chips; 0 when every session balances")
    flagged_sessions = _count("counted sessions whose own difference is beyond the tolerance")
    tolerance = _count("how far a session's cards and chips may differ unflagged, minor units")


class ReportSchema(_HeaderSchema):
    confidence = fields.Float(required=True, metadata={"description": "of the win intervals"})
    z = fields.Float(required=True, metadata={"description": "the normal quantile of the confidence"})
    rounds = _count("rounds counted")
    seats = _count("seats played")
    fouls = _count("fouled hands")
    player_lucky_breaks = _count("players' Lucky Breaks")
    dealer_lucky_breaks = _count("the dealer's Lucky Breaks")
    dealer_non_qualifications = _count("rounds in which the dealer did not qualify")
    theoretical_pending = fields.Boolean(
        required=True, metadata={"description": "a par sheet is still being computed: theory is null"}
    )
    units = fields.Nested(ReportUnitsSchema, required=True, metadata={"description": "what the figures mean"})
    theoretical_pending_versions = fields.List(
        fields.Nested(ConfigVersionRefSchema),
        required=True,
        metadata={"description": "the configuration versions whose par sheet is still being computed"},
    )
    bets = fields.Nested(BetLinesSchema, required=True, metadata={"description": "per bet"})
    totals = fields.Nested(TotalsSchema, required=True, metadata={"description": "every bet together"})
    chips = fields.Nested(
        ChipsFiguresSchema,
        required=True,
        metadata={"description": "the win and hold from the chips of the period's counted sessions"},
    )
    expected_win = fields.Nested(
        ExpectedWinSchema, required=True, metadata={"description": "from the hands dealt, with its band"}
    )


class DealerReportSchema(_HeaderSchema):
    pass
