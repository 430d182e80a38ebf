"""Schemas of the audit trail's verifications: the request, the job as
shown, and its report (the chain, the rounds, the totals, the accounting
records)."""

from __future__ import annotations

from typing import Any, TypedDict

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.api.compliance.accounting_verify_schemas import ANY_JSON
from service.api.compliance.export_schemas import ProgressSchema
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.fields import MAX_ID
from service.api.http.paging import numbered_page_schema
from service.api.http.schemas import StrictSchema
from service.compliance.audit_verify import AuditReportJson
from service.compliance.chain_report import BrokenLinkJson, ChainReportJson, DifferenceJson
from service.compliance.totals_check import TotalDifferenceJson, TotalsReportJson
from service.jobs.progress import STATES
from service.rounds.sealed_json import RoundProblemJson, RoundsReportJson, SealedMismatchJson


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


DifferenceSchema = answer(
    DifferenceJson,
    "DifferenceSchema",
    sealed=fields.Raw(allow_none=True, metadata={"description": "the field as sealed" + ANY_JSON}),
    current=fields.Raw(allow_none=True, metadata={"description": "the field as stored now" + ANY_JSON}),
)


BrokenLinkSchema = answer(
    BrokenLinkJson,
    "BrokenLinkSchema",
    event_id=fields.Integer(allow_none=True, metadata={"description": "the event it seals"}),
)


ChainReportSchema = answer(
    ChainReportJson,
    "ChainReportSchema",
    first_seq=fields.Integer(allow_none=True, metadata={"description": "the first link walked"}),
    last_seq=fields.Integer(allow_none=True, metadata={"description": "the last link walked"}),
    head=fields.String(allow_none=True, metadata={"description": "hash of the last intact link"}),
    broken=fields.Nested(BrokenLinkSchema, allow_none=True, metadata={"description": "null when intact"}),
    signatures=fields.Integer(metadata={"description": "signed chain heads found to hold (Ed25519)"}),
    signed_seq=fields.Integer(allow_none=True, metadata={"description": "the last signed head checked"}),
)


# Raw: a figure is an amount, a digest, a date, a round id (a string or,
# for old rounds, a number), a count, or the whole sealed payload when it
# is not an object: any JSON value, shown as it is.
MismatchSchema = answer(
    SealedMismatchJson,
    "MismatchSchema",
    stored=fields.Raw(allow_none=True, metadata={"description": "the stored round's figure" + ANY_JSON}),
    sealed=fields.Raw(
        allow_none=True, metadata={"description": "what its sealed round_settled event says" + ANY_JSON}
    ),
)


RoundProblemSchema = answer(
    RoundProblemJson,
    "RoundProblemSchema",
    table_id=fields.Integer(allow_none=True, metadata={"description": "its table; null: the round is gone"}),
    mismatches=api_fields.nested_list(MismatchSchema, "the figures that disagree"),
)


RoundsReportSchema = answer(RoundsReportJson, "RoundsReportSchema")


#: a total: an integer, but a float for the *_stake_squares statistics.
#: Raw with the type "number", not fields.Number: that would show 5 as 5.0.
NUMBER = {"type": "number"}


TotalDifferenceSchema = answer(
    TotalDifferenceJson,
    "TotalDifferenceSchema",
    stored=fields.Raw(
        required=True,
        metadata={
            **NUMBER,
            "description": "the total as stored (minor units for money; a float for *_stake_squares)",
        },
    ),
    recounted=fields.Raw(
        required=True, metadata={**NUMBER, "description": "the total counted again from the rounds"}
    ),
)


TotalsReportSchema = answer(TotalsReportJson, "TotalsReportSchema")


AuditReportSchema = answer(AuditReportJson, "AuditReportSchema")


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
