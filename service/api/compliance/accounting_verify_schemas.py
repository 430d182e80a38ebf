"""Schemas of the verification's accounting part: each stored accounting or
review record against the sealed event that carries it, and each count's
total against its lines (``service/compliance/accounting_verify.py``)."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.compliance.accounting_report import PROBLEMS

ANY_JSON = ' (any JSON value; the string "(absent)" when this side has no such field)'


class FieldDifferenceSchema(Schema):
    field = api_fields.text("the record's field, e.g. total, lines.2500, counters[1]")
    # Raw: a record's field is an amount, an id, a time, lines by
    # denomination (an object), the counters (a list), text or null.
    stored = fields.Raw(allow_none=True, metadata={"description": "the field as stored now" + ANY_JSON})
    sealed = fields.Raw(
        allow_none=True, metadata={"description": "the field as its sealed event carries it" + ANY_JSON}
    )


class RecordProblemSchema(Schema):
    table = api_fields.text(
        "the stored table: table_sessions, inventory_counts, slips, slip_signatures, "
        "drop_counts, check_notes, round_exceptions, exception_decisions, players, player_names, "
        "ratings, rating_events, buy_ins or rating_corrections; "
        "null: an event whose "
        "payload names no record",
        allow_none=True,
    )
    id = api_fields.integer(
        "the row's id (a decision's: its exception's); null: the event names none", allow_none=True
    )
    subject = api_fields.text(
        "its event's subject: session:ID, slip:NUMBER, round:ID (a void or correction), player:ID "
        "or rating:ID"
    )
    event_id = api_fields.integer("the event compared; null: no event carries it", allow_none=True)
    problem = api_fields.choice(
        PROBLEMS,
        "record_edited (a field differs from the event), event_missing (a row no "
        "event carries), record_missing (an event whose row is gone), event_repeated (a second event "
        "of one kind claims the row), event_unreadable (an event that carries no record) or "
        "total_mismatch (a count's total is not the sum of its lines, or its lines are no count; "
        "event_id null: the row is checked on its own)",
    )
    message = api_fields.text("what is wrong, in words")
    differences = api_fields.nested_list(
        FieldDifferenceSchema, "an edited record's fields, stored against sealed"
    )


class AccountingReportSchema(Schema):
    intact = api_fields.flag("every accounting record agrees with its sealed event")
    checked = api_fields.integer("stored accounting rows compared")
    events = api_fields.integer("accounting events read")
    differing = api_fields.integer("problems found")
    problems = api_fields.nested_list(RecordProblemSchema, "the first 100 of them")
