"""Schemas of a verification's recount of the sessions' figures
(:mod:`service.compliance.figures_check`), part of its totals."""

from __future__ import annotations

from marshmallow import fields

from service.api.http.answers import answer
from service.compliance.figures_check import FiguresDifferenceJson, FiguresReportJson

#: a figure: an amount or count (minor units for money), a gaming day, or
#: null (the row has no recount: its session is not closed and counted)
FIGURE = " (an integer; the gaming day as an ISO 8601 date; null: none)"


FiguresDifferenceSchema = answer(
    FiguresDifferenceJson,
    "FiguresDifferenceSchema",
    stored=fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "the figure as stored" + FIGURE},
    ),
    recounted=fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "the figure derived again from the session's records" + FIGURE},
    ),
)


FiguresReportSchema = answer(FiguresReportJson, "FiguresReportSchema")
