"""Schemas of what the table accounting answers: tray counts, slips and
their signatures, drop counts and boxes, the figures, the check and the
timeline, every field described."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.accounting.check import CheckStatus
from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.sessions import CountKind
from service.accounting.slip_states import SlipKind, SlipState, SlipStep
from service.api.http import fields as api_fields


class CountSchema(Schema):
    id = api_fields.integer("the count's id")
    kind = api_fields.enum(CountKind, "opener or closer")
    lines = api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS)
    total = api_fields.money("the tray's value, minor units")
    dealer = api_fields.text("the dealer who signed")
    pit_boss = api_fields.text("the pit boss who signed")
    counted_at = api_fields.instant("when it was signed")
    difference = api_fields.money("an opener's difference from the last closer, minor units (0: the same)")
    explanation = api_fields.text("why an opener differs from the last closer", allow_none=True)


class SignatureSchema(Schema):
    step = api_fields.enum(SlipStep, "issued, received or voided")
    signed_by = api_fields.text("who signed (the cashier, the receiver signed in, the voiding pit boss)")
    cosigned_by = api_fields.text("the second signer (a receipt's and a void's)", allow_none=True)
    reason = api_fields.text("a void's reason", allow_none=True)
    signed_at = api_fields.instant("when")


class SlipSchema(Schema):
    number = api_fields.integer("the slip's number: per casino, without gaps")
    kind = api_fields.enum(SlipKind, "fill or credit")
    state = api_fields.enum(SlipState, "requested, issued, received or voided")
    table_id = api_fields.integer("the table's id")
    table = api_fields.text("the table's name")
    session_id = api_fields.integer("the table session it belongs to")
    lines = api_fields.denominations_out("amounts by chip denomination, minor units", CHIPS)
    total = api_fields.money("the slip's value, minor units")
    requested_by = api_fields.text("the pit boss who requested it")
    requested_at = api_fields.instant("when it was requested")
    signatures = api_fields.nested_list(SignatureSchema, "its signatures after the request")


class DropCountSchema(Schema):
    id = api_fields.integer("the count's id")
    session_id = api_fields.integer("the session whose box it counts")
    lines = api_fields.denominations_out("amounts by note denomination, minor units", CURRENCY)
    total = api_fields.money("the drop, minor units")
    counters = api_fields.texts("the counters who signed")
    counted_at = api_fields.instant("when it was signed")
    supersedes = api_fields.integer("the count this recount supersedes", allow_none=True)
    reason = api_fields.text("a recount's reason", allow_none=True)
    current = api_fields.flag("true: no recount superseded it")


class FiguresSchema(Schema):
    opener = api_fields.money("the opener's total, minor units")
    closer = api_fields.money("the closer's total (null while open)", allow_none=True)
    fills = api_fields.money("fills received, minor units")
    credits = api_fields.money("credits received, minor units")
    drop = api_fields.money("the drop counted (null until counted)", allow_none=True)
    win = api_fields.money(
        "drop + closer + credits - opener - fills (null until closed and counted)", allow_none=True
    )
    hold = api_fields.number("win / drop (0.2 is 20 %); null without a drop", allow_none=True)


class CheckSchema(Schema):
    status = api_fields.enum(CheckStatus, "open, uncounted (closed, box not counted), balanced or differs")
    rounds = api_fields.integer(
        "rounds settled in the session (voided ones out, corrected ones as corrected)"
    )
    rounds_net = api_fields.money("the house's net from those rounds, minor units")
    difference = api_fields.money("win from the chips - rounds' net (null until counted)", allow_none=True)
    tolerance = api_fields.money("how far they may differ before the check is flagged, minor units")
    flagged = api_fields.flag("the difference is beyond the tolerance")
    note = api_fields.text("the current investigation note", allow_none=True)
    note_by = api_fields.text("who wrote it", allow_none=True)


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


class TimelineEntrySchema(Schema):
    at = api_fields.instant("when")
    what = api_fields.text(
        "opener, round, slip_requested, slip_issued, slip_received, slip_voided, closer, drop_count, note"
    )
    ref = api_fields.text("the record: a round's id, a slip's number, a count's id")
    amount = api_fields.money("its money: a round's house net, a slip's or count's total", allow_none=True)
    by = api_fields.texts("who signed or entered it")
    detail = api_fields.text(
        "what else it says (a void's reason, a note, a recount's reason)", allow_none=True
    )


class SessionDetailSchema(SessionSchema):
    slips = api_fields.nested_list(SlipSchema, "the session's slips")
    drop_counts = api_fields.nested_list(DropCountSchema, "its drop counts, recounts too")
    timeline = api_fields.nested_list(
        TimelineEntrySchema, "the rounds, slips and counts of the session in time order"
    )


class DropBoxSchema(Schema):
    session_id = api_fields.integer("the session whose box it is")
    table_id = api_fields.integer("the table's id")
    table = api_fields.text("the table's name")
    number = api_fields.integer("the session's number at its table")
    gaming_day = fields.Date(required=True, metadata={"description": "the gaming day the session opened in"})
    closed_at = api_fields.instant("when the session was closed and its box pulled")
    current = api_fields.nested(
        DropCountSchema, "the count that stands (null: not counted yet)", allow_none=True
    )
