"""Schemas of the transaction log and the report days, every field
described. Money is whole minor units of the entry's currency."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.paging import cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.api.tables.table_schemas import CurrencySchema
from service.players.cash_log import MAX_AMOUNT, MAX_DESCRIPTION
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


class CashLogQueryJson(TypedDict):
    day: NotRequired[date]
    table: NotRequired[int]
    limit: int
    order: str
    cursor: NotRequired[str]


class CashLogQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "only this gaming day's entries (default every day)"})
    table = api_fields.record_id("only this table's entries (default every table)")
    limit = api_fields.bounded(1, 1000, "entries a page", default=100)
    order = order_field(Order.NEWEST, "entries")
    cursor = cursor_field()


class ReportDaysQueryJson(TypedDict):
    day: NotRequired[date]
    limit: int
    order: str
    cursor: NotRequired[str]


class ReportDaysQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "only this gaming day's player-days (default every day)"})
    limit = api_fields.bounded(1, 1000, "player-days a page", default=100)
    order = order_field(Order.NEWEST, "player-days")
    cursor = cursor_field()


class CashLogEntrySchema(Schema):
    id = api_fields.integer("the entry's id")
    table_id = api_fields.integer("the table it was made at")
    table_name = api_fields.text("the table's name")
    gaming_day = api_fields.day("the gaming day, by the table's schedule when it was made")
    currency = api_fields.nested(CurrencySchema, "the table's currency: what the amount counts")
    amount = api_fields.money("the cash, whole minor units of the currency")
    club_number = api_fields.text("the player's club number; null: an unknown patron", allow_none=True)
    name = api_fields.text("the player's name now; null: an unknown patron", allow_none=True)
    buy_in_id = api_fields.integer("the player's buy-in it logs; null: an unknown patron's", allow_none=True)
    description = api_fields.text("an unknown patron's description; null for a player", allow_none=True)
    recorded_by = api_fields.text("who recorded it (the user's name)")
    at = api_fields.instant("when")


class ReportDaySchema(Schema):
    id = api_fields.integer("the listing's id")
    club_number = api_fields.text("the player's club number")
    name = api_fields.text("the player's name now")
    gaming_day = api_fields.day("the gaming day whose cash in passed the report threshold")
    currency = api_fields.nested(
        CurrencySchema, "the currency of the day's cash in (summed a currency at a time)"
    )
    cash_in = api_fields.money("the player's cash in over the day in this currency, all tables, minor units")
    buy_in_id = api_fields.integer("the buy-in that passed the report threshold")
    listed_at = api_fields.instant("when that buy-in listed the day")
