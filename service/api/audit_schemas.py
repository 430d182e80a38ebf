"""Schemas of the audit trail's verifications: the request, the job as
shown, and its report (the chain, the rounds, the totals)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.api.blueprint import MAX_ID
from service.api.export_schemas import ProgressSchema
from service.api.schemas import StrictSchema
from service.jobs.progress import STATES


class VerificationRequestSchema(StrictSchema):
    from_ = fields.Integer(
        data_key="from",
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={
            "description": "first link (sequence number) of the chain to check (default 1: the genesis)"
        },
    )
    to = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={"description": "last link of the chain to check (default: the chain's head)"},
    )

    @validates_schema
    def ordered(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if "from_" in data and "to" in data and data["to"] < data["from_"]:
            raise ValidationError(f"to ({data['to']}) is before from ({data['from_']})", "to")


class DifferenceSchema(Schema):
    field = fields.String(required=True, metadata={"description": "e.g. payload.house_net"})
    sealed = fields.Raw(allow_none=True, metadata={"description": "the field as sealed"})
    current = fields.Raw(allow_none=True, metadata={"description": "the field as stored now"})


class BrokenLinkSchema(Schema):
    seq = fields.Integer(required=True, metadata={"description": "the first link that does not hold"})
    event_id = fields.Integer(allow_none=True, metadata={"description": "the event it seals"})
    problem = fields.String(
        required=True,
        metadata={
            "description": "link_missing, link_inserted, link_moved, chain_broken, out_of_order, "
            "unsealed_event, event_missing, seal_rewritten, event_edited, hash_mismatch or chain_empty"
        },
    )
    message = fields.String(required=True, metadata={"description": "what is wrong, in words"})
    differences = fields.List(
        fields.Nested(DifferenceSchema), required=True, metadata={"description": "an edited event's fields"}
    )


class ChainReportSchema(Schema):
    intact = fields.Boolean(required=True)
    checked = fields.Integer(required=True, metadata={"description": "links found intact"})
    first_seq = fields.Integer(allow_none=True, metadata={"description": "the first link walked"})
    last_seq = fields.Integer(allow_none=True, metadata={"description": "the last link walked"})
    head = fields.String(allow_none=True, metadata={"description": "hash of the last intact link"})
    anchor = fields.String(required=True, metadata={"description": "what the first link was checked against"})
    pending = fields.Integer(required=True, metadata={"description": "newer events waiting for their seal"})
    broken = fields.Nested(BrokenLinkSchema, allow_none=True, metadata={"description": "null when intact"})


class MismatchSchema(Schema):
    field = fields.String(required=True, metadata={"description": "e.g. house_net, request_digest, shift"})
    stored = fields.Raw(allow_none=True, metadata={"description": "the stored round's figure"})
    sealed = fields.Raw(allow_none=True, metadata={"description": "what its sealed round_settled event says"})


class RoundProblemSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the stored round (its record's id)"})
    table_id = fields.Integer(allow_none=True)
    mismatches = fields.List(fields.Nested(MismatchSchema), required=True)


class RoundsReportSchema(Schema):
    intact = fields.Boolean(required=True)
    checked = fields.Integer(required=True, metadata={"description": "stored rounds compared"})
    differing = fields.Integer(required=True, metadata={"description": "rounds (or events) that disagree"})
    problems = fields.List(
        fields.Nested(RoundProblemSchema), required=True, metadata={"description": "the first 100 of them"}
    )
    placement_unchecked = fields.Integer(
        required=True, metadata={"description": "rounds whose event predates sealed placements"}
    )


class TotalDifferenceSchema(Schema):
    table_id = fields.Integer(required=True)
    table = fields.String(required=True, metadata={"description": "the table's name"})
    gaming_day = fields.String(required=True)
    shift = fields.Integer(required=True)
    dealer_id = fields.Integer(required=True)
    dealer = fields.String(required=True, metadata={"description": "the dealer's name"})
    config_version = fields.Integer(required=True)
    column = fields.String(required=True, metadata={"description": "e.g. main_house_net"})
    stored = fields.Raw(
        required=True, metadata={"description": "the total as stored (minor units for money)"}
    )
    recounted = fields.Raw(required=True, metadata={"description": "the total counted again from the rounds"})


class TotalsReportSchema(Schema):
    intact = fields.Boolean(required=True)
    checked = fields.Integer(required=True, metadata={"description": "shift totals compared"})
    differing = fields.Integer(
        required=True, metadata={"description": "shift totals with a column that differs"}
    )
    differences = fields.List(
        fields.Nested(TotalDifferenceSchema),
        required=True,
        metadata={"description": "the first 100 columns that differ"},
    )
    taken_out_counting = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "rounds taken out of the totals although they still count"},
    )


class AuditReportSchema(Schema):
    intact = fields.Boolean(required=True, metadata={"description": "the chain, the rounds and the totals"})
    chain = fields.Nested(ChainReportSchema, required=True)
    rounds = fields.Nested(RoundsReportSchema, required=True)
    totals = fields.Nested(TotalsReportSchema, required=True)


class VerificationSchema(Schema):
    id = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATES))
    from_ = fields.Integer(
        data_key="from", allow_none=True, metadata={"description": "null: from the genesis"}
    )
    to = fields.Integer(allow_none=True, metadata={"description": "null: to the chain's head"})
    requested_by = fields.String(required=True)
    requested_at = fields.String(required=True)
    progress = fields.Nested(ProgressSchema, required=True)
    finished_at = fields.String(allow_none=True)
    error = fields.String(allow_none=True, metadata={"description": "why it failed"})
    intact = fields.Boolean(allow_none=True, metadata={"description": "null until done"})
    report = fields.Nested(AuditReportSchema, allow_none=True, metadata={"description": "once done"})
    links = fields.Dict(keys=fields.String(), values=fields.String())


class VerificationPageSchema(Schema):
    items = fields.List(fields.Nested(VerificationSchema))
    total = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()
