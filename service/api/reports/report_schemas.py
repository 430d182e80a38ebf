"""Schemas of every figure a report answers with, so the OpenAPI document
shows the whole shape (what a query may ask: `report_query_schemas`)."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import per_bet
from service.api.reports.chips_schemas import ChipsFiguresSchema
from service.api.reports.expected_win_schemas import ExpectedWinSchema
from service.api.reports.report_query_schemas import PERIOD_HELP, PERIOD_KEY_HELP
from service.api.tables.table_schemas import CurrencySchema
from service.reports.dealer_lines import DealerBetJson, DealerLineJson
from service.reports.periods import PERIODS, TableNameJson
from service.reports.report_values import (
    BetLineJson,
    ConfigVersionRefJson,
    CurrencyPartJson,
    DealerReportJson,
    ReportJson,
    ReportUnitsJson,
    TotalsJson,
    WinIntervalJson,
)


class _IntervalSchema(Schema):
    """An interval of hold: fractions of the handle."""

    low = api_fields.number("the lowest hold inside")
    high = api_fields.number("the highest hold inside")


_WinIntervalSchema = answer(WinIntervalJson, "_WinIntervalSchema")


class _HoldSchema(Schema):
    handle = api_fields.money("the stakes, minor units")
    win = api_fields.money("the house's win, minor units: + when the house is ahead")
    hold = api_fields.number("win / handle; null when the handle is 0", allow_none=True)


BetLineSchema = answer(
    BetLineJson,
    "BetLineSchema",
    hold_interval=api_fields.nested(
        _IntervalSchema, "win_interval as a hold; null: theory pending or no handle", allow_none=True
    ),
)


TotalsSchema = answer(TotalsJson, "TotalsSchema")


DealerBetSchema = answer(DealerBetJson, "DealerBetSchema")


DealerBetsSchema = per_bet(DealerBetSchema, "DealerBetsSchema")


DealerSchema = answer(
    DealerLineJson,
    "DealerSchema",
    bets=api_fields.nested(DealerBetsSchema, "per bet"),
)


_TableNameSchema = answer(TableNameJson, "_TableNameSchema")


class ScopeSchema(Schema):
    kind = api_fields.choice(("table", "floor"), "table or floor")
    table_id = api_fields.integer("the table; null: the floor", allow_none=True)
    name = fields.String(metadata={"description": "the table's name (kind table only)"})
    every_table = fields.Boolean(
        metadata={"description": "the floor: every table, or only those chosen (kind floor only)"}
    )
    tables = api_fields.nested_list(_TableNameSchema, "the tables covered")


class UnitsSchema(Schema):
    """What each kind of figure means, in words (the same in every report)."""

    money = api_fields.text("handle, win and stakes")
    win = api_fields.text("which way the win is signed")
    hold = api_fields.text("how hold is figured")


ReportUnitsSchema = answer(ReportUnitsJson, "ReportUnitsSchema")


ConfigVersionRefSchema = answer(ConfigVersionRefJson, "ConfigVersionRefSchema")


BetLinesSchema = per_bet(BetLineSchema, "BetLinesSchema")


class _HeaderSchema(Schema):
    scope = api_fields.nested(ScopeSchema, "what the report covers")
    period = api_fields.choice(PERIODS, PERIOD_HELP)
    period_key = api_fields.text(PERIOD_KEY_HELP)
    day = api_fields.day("the gaming day reported on (the last of mtd/ytd)")
    shift = api_fields.integer("the shift of period=shift; else null", allow_none=True)
    first_day = api_fields.day("the period's first gaming day")
    last_day = api_fields.day("the period's last gaming day")
    day_chosen = api_fields.text("given, or how the default was chosen")
    generated_at = api_fields.text("ISO 8601, UTC")
    pending_rounds = api_fields.integer("rounds of the period the figures do not reflect yet")
    lag = api_fields.text("pending_rounds in words")
    units = api_fields.nested(UnitsSchema, "what the figures mean")
    dealers = api_fields.nested_list(DealerSchema, "per dealer, by name")


MIXED = "; null on a floor of tables in more than one currency (see by_currency)"


def _money(schema: type[Schema], help_text: str, mixed: bool = False) -> fields.Nested:
    """A report's figures in money: null only in a report of several currencies."""
    return api_fields.nested(schema, help_text + (MIXED if mixed else ""), allow_none=mixed)


class ReportPartSchema(_HeaderSchema):
    """The report of tables in one currency (a part of a floor of several)."""

    currency = api_fields.nested(
        CurrencySchema,
        "the currency of every amount" + MIXED + ", or of a floor of no tables",
        allow_none=True,
    )
    confidence = api_fields.number("of the win intervals")
    z = api_fields.number("the normal quantile of the confidence")
    rounds = api_fields.integer("rounds counted")
    seats = api_fields.integer("seats played")
    fouls = api_fields.integer("fouled hands")
    player_lucky_breaks = api_fields.integer("players' Lucky Breaks")
    dealer_lucky_breaks = api_fields.integer("the dealer's Lucky Breaks")
    dealer_non_qualifications = api_fields.integer("rounds in which the dealer did not qualify")
    theoretical_pending = api_fields.flag("a par sheet is still being computed: theory is null")
    units = api_fields.nested(ReportUnitsSchema, "what the figures mean")
    theoretical_pending_versions = api_fields.nested_list(
        ConfigVersionRefSchema, "the configuration versions whose par sheet is still being computed"
    )
    bets = _money(BetLinesSchema, "per bet")
    totals = _money(TotalsSchema, "every bet together")
    chips = _money(ChipsFiguresSchema, "the win and hold from the chips of the period's counted sessions")
    expected_win = _money(ExpectedWinSchema, "from the hands dealt, with its band")


CurrencyPartSchema = answer(
    CurrencyPartJson,
    "CurrencyPartSchema",
    report=api_fields.nested(ReportPartSchema, "the report of the floor's tables in it"),
)


ReportSchema = answer(
    ReportJson,
    "ReportSchema",
    bets=_money(BetLinesSchema, "per bet", mixed=True),
    totals=_money(TotalsSchema, "every bet together", mixed=True),
    dealers=api_fields.nested_list(DealerSchema, "per dealer, by name" + MIXED, allow_none=True),
    chips=_money(
        ChipsFiguresSchema, "the win and hold from the chips of the period's counted sessions", mixed=True
    ),
    expected_win=_money(ExpectedWinSchema, "from the hands dealt, with its band", mixed=True),
    scope=api_fields.nested(ScopeSchema, "what the report covers"),
    period=api_fields.choice(PERIODS, PERIOD_HELP),
    day=api_fields.day("the gaming day reported on (the last of mtd/ytd)"),
    first_day=api_fields.day("the period's first gaming day"),
    last_day=api_fields.day("the period's last gaming day"),
)


DealerReportSchema = answer(
    DealerReportJson,
    "DealerReportSchema",
    scope=api_fields.nested(ScopeSchema, "what the report covers"),
    period=api_fields.choice(PERIODS, PERIOD_HELP),
    day=api_fields.day("the gaming day reported on (the last of mtd/ytd)"),
    first_day=api_fields.day("the period's first gaming day"),
    last_day=api_fields.day("the period's last gaming day"),
    units=api_fields.nested(UnitsSchema, "what the figures mean"),
)
