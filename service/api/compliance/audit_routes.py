"""Compliance: verifying the audit trail (the hash chain, the rounds
against their sealed events, the totals against a recount), as a job."""

from __future__ import annotations

from typing import Any, TypedDict

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.compliance.audit_schemas import (
    VerificationPageSchema,
    VerificationRequestJson,
    VerificationRequestSchema,
    VerificationSchema,
)
from service.api.compliance.export_schemas import ExportsQueryJson, ExportsQuerySchema
from service.api.compliance.job_views import JobJson, job_json, job_page, requester
from service.api.http.blueprint import Blueprint
from service.api.http.paging import LINK_HEADER
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.compliance.verifications import get_verification, list_verifications, request_verification
from service.store.models import AuditVerification
from service.store.paging import Order

PREFIX = "/compliance/audit/verifications"
READERS = (Role.COMPLIANCE, Role.ADMIN)

blp = Blueprint("audit", __name__, url_prefix="/compliance/audit", description="Verifying the audit trail")

# The bodies and queries below stay dict[str, Any]: the request's JSON as
# the schemas load it (a JSON boundary).


class VerificationLinks(TypedDict):
    self: str


class VerificationJson(JobJson):
    """A verification as the API shows it
    (:class:`service.api.compliance.audit_schemas.VerificationSchema`)."""

    id: int
    status: str  # a service.jobs.progress.State
    from_: int | None
    to: int | None
    expect_head: str | None
    intact: bool | None
    # The report column as stored: a JSON boundary (an older version's may
    # differ from audit_verify.AuditReportJson); the schema says what it holds.
    report: dict[str, Any] | None
    links: VerificationLinks


def verification_json(
    verification: AuditVerification, requested_by: str, with_report: bool = True
) -> VerificationJson:
    return {
        "id": verification.id,
        "status": verification.status,
        "from_": verification.first_seq,  # the schema's name; shown as "from"
        "to": verification.last_seq,
        "expect_head": verification.expect_head,
        **job_json(verification, requested_by),
        "intact": verification.intact,
        "report": verification.report if with_report else None,
        "links": {"self": f"/api/v1{PREFIX}/{verification.id}"},
    }


@blp.route("/verifications")
class Verifications(MethodView):
    @blp.arguments(VerificationRequestSchema)
    @blp.response(202, VerificationSchema)
    @roles(*READERS)
    def post(self, body: VerificationRequestJson) -> tuple[VerificationJson, int, dict[str, str]]:
        """Start a verification: the hash chain (or links from..to), every
        stored round against its sealed event, every total against a recount
        of the rounds; each signed chain head against the public keys, and the
        head ``expect_head`` reached. A worker runs it; follow its progress at its link.
        The run is recorded as an ``audit_verified`` event."""
        user = current_user()
        verification = committed(
            lambda: request_verification(
                db(), user, body.get("from_"), body.get("to"), now(), body.get("expect_head")
            )
        )
        shown = verification_json(verification, user.name)
        return shown, 202, {"Location": shown["links"]["self"]}

    @blp.arguments(ExportsQuerySchema, location="query")
    @blp.response(200, VerificationPageSchema, headers=LINK_HEADER)
    @roles(*READERS)
    def get(self, query: ExportsQueryJson) -> tuple[dict[str, Any], int, dict[str, str]]:  # Page.shown
        """Verifications, newest first (``order``), a page at a time, with a Link
        header (reports: see each one)."""
        page = list_verifications(db(), query["page"], query["per_page"], Order(query["order"]))
        return job_page(
            page, lambda verification, name: verification_json(verification, name, with_report=False)
        )


@blp.route("/verifications/<id:verification_id>")
@blp.response(200, VerificationSchema)
@roles(*READERS)
def one_verification(verification_id: int) -> VerificationJson:
    """A verification's status and progress; its report once done."""
    verification = get_verification(db(), verification_id)
    return verification_json(verification, requester(verification))
