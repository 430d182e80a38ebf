"""Schemas of the devices' figures (the shuffler checks), every field
described. The positions test's statistic and p are exact decimal text,
never a float."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.protection.device_figures import (
    DeviceDayJson,
    DeviceDetailJson,
    DeviceJson,
    DevicesJson,
    FiguresJson,
    PositionsJson,
)


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


DeviceSchema = answer(DeviceJson, "DeviceSchema")


DeviceDetailSchema = answer(DeviceDetailJson, "DeviceDetailSchema")


DevicesSchema = answer(
    DevicesJson,
    "DevicesSchema",
    gaming_day=api_fields.day("the gaming day the figures are of"),
)
