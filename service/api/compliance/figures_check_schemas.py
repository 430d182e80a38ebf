"""Schemas of a verification's recount of the sessions' figures
(:mod:`service.compliance.figures_check`), part of its totals."""

from __future__ import annotations

from marshmallow import Schema, fields

#: a figure: an amount or count (minor units for money), a gaming day, or
#: null (the row has no recount: its session is not closed and counted)
FIGURE = " (an integer; the gaming day as an ISO 8601 date; null: none)"


class FiguresDifferenceSchema(Schema):
    session_id = fields.Integer(required=True, metadata={"description": "the table session"})
    table_id = fields.Integer(required=True, metadata={"description": "the table, as stored"})
    table = fields.String(required=True, metadata={"description": "the table's name"})
    gaming_day = fields.String(required=True, metadata={"description": "an ISO 8601 date, as stored"})
    shift = fields.Integer(required=True, metadata={"description": "the shift, from 1, as stored"})
    column = fields.String(required=True, metadata={"description": "e.g. win, drop, rounds_net"})
    # Raw: an integer, a date's text or null, as the column holds.
    stored = fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "the figure as stored" + FIGURE},
    )
    recounted = fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "the figure derived again from the session's records" + FIGURE},
    )


class FiguresReportSchema(Schema):
    intact = fields.Boolean(
        required=True, metadata={"description": "every session's figures agree with its records"}
    )
    checked = fields.Integer(required=True, metadata={"description": "sessions' figures rows derived again"})
    differing = fields.Integer(required=True, metadata={"description": "rows with a column that differs"})
    differences = fields.List(
        fields.Nested(FiguresDifferenceSchema),
        required=True,
        metadata={"description": "the first 100 columns that differ"},
    )
