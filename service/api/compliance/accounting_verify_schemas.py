"""Schemas of the verification's accounting part: each stored accounting or
review record against the sealed event that carries it, and each count's
total against its lines (``service/compliance/accounting_verify.py``)."""

from __future__ import annotations

from marshmallow import fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.compliance.accounting_report import (
    PROBLEMS,
    AccountingReportJson,
    FieldDifferenceJson,
    RecordProblemJson,
)

ANY_JSON = ' (any JSON value; the string "(absent)" when this side has no such field)'


FieldDifferenceSchema = answer(
    FieldDifferenceJson,
    "FieldDifferenceSchema",
    stored=fields.Raw(allow_none=True, metadata={"description": "the field as stored now" + ANY_JSON}),
    sealed=fields.Raw(
        allow_none=True, metadata={"description": "the field as its sealed event carries it" + ANY_JSON}
    ),
)


RecordProblemSchema = answer(
    RecordProblemJson,
    "RecordProblemSchema",
    problem=api_fields.choice(
        PROBLEMS,
        "record_edited (a field differs from the event), event_missing (a row no "
        "event carries), record_missing (an event whose row is gone), event_repeated (a second event "
        "of one kind claims the row), event_unreadable (an event that carries no record) or "
        "total_mismatch (a count's total is not the sum of its lines, or its lines are no count; "
        "event_id null: the row is checked on its own)",
    ),
)


AccountingReportSchema = answer(AccountingReportJson, "AccountingReportSchema")
