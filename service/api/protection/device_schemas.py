"""Schemas of the devices' figures (the shuffler checks), every field
described. The positions test's statistic and p are exact decimal text,
never a float."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.protection.device_figures import DeviceDayJson, DeviceDetailJson, FiguresJson, PositionsJson


class DeviceQueryJson(TypedDict):
    gaming_day: NotRequired[date]


class DeviceQuerySchema(StrictSchema):
    gaming_day = fields.Date(
        metadata={
            "description": "the gaming day (ISO 8601 date); default: the newest any device has decks on"
        }
    )


PositionTestSchema = answer(PositionsJson, "PositionTestSchema")


DeviceFiguresSchema = answer(FiguresJson, "DeviceFiguresSchema")


DeviceDaySchema = answer(
    DeviceDayJson,
    "DeviceDaySchema",
    gaming_day=api_fields.day("the gaming day"),
)


class DeviceSchema(Schema):
    device_id = api_fields.text("the shuffler or shoe, by the id it sends with its decks")
    table_id = api_fields.integer("the table of its latest day in the 30 days")
    table_name = api_fields.text("that table's name")
    day = api_fields.nested(DeviceFiguresSchema, "the gaming day's figures (positions: the day's test)")
    last_30_days = api_fields.nested(
        DeviceFiguresSchema, "the 30 days ending with the gaming day (positions: the test of those 30 days)"
    )


DeviceDetailSchema = answer(DeviceDetailJson, "DeviceDetailSchema")


class DevicesSchema(Schema):
    gaming_day = api_fields.day("the gaming day the figures are of")
    devices = api_fields.nested_list(DeviceSchema, "each device with decks in the 30 days, by id")
