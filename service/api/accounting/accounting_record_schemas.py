"""Schemas of what the table accounting answers: tray counts, slips and
their signatures, drop counts and boxes, the figures, the check and the
timeline, every field described."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.timeline import TimelineEntryJson
from service.accounting.views import (
    CheckJson,
    CountJson,
    DropBoxJson,
    DropCountJson,
    FiguresJson,
    SignatureJson,
    SlipJson,
)
from service.api.http import fields as api_fields
from service.api.http.answers import answer

CountSchema = answer(
    CountJson,
    "CountSchema",
    lines=api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS),
)


SignatureSchema = answer(SignatureJson, "SignatureSchema")


SlipSchema = answer(
    SlipJson,
    "SlipSchema",
    lines=api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS),
)


DropCountSchema = answer(
    DropCountJson,
    "DropCountSchema",
    lines=api_fields.denominations_out("amounts by note denomination, minor units", CURRENCY),
)


FiguresSchema = answer(FiguresJson, "FiguresSchema")


CheckSchema = answer(CheckJson, "CheckSchema")


class SessionSchema(Schema):
    id = api_fields.integer("the session's id")
    table_id = api_fields.integer("the table's id")
    table = api_fields.text("the table's name")
    number = api_fields.integer("the session's number at its table: 1, 2, ...")
    gaming_day = fields.Date(required=True, metadata={"description": "the gaming day it opened in"})
    shift = api_fields.integer("the shift it opened in")
    opened_at = api_fields.instant("when the opener was signed")
    closed_at = api_fields.instant("when the closer was signed (null: open)", allow_none=True)
    opener = api_fields.nested(CountSchema, "the opener count")
    closer = api_fields.nested(CountSchema, "the closer count (null: open)", allow_none=True)
    figures = api_fields.nested(FiguresSchema, "the win from the chips")
    check = api_fields.nested(CheckSchema, "cards against chips")


TimelineEntrySchema = answer(TimelineEntryJson, "TimelineEntrySchema")


class SessionDetailSchema(SessionSchema):
    slips = api_fields.nested_list(SlipSchema, "the session's slips")
    drop_counts = api_fields.nested_list(DropCountSchema, "its drop counts, recounts too")
    timeline = api_fields.nested_list(
        TimelineEntrySchema, "the rounds, slips and counts of the session in time order"
    )


DropBoxSchema = answer(DropBoxJson, "DropBoxSchema")
