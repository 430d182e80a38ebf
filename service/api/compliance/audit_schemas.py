"""Schemas of the audit trail's verifications: the request, the job as
shown, and its report (the chain, the rounds, the totals, the accounting
records)."""

from __future__ import annotations

from typing import Any, TypedDict

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.api.compliance.accounting_verify_schemas import ANY_JSON, AccountingReportSchema
from service.api.compliance.export_schemas import ProgressSchema
from service.api.compliance.figures_check_schemas import FiguresReportSchema
from service.api.http import fields as api_fields
from service.api.http.fields import MAX_ID
from service.api.http.paging import numbered_page_schema
from service.api.http.schemas import StrictSchema
from service.jobs.progress import STATES


class VerificationRequestSchema(StrictSchema):
    from_ = fields.Integer(
        data_key="from",
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={
            "description": "first link (sequence number) of the chain to check (default 1: the genesis)"
        },
    )
    to = api_fields.record_id("last link of the chain to check (default: the chain's head)")

    expect_head = fields.String(
        validate=validate.Regexp(
            r"^\d+:[0-9a-f]{64}$", error="not SEQ:HASH (a sequence number, a colon, 64 hex digits)"
        ),
        metadata={
            "description": "SEQ:HASH, a head recorded outside the database (the signed-heads log, an "
            "export's manifest): the chain must reach it with that hash, or the verification fails "
            "(links cut off the end)",
            "example": "1024:" + "0" * 64,
        },
    )

    @validates_schema
    def ordered(self, data: dict[str, Any], **_kwargs: Any) -> None:  # the request's JSON, loaded
        if "from_" in data and "to" in data and data["to"] < data["from_"]:
            raise ValidationError(f"to ({data['to']}) is before from ({data['from_']})", "to")


class VerificationRequestJson(TypedDict, total=False):
    from_: int
    to: int
    expect_head: str


#: what an event's field, or a round's figure, can hold: any JSON value


class DifferenceSchema(Schema):
    field = api_fields.text("e.g. payload.house_net")
    # Raw: an event's payload is free-form, so its field can be a number, a
    # string, a list, an object or null, and is shown as it is.
    sealed = fields.Raw(allow_none=True, metadata={"description": "the field as sealed" + ANY_JSON})
    current = fields.Raw(allow_none=True, metadata={"description": "the field as stored now" + ANY_JSON})


class BrokenLinkSchema(Schema):
    seq = api_fields.integer("the first link that does not hold")
    event_id = fields.Integer(allow_none=True, metadata={"description": "the event it seals"})
    problem = api_fields.text(
        "link_missing, link_inserted, link_moved, chain_broken, out_of_order, "
        "unsealed_event, event_missing, seal_rewritten, event_edited, hash_mismatch or chain_empty"
    )
    message = api_fields.text("what is wrong, in words")
    differences = api_fields.nested_list(DifferenceSchema, "an edited event's fields")


class ChainReportSchema(Schema):
    intact = api_fields.flag("no link broken")
    checked = api_fields.integer("links found intact")
    first_seq = fields.Integer(allow_none=True, metadata={"description": "the first link walked"})
    last_seq = fields.Integer(allow_none=True, metadata={"description": "the last link walked"})
    head = fields.String(allow_none=True, metadata={"description": "hash of the last intact link"})
    anchor = api_fields.text("what the first link was checked against")
    pending = api_fields.integer("newer events waiting for their seal")
    broken = fields.Nested(BrokenLinkSchema, allow_none=True, metadata={"description": "null when intact"})
    signatures = fields.Integer(metadata={"description": "signed chain heads found to hold (Ed25519)"})
    signed_seq = fields.Integer(allow_none=True, metadata={"description": "the last signed head checked"})


class MismatchSchema(Schema):
    field = api_fields.text("e.g. house_net, request_digest, shift")
    # Raw: a figure is an amount, a digest, a date, a round id (a string or,
    # for old rounds, a number), a count, or the whole sealed payload when
    # it is not an object: any JSON value, shown as it is.
    stored = fields.Raw(allow_none=True, metadata={"description": "the stored round's figure" + ANY_JSON})
    sealed = fields.Raw(
        allow_none=True, metadata={"description": "what its sealed round_settled event says" + ANY_JSON}
    )


