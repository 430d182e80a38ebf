"""Schemas of the devices' figures (the shuffler checks), every field
described. The positions test's statistic and p are exact decimal text,
never a float."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema


class DeviceQueryJson(TypedDict):
    gaming_day: NotRequired[date]


class DeviceQuerySchema(StrictSchema):
    gaming_day = fields.Date(
        metadata={
            "description": "the gaming day (ISO 8601 date); default: the newest any device has decks on"
        }
    )


class PositionTestSchema(Schema):
    decks = api_fields.integer("the decks tested")
    groups = api_fields.integer(
        "the groups of neighbouring positions, as many as keep every expected count at least 5 (1: too few "
        "decks, fewer than 11, and no test)"
    )
    df = api_fields.integer("the degrees of freedom, 52 × (groups − 1); null: no test", allow_none=True)
    statistic = api_fields.text(
        "the chi-square statistic, Pearson's X² × 52/53 (a deck is a permutation), decimal; null: no test",
        allow_none=True,
    )
    p = api_fields.text("its p-value, four significant figures; null: no test", allow_none=True)
    flagged = api_fields.flag("p below 0.05: a shuffler_positions alert was raised")


class DeviceFiguresSchema(Schema):
    days = api_fields.integer("the gaming days the device sent decks on")
    decks = api_fields.integer("the decks received (counted by the workers, within seconds)")
    repeated_orders = api_fields.integer("its decks whose order was seen before (each a repeated_deck alert)")
    changed_decks = api_fields.integer("its dealt decks whose cards the dealer changed by hand")
    cards_changed = api_fields.integer("the cards the dealers changed by hand in them")
    positions = api_fields.nested(
        PositionTestSchema,
        "the chi-square test of card positions; null: not tested yet (it runs once the day has ended)",
        allow_none=True,
    )


class DeviceDaySchema(Schema):
    gaming_day = api_fields.day("the gaming day")
    table_id = api_fields.integer("the table of the device's first deck that day")
    table_name = api_fields.text("that table's name")
    figures = api_fields.nested(DeviceFiguresSchema, "the day's figures and its positions test")


class DeviceSchema(Schema):
    device_id = api_fields.text("the shuffler or shoe, by the id it sends with its decks")
    table_id = api_fields.integer("the table of its latest day in the 30 days")
    table_name = api_fields.text("that table's name")
    day = api_fields.nested(DeviceFiguresSchema, "the gaming day's figures (positions: the day's test)")
    last_30_days = api_fields.nested(
        DeviceFiguresSchema, "the 30 days ending with the gaming day (positions: the test of those 30 days)"
    )


class DeviceDetailSchema(DeviceSchema):
    days = api_fields.nested_list(DeviceDaySchema, "each of its days with decks in the 30, newest first")


class DevicesSchema(Schema):
    gaming_day = api_fields.day("the gaming day the figures are of")
    devices = api_fields.nested_list(DeviceSchema, "each device with decks in the 30 days, by id")
