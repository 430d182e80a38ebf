"""Compliance: verifying the audit hash chain."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.api.blueprint import MAX_ID, Blueprint
from service.api.schemas import StrictSchema
from service.api.security import current_user, roles
from service.api.session import db
from service.audit_verify import record_verification, verify_chain

blp = Blueprint("audit", __name__, url_prefix="/compliance/audit", description="The audit hash chain")


class VerifyQuerySchema(StrictSchema):
    from_ = fields.Integer(
        data_key="from",
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={"description": "first sequence number to check (default 1: from the genesis)"},
    )
    to = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={"description": "last sequence number to check (default: the chain's head)"},
    )

    @validates_schema
    def ordered(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if "from_" in data and "to" in data and data["to"] < data["from_"]:
            raise ValidationError(f"to ({data['to']}) is before from ({data['from_']})", "to")


class DifferenceSchema(Schema):
    field = fields.String(required=True, metadata={"description": "e.g. payload.house_net"})
    sealed = fields.Raw(allow_none=True)
    current = fields.Raw(allow_none=True)


class BrokenLinkSchema(Schema):
    seq = fields.Integer(required=True)
    event_id = fields.Integer(allow_none=True)
    problem = fields.String(
        required=True,
        metadata={
            "description": "link_missing, link_inserted, link_moved, chain_broken, out_of_order, "
            "unsealed_event, event_missing, seal_rewritten, event_edited or hash_mismatch"
        },
    )
    message = fields.String(required=True)
    differences = fields.List(fields.Nested(DifferenceSchema), required=True)


class ChainReportSchema(Schema):
    intact = fields.Boolean(required=True)
    checked = fields.Integer(required=True, metadata={"description": "links found intact"})
    first_seq = fields.Integer(allow_none=True)
    last_seq = fields.Integer(allow_none=True)
    head = fields.String(allow_none=True, metadata={"description": "hash of the last intact link"})
    anchor = fields.String(required=True, metadata={"description": "what the first link was checked against"})
    pending = fields.Integer(required=True, metadata={"description": "newer events waiting for their seal"})
    broken = fields.Nested(BrokenLinkSchema, allow_none=True)


@blp.route("/verify")
@blp.arguments(VerifyQuerySchema, location="query")
@blp.response(200, ChainReportSchema)
@roles("compliance", "admin")
def verify(query: dict[str, Any]) -> dict[str, Any]:
    """Walk the hash chain (or links from..to) and report the first broken
    link, or that it is intact with the number of links checked. The run is
    recorded as an ``audit_verified`` event."""
    session = db()
    report = verify_chain(session, query.get("from_"), query.get("to"))
    record_verification(session, report, actor_id=current_user().id, via="api")
    session.commit()
    return report.to_json()
