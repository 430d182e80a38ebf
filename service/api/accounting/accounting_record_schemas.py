"""Schemas of what the table accounting answers: tray counts, slips and
their signatures, drop counts and boxes, the figures, the check and the
timeline, every field described."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.accounting.check import CheckStatus
from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.sessions import CountKind
from service.accounting.slip_states import SlipKind, SlipState, SlipStep
from service.api.accounting.accounting_schemas import each_denomination


def _money(help_text: str, allow_none: bool = False) -> fields.Integer:
    return fields.Integer(required=True, allow_none=allow_none, metadata={"description": help_text})


def _text(help_text: str, allow_none: bool = False) -> fields.String:
    return fields.String(required=True, allow_none=allow_none, metadata={"description": help_text})


def _when(help_text: str, allow_none: bool = False) -> fields.DateTime:
    return fields.DateTime(required=True, allow_none=allow_none, metadata={"description": help_text})


def _lines_out(help_text: str, denominations: tuple[int, ...] = CHIPS) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={
            "description": f"{help_text}; a denomination with nothing is left out",
            **each_denomination(denominations),
        },
    )


class CountSchema(Schema):
    id = _money("the count's id")
    kind = fields.Enum(CountKind, by_value=True, required=True, metadata={"description": "opener or closer"})
    lines = _lines_out("amounts by chip denomination, minor units")
    total = _money("the tray's value, minor units")
    dealer = _text("the dealer who signed")
    pit_boss = _text("the pit boss who signed")
    counted_at = _when("when it was signed")
    difference = _money("an opener's difference from the last closer, minor units (0: the same)")
    explanation = _text("why an opener differs from the last closer", allow_none=True)


class SignatureSchema(Schema):
    step = fields.Enum(
        SlipStep, by_value=True, required=True, metadata={"description": "issued, received or voided"}
    )
    signed_by = _text("who signed (the cashier, the receiver signed in, the voiding pit boss)")
    cosigned_by = _text("the second signer (a receipt's and a void's)", allow_none=True)
    reason = _text("a void's reason", allow_none=True)
    signed_at = _when("when")


class SlipSchema(Schema):
    number = _money("the slip's number: per casino, without gaps")
    kind = fields.Enum(SlipKind, by_value=True, required=True, metadata={"description": "fill or credit"})
    state = fields.Enum(
        SlipState,
        by_value=True,
        required=True,
        metadata={"description": "requested, issued, received or voided"},
    )
    table_id = _money("the table's id")
    table = _text("the table's name")
    session_id = _money("the table session it belongs to")
    lines = _lines_out("amounts by chip denomination, minor units")
    total = _money("the slip's value, minor units")
    requested_by = _text("the pit boss who requested it")
    requested_at = _when("when it was requested")
    signatures = fields.List(
        fields.Nested(SignatureSchema),
        required=True,
        metadata={"description": "its signatures after the request"},
    )


class DropCountSchema(Schema):
    id = _money("the count's id")
    session_id = _money("the session whose box it counts")
    lines = _lines_out("amounts by note denomination, minor units", CURRENCY)
    total = _money("the drop, minor units")
    counters = fields.List(
        fields.String(), required=True, metadata={"description": "the counters who signed"}
    )
    counted_at = _when("when it was signed")
    supersedes = _money("the count this recount supersedes", allow_none=True)
    reason = _text("a recount's reason", allow_none=True)
    current = fields.Boolean(required=True, metadata={"description": "true: no recount superseded it"})


class FiguresSchema(Schema):
    opener = _money("the opener's total, minor units")
    closer = _money("the closer's total (null while open)", allow_none=True)
    fills = _money("fills received, minor units")
    credits = _money("credits received, minor units")
    drop = _money("the drop counted (null until counted)", allow_none=True)
    win = _money("drop + closer + credits - opener - fills (null until closed and counted)", allow_none=True)
    hold = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "win / drop (0.2 is 20 %); null without a drop"},
    )


class CheckSchema(Schema):
    status = fields.Enum(
        CheckStatus,
        by_value=True,
        required=True,
        metadata={"description": "open, uncounted (closed, box not counted), balanced or differs"},
    )
    rounds = _money("rounds settled in the session (voided ones out, corrected ones as corrected)")
    rounds_net = _money("the house's net from those rounds, minor units")
    difference = _money("win from the chips - rounds' net (null until counted)", allow_none=True)
    tolerance = _money("how far they may differ before the check is flagged, minor units")
    flagged = fields.Boolean(
        required=True, metadata={"description": "the difference is beyond the tolerance"}
    )
    note = _text("the current investigation note", allow_none=True)
    note_by = _text("who wrote it", allow_none=True)


class SessionSchema(Schema):
    id = _money("the session's id")
    table_id = _money("the table's id")
    table = _text("the table's name")
    number = _money("the session's number at its table: 1, 2, ...")
    gaming_day = fields.Date(required=True, metadata={"description": "the gaming day it opened in"})
    shift = _money("the shift it opened in")
    opened_at = _when("when the opener was signed")
    closed_at = _when("when the closer was signed (null: open)", allow_none=True)
    opener = fields.Nested(CountSchema, required=True, metadata={"description": "the opener count"})
    closer = fields.Nested(
        CountSchema, required=True, allow_none=True, metadata={"description": "the closer count (null: open)"}
    )
    figures = fields.Nested(FiguresSchema, required=True, metadata={"description": "the win from the chips"})
    check = fields.Nested(CheckSchema, required=True, metadata={"description": "cards against chips"})


class TimelineEntrySchema(Schema):
    at = _when("when")
    what = _text(
        "opener, round, slip_requested, slip_issued, slip_received, slip_voided, closer, drop_count, note"
    )
    ref = _text("the record: a round's id, a slip's number, a count's id")
    amount = _money("its money: a round's house net, a slip's or count's total", allow_none=True)
    by = fields.List(fields.String(), required=True, metadata={"description": "who signed or entered it"})
    detail = _text("what else it says (a void's reason, a note, a recount's reason)", allow_none=True)


class SessionDetailSchema(SessionSchema):
    slips = fields.List(
        fields.Nested(SlipSchema), required=True, metadata={"description": "the session's slips"}
    )
    drop_counts = fields.List(
        fields.Nested(DropCountSchema),
        required=True,
        metadata={"description": "its drop counts, recounts too"},
    )
    timeline = fields.List(
        fields.Nested(TimelineEntrySchema),
        required=True,
        metadata={"description": "the rounds, slips and counts of the session in time order"},
    )


class DropBoxSchema(Schema):
    session_id = _money("the session whose box it is")
    table_id = _money("the table's id")
    table = _text("the table's name")
    number = _money("the session's number at its table")
    gaming_day = fields.Date(required=True, metadata={"description": "the gaming day the session opened in"})
    closed_at = _when("when the session was closed and its box pulled")
    current = fields.Nested(
        DropCountSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the count that stands (null: not counted yet)"},
    )
