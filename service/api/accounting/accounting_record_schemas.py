"""Schemas of what the table accounting answers: tray counts, slips and
their signatures, drop counts and boxes, the figures, the check and the
timeline, every field described."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.accounting.check import CheckStatus
from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.sessions import CountKind
from service.accounting.slip_states import SlipKind, SlipState, SlipStep
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
    kind=api_fields.enum(CountKind, "opener or closer"),
    lines=api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS),
    counted_at=api_fields.instant("when it was signed"),
)


SignatureSchema = answer(
    SignatureJson,
    "SignatureSchema",
    step=api_fields.enum(SlipStep, "issued, received or voided"),
    signed_at=api_fields.instant("when"),
)


SlipSchema = answer(
    SlipJson,
    "SlipSchema",
    kind=api_fields.enum(SlipKind, "fill or credit"),
    state=api_fields.enum(SlipState, "requested, issued, received or voided"),
    lines=api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS),
    requested_at=api_fields.instant("when it was requested"),
)


DropCountSchema = answer(
    DropCountJson,
    "DropCountSchema",
    lines=api_fields.denominations_out("amounts by note denomination, minor units", CURRENCY),
    counted_at=api_fields.instant("when it was signed"),
)


FiguresSchema = answer(FiguresJson, "FiguresSchema")


CheckSchema = answer(
    CheckJson,
    "CheckSchema",
    status=api_fields.enum(CheckStatus, "open, uncounted (closed, box not counted), balanced or differs"),
)


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


TimelineEntrySchema = answer(
    TimelineEntryJson,
    "TimelineEntrySchema",
    at=api_fields.instant("when"),
)


class SessionDetailSchema(SessionSchema):
    slips = api_fields.nested_list(SlipSchema, "the session's slips")
    drop_counts = api_fields.nested_list(DropCountSchema, "its drop counts, recounts too")
    timeline = api_fields.nested_list(
        TimelineEntrySchema, "the rounds, slips and counts of the session in time order"
    )


DropBoxSchema = answer(
    DropBoxJson,
    "DropBoxSchema",
    gaming_day=fields.Date(required=True, metadata={"description": "the gaming day the session opened in"}),
    closed_at=api_fields.instant("when the session was closed and its box pulled"),
)
