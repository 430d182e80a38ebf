"""Schemas of a report's figures from the chips: the win and hold of the
period's counted table sessions, and the sessions they do not reflect yet."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.reports.report_fields import count_field, day_field
from service.reports.pending_sessions import PENDING_SHOWN, PendingReason


class PendingSessionSchema(Schema):
    session_id = count_field("the table session's id")
    table_id = count_field("its table")
    table = fields.String(required=True, metadata={"description": "its table's name"})
    number = count_field("the session's number at its table (1, 2, ...)")
    gaming_day = day_field("the gaming day it opened in")
    shift = count_field("the shift it opened in")
    reason = fields.String(
        required=True,
        validate=validate.OneOf([reason.value for reason in PendingReason]),
        metadata={
            "description": "open: no closer yet; uncounted: closed, its drop box not counted; "
            "figuring: counted, recounted or a round of it voided or corrected since the job kept its "
            "figures (the sums carry the earlier ones meanwhile)"
        },
    )


class ChipsFiguresSchema(Schema):
    """The figures from the chips of the period's counted sessions (each in
    the gaming day and shift it opened in), summed from the rows the
    workers keep; minor units."""

    sessions_counted = count_field("counted sessions whose kept figures are summed here")
    sessions_pending = count_field(
        "sessions of the period the sums do not reflect: open, uncounted, figuring"
    )
    pending = fields.List(
        fields.Nested(PendingSessionSchema),
        required=True,
        metadata={"description": f"those sessions, by table and number (the first {PENDING_SHOWN})"},
    )
    opener = count_field("the openers' tray counts, minor units")
    closer = count_field("the closers' tray counts, minor units")
    fills = count_field("the fills received at the tables, minor units")
    credits = count_field("the credits received back by the cage, minor units")
    drop = count_field("the drop boxes' current counts (after any recount), minor units")
    win = count_field("drop + closer + credits - opener - fills, minor units: + when the house is ahead")
    hold = fields.Float(
        required=True, allow_none=True, metadata={"description": "win / drop; null when the drop is 0"}
    )
    rounds = count_field("the rounds dealt in those sessions that count (not voided, not corrected)")
    rounds_net = count_field("the house's net from those rounds, minor units: the cards' win")
    difference = count_field("win - rounds_net: cards against chips; 0 when every session balances")
    flagged_sessions = count_field("counted sessions whose own difference is beyond the tolerance")
    tolerance = count_field("how far a session's cards and chips may differ unflagged, minor units")
