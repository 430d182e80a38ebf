"""Schemas of the alerts, every field described. The figure and its
threshold are exact text (a count, a z, a p), never a float."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.paging import KeysetQueryJson, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.protection.alerts import MAX_NOTE
from service.protection.values import (
    AcknowledgementJson,
    AlertDetailJson,
    AlertJson,
    AlertRoundJson,
    AlertState,
)
from service.store.paging import Order

#: the states a list may ask for: either, or both (``all``)
STATES = (AlertState.OPEN.value, AlertState.ACKNOWLEDGED.value, "all")


class AlertQueryJson(KeysetQueryJson):
    state: str


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


AcknowledgementSchema = answer(AcknowledgementJson, "AcknowledgementSchema")


AlertRoundSchema = answer(AlertRoundJson, "AlertRoundSchema")


AlertSchema = answer(AlertJson, "AlertSchema")


AlertDetailSchema = answer(AlertDetailJson, "AlertDetailSchema")
