"""Schemas of every figure a report answers with, so the OpenAPI document
shows the whole shape (what a query may ask: `report_query_schemas`)."""

from __future__ import annotations

from typing import TypeVar

from marshmallow import Schema, fields, validate

from service.api.reports.chips_schemas import ChipsFiguresSchema
from service.api.reports.expected_win_schemas import ExpectedWinSchema
from service.api.reports.report_fields import count_field, day_field
from service.api.reports.report_query_schemas import PERIOD_HELP, PERIOD_KEY_HELP, CurrentNoteSchema
from service.api.tables.table_schemas import CurrencySchema, per_bet
from service.reports.periods import PERIODS

Figure = TypeVar("Figure", fields.Float, fields.Integer, fields.Boolean)


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


class DealerSchema(Schema):
    dealer_id = count_field("the dealer's user id")
    name = fields.String(required=True, metadata={"description": "the dealer's name"})
    rounds = count_field("rounds the dealer entered")
    seats = count_field("seats played in them")
    fouls = count_field("fouled hands in them")
    bets = fields.Nested(DealerBetsSchema, required=True, metadata={"description": "per bet"})
    handle = count_field("every bet's stakes, minor units")
    win = count_field("the house's win on every bet, minor units")
    voids = count_field("approved voids of the dealer's rounds")
    corrections = count_field("approved corrections")
    pending_voids = count_field("voids asked for, not decided yet")
    pending_corrections = count_field("corrections asked for, not decided yet")


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


class _HeaderSchema(Schema):
    scope = fields.Nested(ScopeSchema, required=True, metadata={"description": "what the report covers"})
    period = fields.String(
        required=True, validate=validate.OneOf(PERIODS), metadata={"description": PERIOD_HELP}
    )
    period_key = fields.String(required=True, metadata={"description": PERIOD_KEY_HELP})
    day = day_field("the gaming day reported on (the last of mtd/ytd)")
    shift = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the shift of period=shift; else null"}
    )
    first_day = day_field("the period's first gaming day")
    last_day = day_field("the period's last gaming day")
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


MIXED = "; null on a floor of tables in more than one currency (see by_currency)"


def _money(schema: type[Schema], help_text: str, mixed: bool = False) -> fields.Nested:
    """A report's figures in money: null only in a report of several currencies."""
    return fields.Nested(
        schema,
        required=True,
        allow_none=mixed,
        metadata={"description": help_text + (MIXED if mixed else "")},
    )


class ReportPartSchema(_HeaderSchema):
    """The report of tables in one currency (a part of a floor of several)."""

    currency = fields.Nested(
        CurrencySchema,
        required=True,
        allow_none=True,
        metadata={"description": "the currency of every amount" + MIXED + ", or of a floor of no tables"},
    )
    confidence = fields.Float(required=True, metadata={"description": "of the win intervals"})
    z = fields.Float(required=True, metadata={"description": "the normal quantile of the confidence"})
    rounds = count_field("rounds counted")
    seats = count_field("seats played")
    fouls = count_field("fouled hands")
    player_lucky_breaks = count_field("players' Lucky Breaks")
    dealer_lucky_breaks = count_field("the dealer's Lucky Breaks")
    dealer_non_qualifications = count_field("rounds in which the dealer did not qualify")
    theoretical_pending = fields.Boolean(
        required=True, metadata={"description": "a par sheet is still being computed: theory is null"}
    )
    units = fields.Nested(ReportUnitsSchema, required=True, metadata={"description": "what the figures mean"})
    theoretical_pending_versions = fields.List(
        fields.Nested(ConfigVersionRefSchema),
        required=True,
        metadata={"description": "the configuration versions whose par sheet is still being computed"},
    )
    bets = _money(BetLinesSchema, "per bet")
    totals = _money(TotalsSchema, "every bet together")
    chips = _money(ChipsFiguresSchema, "the win and hold from the chips of the period's counted sessions")
    expected_win = _money(ExpectedWinSchema, "from the hands dealt, with its band")


class CurrencyPartSchema(Schema):
    currency = fields.Nested(CurrencySchema, required=True, metadata={"description": "the part's currency"})
    report = fields.Nested(
        ReportPartSchema, required=True, metadata={"description": "the report of the floor's tables in it"}
    )


class ReportSchema(ReportPartSchema):
    """A report. Its tables in one currency: ``currency`` says which, and
    ``by_currency`` is empty. A floor of tables in several: amounts are never
    added across currencies, so ``currency`` and every money figure (bets,
    totals, dealers, chips, expected_win) are null, the counts are the
    floor's, and ``by_currency`` holds one report a currency (by code), each
    with its own totals."""

    by_currency = fields.List(
        fields.Nested(CurrencyPartSchema),
        required=True,
        metadata={"description": "a floor of several currencies: one report a currency; else empty"},
    )
    bets = _money(BetLinesSchema, "per bet", mixed=True)
    totals = _money(TotalsSchema, "every bet together", mixed=True)
    dealers = fields.List(
        fields.Nested(DealerSchema),
        required=True,
        allow_none=True,
        metadata={"description": "per dealer, by name" + MIXED},
    )
    chips = _money(
        ChipsFiguresSchema, "the win and hold from the chips of the period's counted sessions", mixed=True
    )
    expected_win = _money(ExpectedWinSchema, "from the hands dealt, with its band", mixed=True)


class DealerReportSchema(_HeaderSchema):
    currency = fields.Nested(
        CurrencySchema,
        required=True,
        allow_none=True,
        metadata={"description": "the currency of every amount (null: a floor of no tables)"},
    )
