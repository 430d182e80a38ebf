"""Schemas of the table accounting: tray counts, fills and credits, drop
counts, the figures and the cards-against-chips check. Amounts by
denomination are objects of denomination (minor units, as text) to amount
(minor units); the service checks each against the denominations in use."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.slip_states import SlipKind, SlipState
from service.api.http import fields as api_fields
from service.api.http.paging import KeysetQueryJson, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.store.paging import Order

CHIP_LINES_HELP = (
    'amounts by chip denomination: {"2500": 50000} is 50000 minor units of 25.00 chips; '
    f"denominations {', '.join(map(str, CHIPS))}; each amount a whole number of its chips"
)
CASH_LINES_HELP = (
    'amounts by note denomination: {"2000": 40000} is 400.00 in 20.00 notes; '
    f"denominations {', '.join(map(str, CURRENCY))}"
)


class SignatureInJson(TypedDict):
    name: str
    password: str


class CountInJson(TypedDict):
    lines: dict[str, object]
    cosigner: SignatureInJson
    explanation: NotRequired[str]


class SlipInJson(TypedDict):
    kind: str
    lines: dict[str, object]


class ReceiveInJson(TypedDict):
    cosigner: SignatureInJson


class SlipVoidInJson(TypedDict):
    reason: str
    cosigner: SignatureInJson


class DropInJson(TypedDict):
    lines: dict[str, object]
    cosigners: list[SignatureInJson]
    reason: NotRequired[str]


class NoteInJson(TypedDict):
    note: str


class SignatureInSchema(StrictSchema):
    as_sent = frozenset({"name", "password"})

    name = api_fields.sized_text(1, 80, "the co-signer's user name")
    password = api_fields.sized_text(1, 1000, "the co-signer's password, typed at this screen")


def _cosigner(help_text: str) -> fields.Nested:
    return api_fields.nested(SignatureInSchema, help_text)


class CloseInSchema(StrictSchema):
    """A tray count: the closer's, and the opener's fields but one."""

    lines = api_fields.denominations_in(CHIP_LINES_HELP, CHIPS)
    cosigner = _cosigner("the other signer: a dealer if a pit boss signs in, a pit boss if a dealer does")


class OpenInSchema(CloseInSchema):
    explanation = fields.String(
        validate=validate.Length(max=2000),
        metadata={"description": "why the opener differs from the last closer (required when it does)"},
    )


class SlipInSchema(StrictSchema):
    kind = api_fields.choice(
        tuple(SlipKind), "fill (chips from the cage to the table) or credit (back to the cage)"
    )
    lines = api_fields.denominations_in(CHIP_LINES_HELP, CHIPS)


class ReceiveInSchema(StrictSchema):
    cosigner = _cosigner("the other receiver: a dealer if a pit boss signs in, a pit boss if a dealer does")


class SlipVoidInSchema(StrictSchema):
    reason = api_fields.sized_text(1, 500, "why it is voided")
    cosigner = _cosigner("the second signature: another pit boss or a cage cashier")


class DropInSchema(StrictSchema):
    lines = api_fields.denominations_in(CASH_LINES_HELP, CURRENCY)
    cosigners = fields.List(
        fields.Nested(SignatureInSchema),
        required=True,
        validate=validate.Length(min=1, max=10),
        metadata={"description": "the other counters (the count team is two at least)"},
    )
    reason = fields.String(
        validate=validate.Length(max=500),
        metadata={"description": "why the box is counted again (a recount)"},
    )


class NoteInSchema(StrictSchema):
    note = api_fields.sized_text(1, 2000, "what the investigation found")


class SlipsQuerySchema(StrictSchema):
    state = fields.String(
        validate=validate.OneOf(tuple(SlipState)),
        metadata={"description": "only slips in this state (requested: what the cage has to issue)"},
    )
    table = api_fields.record_id("only this table's slips")
    limit = api_fields.bounded(1, 1000, "slips a page", default=100)
    order = order_field(Order.NEWEST, "slips")
    cursor = cursor_field()


class SlipsQueryJson(KeysetQueryJson):
    state: NotRequired[str]
    table: NotRequired[int]


class ChecksQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "sessions opened on this gaming day; default the latest 100"})
    table = api_fields.record_id("only this table's sessions")


class ChecksQueryJson(TypedDict, total=False):
    day: date
    table: int


class DropBoxesQuerySchema(StrictSchema):
    counted = fields.Boolean(
        metadata={"description": "false: the boxes still to count; true: those counted; default both"}
    )


class DropBoxesQueryJson(TypedDict, total=False):
    counted: bool
