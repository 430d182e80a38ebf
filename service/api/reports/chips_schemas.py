"""Schemas of a report's figures from the chips: the win and hold of the
period's counted table sessions, and the sessions they do not reflect yet."""

from __future__ import annotations

from marshmallow import Schema

from service.api.http import fields as api_fields
from service.reports.pending_sessions import PENDING_SHOWN, PendingReason


class PendingSessionSchema(Schema):
    session_id = api_fields.integer("the table session's id")
    table_id = api_fields.integer("its table")
    table = api_fields.text("its table's name")
    number = api_fields.integer("the session's number at its table (1, 2, ...)")
    gaming_day = api_fields.day("the gaming day it opened in")
    shift = api_fields.integer("the shift it opened in")
    reason = api_fields.choice(
        [reason.value for reason in PendingReason],
        "open: no closer yet; uncounted: closed, its drop box not counted; "
        "figuring: counted, recounted or a round of it voided or corrected since the job kept its "
        "figures (the sums carry the earlier ones meanwhile)",
    )


class ChipsFiguresSchema(Schema):
    """The figures from the chips of the period's counted sessions (each in
    the gaming day and shift it opened in), summed from the rows the
    workers keep; minor units."""

    sessions_counted = api_fields.integer("counted sessions whose kept figures are summed here")
    sessions_pending = api_fields.integer(
        "sessions of the period the sums do not reflect: open, uncounted, figuring"
    )
    pending = api_fields.nested_list(
        PendingSessionSchema, f"those sessions, by table and number (the first {PENDING_SHOWN})"
    )
    opener = api_fields.money("the openers' tray counts, minor units")
    closer = api_fields.money("the closers' tray counts, minor units")
    fills = api_fields.money("the fills received at the tables, minor units")
    credits = api_fields.money("the credits received back by the cage, minor units")
    drop = api_fields.money("the drop boxes' current counts (after any recount), minor units")
    win = api_fields.money("drop + closer + credits - opener - fills, minor units: + when the house is ahead")
    hold = api_fields.number("win / drop; null when the drop is 0", allow_none=True)
    rounds = api_fields.integer("the rounds dealt in those sessions that count (not voided, not corrected)")
    rounds_net = api_fields.money("the house's net from those rounds, minor units: the cards' win")
    difference = api_fields.money("win - rounds_net: cards against chips; 0 when every session balances")
    flagged_sessions = api_fields.integer("counted sessions whose own difference is beyond the tolerance")
    tolerance = api_fields.money("how far a session's cards and chips may differ unflagged, minor units")
