"""Schemas of the alerts, every field described. The figure and its
threshold are exact text (a count, a z, a p), never a float."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.paging import cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.protection.alerts import MAX_NOTE
from service.protection.values import AlertKind, AlertState, Severity
from service.store.paging import Order

#: the states a list may ask for: either, or both (``all``)
STATES = (AlertState.OPEN.value, AlertState.ACKNOWLEDGED.value, "all")


class AlertQueryJson(TypedDict):
    state: str
    limit: int
    order: str
    cursor: NotRequired[str]


class AlertQuerySchema(StrictSchema):
    state = fields.String(
        load_default=AlertState.OPEN.value,
        validate=validate.OneOf(STATES),
        metadata={"description": "open (default), acknowledged or all"},
    )
    limit = api_fields.bounded(1, 1000, "alerts a page", default=100)
    order = order_field(Order.NEWEST, "alerts")
    cursor = cursor_field()


class AcknowledgementInJson(TypedDict):
    note: str


class AcknowledgementInSchema(StrictSchema):
    note = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_NOTE),
        metadata={"description": "what the pit boss found (1 to 2000 characters, not blank)"},
    )


class AcknowledgementSchema(Schema):
    note = api_fields.text("the pit boss's note")
    by = api_fields.text("the pit boss who acknowledged it (the user's name)")
    at = api_fields.text("when, ISO 8601 UTC")


class AlertRoundSchema(Schema):
    id = api_fields.integer("the round's id (its record: GET /api/v1/rounds/{id})")
    table_id = api_fields.integer("the table it was dealt at")
    entered_at = api_fields.text("when it was stored, ISO 8601 UTC: the time to pull the video at")
    gaming_day = api_fields.text("its gaming day")
    deck_id = api_fields.integer("the deck it was dealt from; null: entered by hand", allow_none=True)


class AlertSchema(Schema):
    id = api_fields.integer("the alert's id")
    kind = api_fields.enum(AlertKind, "what it is about (rule book section 15)")
    severity = api_fields.enum(Severity, "warning or critical")
    state = api_fields.enum(AlertState, "open until a pit boss acknowledges it")
    summary = api_fields.text("what the check saw, in words")
    figure = api_fields.text("the figure the check found, exact (a count, a z, a p)")
    threshold = api_fields.text("the threshold the figure crossed, exact")
    table_id = api_fields.integer("the table it names; null: none", allow_none=True)
    table_name = api_fields.text("the table's name; null: none", allow_none=True)
    seat = api_fields.integer("the seat it names; null: none", allow_none=True)
    club_number = api_fields.text("the player it names; null: none", allow_none=True)
    dealer = api_fields.text("the dealer it names (the user's name); null: none", allow_none=True)
    device_id = api_fields.text("the shuffler or shoe it names; null: none", allow_none=True)
    decks = api_fields.integers("the decks behind it, by id (a repeated order: the first and the repeat)")
    raised_at = api_fields.text("when the check raised it, ISO 8601 UTC")
    acknowledgement = api_fields.nested(
        AcknowledgementSchema, "the pit boss's acknowledgement; null: open", allow_none=True
    )


class AlertDetailSchema(AlertSchema):
    rounds = api_fields.nested_list(
        AlertRoundSchema, "the rounds behind it, oldest first: those named and those dealt from its decks"
    )
