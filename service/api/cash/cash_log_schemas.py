"""Schemas of the transaction log and the report days, every field
described. Money is whole minor units of the entry's currency."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.paging import KeysetQueryJson, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.players.cash_log import MAX_AMOUNT, MAX_DESCRIPTION, LogEntryJson, ReportDayJson
from service.store.paging import Order


class UnknownPatronInJson(TypedDict):
    amount: int
    description: str


class UnknownPatronInSchema(StrictSchema):
    amount = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_AMOUNT),
        metadata={
            "description": "cash in whole minor units of the table's currency; at least the log threshold"
        },
    )
    description = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_DESCRIPTION),
        metadata={"description": "who the patron is, as the pit sees them (1 to 500 characters)"},
    )


class CashLogQueryJson(KeysetQueryJson):
    day: NotRequired[date]
    table: NotRequired[int]


class CashLogQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "only this gaming day's entries (default every day)"})
    table = api_fields.record_id("only this table's entries (default every table)")
    limit = api_fields.bounded(1, 1000, "entries a page", default=100)
    order = order_field(Order.NEWEST, "entries")
    cursor = cursor_field()


class ReportDaysQueryJson(KeysetQueryJson):
    day: NotRequired[date]


class ReportDaysQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "only this gaming day's player-days (default every day)"})
    limit = api_fields.bounded(1, 1000, "player-days a page", default=100)
    order = order_field(Order.NEWEST, "player-days")
    cursor = cursor_field()


CashLogEntrySchema = answer(LogEntryJson, "CashLogEntrySchema")


ReportDaySchema = answer(ReportDayJson, "ReportDaySchema")
