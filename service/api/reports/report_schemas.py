"""Schemas of every figure a report answers with, so the OpenAPI document
shows the whole shape (what a query may ask: `report_query_schemas`)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import per_bet
from service.api.reports.chips_schemas import ChipsFiguresSchema
from service.api.reports.expected_win_schemas import ExpectedWinSchema
from service.api.reports.report_query_schemas import PERIOD_HELP
from service.reports.dealer_lines import DealerBetJson, DealerLineJson
from service.reports.periods import PERIODS, TableNameJson
from service.reports.report_values import (
    BetLineJson,
    ConfigVersionRefJson,
    CurrencyPartJson,
    DealerReportJson,
    HoldIntervalJson,
    ReportJson,
    ReportPartJson,
    ReportUnitsJson,
    TotalsJson,
    UnitsJson,
    WinIntervalJson,
)

_IntervalSchema = answer(HoldIntervalJson, "_IntervalSchema")


_WinIntervalSchema = answer(WinIntervalJson, "_WinIntervalSchema")


BetLineSchema = answer(BetLineJson, "BetLineSchema")


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


UnitsSchema = answer(UnitsJson, "UnitsSchema")


ReportUnitsSchema = answer(ReportUnitsJson, "ReportUnitsSchema")


ConfigVersionRefSchema = answer(ConfigVersionRefJson, "ConfigVersionRefSchema")


BetLinesSchema = per_bet(BetLineSchema, "BetLinesSchema")


def header_fields() -> dict[str, fields.Field[Any]]:
    """The fields of every report's header (:class:`ReportHeaderJson`) its
    type cannot say: the scope is a table's or a floor's, the period one of
    ``PERIODS``, the days ISO 8601 text. Made anew for each schema."""
    return {
        "scope": api_fields.nested(ScopeSchema, "what the report covers"),
        "period": api_fields.choice(PERIODS, PERIOD_HELP),
        "day": api_fields.day("the gaming day reported on (the last of mtd/ytd)"),
        "first_day": api_fields.day("the period's first gaming day"),
        "last_day": api_fields.day("the period's last gaming day"),
    }


MIXED = "; null on a floor of tables in more than one currency (see by_currency)"


def _money(schema: type[Schema], help_text: str, mixed: bool = False) -> fields.Nested:
    """A report's figures in money: null only in a report of several currencies."""
    return api_fields.nested(schema, help_text + (MIXED if mixed else ""), allow_none=mixed)


ReportPartSchema = answer(
    ReportPartJson, "ReportPartSchema", bets=_money(BetLinesSchema, "per bet"), **header_fields()
)


CurrencyPartSchema = answer(CurrencyPartJson, "CurrencyPartSchema")


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
    **header_fields(),
)


DealerReportSchema = answer(DealerReportJson, "DealerReportSchema", **header_fields())
