"""Schemas of the verification's accounting part: each stored accounting or
review record against the sealed event that carries it, and each count's
total against its lines (``service/compliance/accounting_verify.py``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.compliance.accounting_report import PROBLEMS

ANY_JSON = ' (any JSON value; the string "(absent)" when this side has no such field)'


class FieldDifferenceSchema(Schema):
    field = fields.String(
        required=True, metadata={"description": "the record's field, e.g. total, lines.2500, counters[1]"}
    )
    # Raw: a record's field is an amount, an id, a time, lines by
    # denomination (an object), the counters (a list), text or null.
    stored = fields.Raw(allow_none=True, metadata={"description": "the field as stored now" + ANY_JSON})
    sealed = fields.Raw(
        allow_none=True, metadata={"description": "the field as its sealed event carries it" + ANY_JSON}
    )


class RecordProblemSchema(Schema):
    table = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the stored table: table_sessions, inventory_counts, slips, slip_signatures, "
            "drop_counts, check_notes, round_exceptions or exception_decisions; null: an event whose "
            "payload names no record"
        },
    )
    id = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "the row's id (a decision's: its exception's); null: the event names none"},
    )
    subject = fields.String(
        required=True,
        metadata={
            "description": "its event's subject: session:ID, slip:NUMBER or round:ID (a void or correction)"
        },
    )
    event_id = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "the event compared; null: no event carries it"},
    )
    problem = fields.String(
        required=True,
        validate=validate.OneOf(PROBLEMS),
        metadata={
            "description": "record_edited (a field differs from the event), event_missing (a row no "
            "event carries), record_missing (an event whose row is gone), event_repeated (a second event "
            "of one kind claims the row), event_unreadable (an event that carries no record) or "
            "total_mismatch (a count's total is not the sum of its lines, or its lines are no count; "
            "event_id null: the row is checked on its own)"
        },
    )
    message = fields.String(required=True, metadata={"description": "what is wrong, in words"})
    differences = fields.List(
        fields.Nested(FieldDifferenceSchema),
        required=True,
        metadata={"description": "an edited record's fields, stored against sealed"},
    )


class AccountingReportSchema(Schema):
    intact = fields.Boolean(
        required=True, metadata={"description": "every accounting record agrees with its sealed event"}
    )
    checked = fields.Integer(required=True, metadata={"description": "stored accounting rows compared"})
    events = fields.Integer(required=True, metadata={"description": "accounting events read"})
    differing = fields.Integer(required=True, metadata={"description": "problems found"})
    problems = fields.List(
        fields.Nested(RecordProblemSchema), required=True, metadata={"description": "the first 100 of them"}
    )