class RoundProblemSchema(Schema):
    id = api_fields.integer("the stored round (its record's id)")
    table_id = fields.Integer(allow_none=True, metadata={"description": "its table; null: the round is gone"})
    mismatches = api_fields.nested_list(MismatchSchema, "the figures that disagree")


class RoundsReportSchema(Schema):
    intact = api_fields.flag("every round agrees with its event")
    checked = api_fields.integer("stored rounds compared")
    differing = api_fields.integer("rounds (or events) that disagree")
    problems = api_fields.nested_list(RoundProblemSchema, "the first 100 of them")
    placement_unchecked = api_fields.integer("rounds whose event predates sealed placements")


#: a total: an integer, but a float for the *_stake_squares statistics.
#: Raw with the type "number", not fields.Number: that would show 5 as 5.0.
NUMBER = {"type": "number"}


class TotalDifferenceSchema(Schema):
    table_id = api_fields.integer("the table")
    table = api_fields.text("the table's name")
    gaming_day = api_fields.text("an ISO 8601 date")
    shift = api_fields.integer("the shift, from 1")
    dealer_id = api_fields.integer("the dealer")
    dealer = api_fields.text("the dealer's name")
    config_version = api_fields.integer("the table's config version")
    column = api_fields.text("e.g. main_house_net")
    stored = fields.Raw(
        required=True,
        metadata={
            **NUMBER,
            "description": "the total as stored (minor units for money; a float for *_stake_squares)",
        },
    )
    recounted = fields.Raw(
        required=True, metadata={**NUMBER, "description": "the total counted again from the rounds"}
    )


class TotalsReportSchema(Schema):
    intact = api_fields.flag("every total agrees with a recount")
    checked = api_fields.integer("shift totals compared")
    differing = api_fields.integer("shift totals with a column that differs")
    differences = api_fields.nested_list(TotalDifferenceSchema, "the first 100 columns that differ")
    taken_out_counting = api_fields.integers("rounds taken out of the totals although they still count")
    session_figures = api_fields.nested(
        FiguresReportSchema, "each session's figures (win, drop, the check) against its records"
    )


class AuditReportSchema(Schema):
    intact = api_fields.flag("the chain, the rounds, the totals and the accounting records")
    chain = api_fields.nested(ChainReportSchema, "the hash chain")
    rounds = api_fields.nested(RoundsReportSchema, "the rounds against their sealed events")
    totals = api_fields.nested(TotalsReportSchema, "the totals against a recount")
    accounting = api_fields.nested(
        AccountingReportSchema,
        "the table sessions, tray counts, slips, signatures, drop counts, check "
        "notes, and the void and correction requests and decisions against their sealed events",
    )


class VerificationLinksSchema(Schema):
    self = api_fields.text("this verification")


class VerificationSchema(Schema):
    id = api_fields.integer("the verification's id")
    status = api_fields.choice(STATES, "where the job is")
    from_ = fields.Integer(
        data_key="from", allow_none=True, metadata={"description": "null: from the genesis"}
    )
    to = fields.Integer(allow_none=True, metadata={"description": "null: to the chain's head"})
    expect_head = fields.String(
        allow_none=True, metadata={"description": "SEQ:HASH the chain must reach; null: not asked"}
    )
    requested_by = api_fields.text("the user who asked")
    requested_at = api_fields.text("ISO 8601, UTC")
    progress = api_fields.nested(ProgressSchema, "links, rounds and totals checked")
    finished_at = fields.String(
        allow_none=True, metadata={"description": "ISO 8601, UTC; null until done or failed"}
    )
    error = fields.String(allow_none=True, metadata={"description": "why it failed"})
    intact = fields.Boolean(allow_none=True, metadata={"description": "null until done"})
    report = fields.Nested(AuditReportSchema, allow_none=True, metadata={"description": "once done"})
    links = api_fields.nested(VerificationLinksSchema, "where to go next")


VerificationPageSchema = numbered_page_schema(
    "VerificationPageSchema",
    VerificationSchema,
    "newest first; their reports are null",
    "verifications in all",
)
