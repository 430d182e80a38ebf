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
from service.api.http.blueprint import MAX_ID
from service.api.http.paging import cursor_field, order_field
from service.api.tables.table_schemas import StrictSchema
from service.store.paging import Order

CHIP_LINES_HELP = (
    'amounts by chip denomination: {"2500": 50000} is 50000 minor units of 25.00 chips; '
    f"denominations {', '.join(map(str, CHIPS))}; each amount a whole number of its chips"
)
CASH_LINES_HELP = (
    'amounts by note denomination: {"2000": 40000} is 400.00 in 20.00 notes; '
    f"denominations {', '.join(map(str, CURRENCY))}"
)


def each_denomination(denominations: tuple[int, ...]) -> dict[str, object]:
    """The document's properties of a count: one per denomination."""
    return {
        "properties": {
            str(value): {
                "type": "integer",
                "minimum": 0,
                "multipleOf": value,
                "description": f"minor units in pieces of {value // 100}.{value % 100:02d}",
            }
            for value in denominations
        },
    }


def _lines(help_text: str, denominations: tuple[int, ...]) -> fields.Dict:
    # Read by the service, not by marshmallow: a bad key or amount is a 422
    # naming lines.<denomination> with the denominations in use.
    return fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        required=True,
        metadata={"description": help_text, **each_denomination(denominations)},
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

    name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=80),
        metadata={"description": "the co-signer's user name"},
    )
    password = fields.String(
        required=True,
        validate=validate.Length(min=1, max=1000),
        metadata={"description": "the co-signer's password, typed at this screen"},
    )


def _cosigner(help_text: str) -> fields.Nested:
    return fields.Nested(SignatureInSchema, required=True, metadata={"description": help_text})


class OpenInSchema(StrictSchema):
    lines = _lines(CHIP_LINES_HELP, CHIPS)
    cosigner = _cosigner("the other signer: a dealer if a pit boss signs in, a pit boss if a dealer does")
    explanation = fields.String(
        validate=validate.Length(max=2000),
        metadata={"description": "why the opener differs from the last closer (required when it does)"},
    )


class CloseInSchema(StrictSchema):
    lines = _lines(CHIP_LINES_HELP, CHIPS)
    cosigner = _cosigner("the other signer: a dealer if a pit boss signs in, a pit boss if a dealer does")


class SlipInSchema(StrictSchema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(tuple(SlipKind)),
        metadata={"description": "fill (chips from the cage to the table) or credit (back to the cage)"},
    )
    lines = _lines(CHIP_LINES_HELP, CHIPS)


class ReceiveInSchema(StrictSchema):
    cosigner = _cosigner("the other receiver: a dealer if a pit boss signs in, a pit boss if a dealer does")


class SlipVoidInSchema(StrictSchema):
    reason = fields.String(
        required=True, validate=validate.Length(min=1, max=500), metadata={"description": "why it is voided"}
    )
    cosigner = _cosigner("the second signature: another pit boss or a cage cashier")


class DropInSchema(StrictSchema):
    lines = _lines(CASH_LINES_HELP, CURRENCY)
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
    note = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2000),
        metadata={"description": "what the investigation found"},
    )


class SlipsQuerySchema(StrictSchema):
    state = fields.String(
        validate=validate.OneOf(tuple(SlipState)),
        metadata={"description": "only slips in this state (requested: what the cage has to issue)"},
    )
    table = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID), metadata={"description": "only this table's slips"}
    )
    limit = fields.Integer(
        load_default=100,
        validate=validate.Range(min=1, max=1000),
        metadata={"description": "slips a page"},
    )
    order = order_field(Order.NEWEST, "slips")
    cursor = cursor_field()


class SlipsQueryJson(TypedDict):
    state: NotRequired[str]
    table: NotRequired[int]
    limit: int
    order: str
    cursor: NotRequired[str]


class ChecksQuerySchema(StrictSchema):
    day = fields.Date(metadata={"description": "sessions opened on this gaming day; default the latest 100"})
    table = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID), metadata={"description": "only this table's sessions"}
    )


class ChecksQueryJson(TypedDict, total=False):
    day: date
    table: int


class DropBoxesQuerySchema(StrictSchema):
    counted = fields.Boolean(
        metadata={"description": "false: the boxes still to count; true: those counted; default both"}
    )


class DropBoxesQueryJson(TypedDict, total=False):
    counted: bool
