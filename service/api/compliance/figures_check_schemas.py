"""Schemas of a verification's recount of the sessions' figures
(:mod:`service.compliance.figures_check`), part of its totals."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.http import fields as api_fields

#: a figure: an amount or count (minor units for money), a gaming day, or
#: null (the row has no recount: its session is not closed and counted)
FIGURE = " (an integer; the gaming day as an ISO 8601 date; null: none)"


class FiguresDifferenceSchema(Schema):
    session_id = api_fields.integer("the table session")
    table_id = api_fields.integer("the table, as stored")
    table = api_fields.text("the table's name")
    gaming_day = api_fields.text("an ISO 8601 date, as stored")
    shift = api_fields.integer("the shift, from 1, as stored")
    column = api_fields.text("e.g. win, drop, rounds_net")
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
    intact = api_fields.flag("every session's figures agree with its records")
    checked = api_fields.integer("sessions' figures rows derived again")
    differing = api_fields.integer("rows with a column that differs")
    differences = api_fields.nested_list(FiguresDifferenceSchema, "the first 100 columns that differ")
