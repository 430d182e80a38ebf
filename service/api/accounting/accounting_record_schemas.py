"""Schemas of what the table accounting answers: tray counts, slips and
their signatures, drop counts and boxes, the figures, the check and the
timeline, every field described."""

from __future__ import annotations

from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.timeline import SessionDetailJson, TimelineEntryJson
from service.accounting.views import (
    CheckJson,
    CountJson,
    DropBoxJson,
    DropCountJson,
    FiguresJson,
    SessionJson,
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


SessionSchema = answer(SessionJson, "SessionSchema")


TimelineEntrySchema = answer(TimelineEntryJson, "TimelineEntrySchema")


SessionDetailSchema = answer(SessionDetailJson, "SessionDetailSchema")


DropBoxSchema = answer(DropBoxJson, "DropBoxSchema")
