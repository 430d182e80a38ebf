"""Compliance exports: request one, watch its progress, download the ZIP."""

from __future__ import annotations

import base64
from typing import Any, NotRequired, TypedDict

from flask import Response, send_file
from flask.views import MethodView

from service.accounts.roles import Role
from service.api.compliance.export_schemas import (
    ExportPageSchema,
    ExportRequestJson,
    ExportRequestSchema,
    ExportSchema,
    ExportsQueryJson,
    ExportsQuerySchema,
)
from service.api.compliance.job_views import JobJson, job_json, job_page, requester
from service.api.http.blueprint import Blueprint
from service.api.http.paging import LINK_HEADER
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.compliance.exports import (
    ExportFileJson,
    download,
    export_file,
    get_export,
    list_exports,
    request_export,
)
from service.jobs.progress import DONE
from service.store.models import Export
from service.store.paging import Order

PREFIX = "/compliance/exports"
READERS = (Role.COMPLIANCE, Role.ADMIN)

blp = Blueprint("exports", __name__, url_prefix=PREFIX, description="Compliance exports")

# The bodies and queries below stay dict[str, Any]: the request's JSON as
# the schemas load it (a JSON boundary).


class ExportLinks(TypedDict):
    self: str
    download: NotRequired[str]  # once the ZIP is built


class ExportJson(JobJson):
    """An export as the API shows it (:class:`service.api.compliance.export_schemas.ExportSchema`)."""

    id: int
    status: str  # a service.jobs.progress.State
    from_: str
    to: str
    tables: list[int] | None
    file: ExportFileJson | None
    # The manifest column as stored: a JSON boundary (an older build's may
    # differ from export_manifest.Manifest); the schema says what it holds.
    manifest: dict[str, Any] | None
    links: ExportLinks


def export_json(export: Export, requested_by: str, with_manifest: bool = True) -> ExportJson:
    own = f"/api/v1{PREFIX}/{export.id}"
    links: ExportLinks = {"self": own}
    if export.status == DONE:
        links["download"] = f"{own}/download"
    return {
        "id": export.id,
        "status": export.status,
        "from_": export.first_day.isoformat(),  # the schema's name; shown as "from"
        "to": export.last_day.isoformat(),
        "tables": export.table_ids,
        **job_json(export, requested_by),
        "file": export_file(export),
        "manifest": export.manifest if with_manifest else None,
        "links": links,
    }


@blp.route("")
class Exports(MethodView):
    @blp.arguments(ExportRequestSchema)
    @blp.response(202, ExportSchema)
    @roles(*READERS)
    def post(self, body: ExportRequestJson) -> tuple[ExportJson, int, dict[str, str]]:
        """Start an export of a period's rounds, seats, exceptions and audit
        trail (all tables, or those listed); a worker builds it."""
        user = current_user()
        export = committed(
            lambda: request_export(db(), user, body["from_"], body["to"], body.get("tables"), now())
        )
        shown = export_json(export, user.name)
        return shown, 202, {"Location": shown["links"]["self"]}

    @blp.arguments(ExportsQuerySchema, location="query")
    @blp.response(200, ExportPageSchema, headers=LINK_HEADER)
    @roles(*READERS)
    def get(self, query: ExportsQueryJson) -> tuple[dict[str, Any], int, dict[str, str]]:  # Page.shown
        """Exports, newest first (``order``), a page at a time, with a Link header
        (manifests: see each export)."""
        page = list_exports(db(), query["page"], query["per_page"], Order(query["order"]))
        return job_page(page, lambda export, name: export_json(export, name, with_manifest=False))


@blp.route("/<id:export_id>")
@blp.response(200, ExportSchema)
@roles(*READERS)
def one_export(export_id: int) -> ExportJson:
    """An export's status and progress; its file and manifest once done."""
    export = get_export(db(), export_id)
    return export_json(export, requester(export))


@blp.route("/<id:export_id>/download")
@blp.response(
    200,
    {"type": "string", "format": "binary"},
    content_type="application/zip",
    description="the export's ZIP",
)
@blp.error(409, "export_not_ready: the export is still being built, or it failed")
@roles(*READERS)
def download_export(export_id: int) -> Response:
    """The finished ZIP: the CSV files, audit_chain.jsonl, the chain's signed
    heads (audit_head_signatures.jsonl), manifest.json and its signature.
    Every download is recorded in the audit trail."""
    export = get_export(db(), export_id)
    path = committed(lambda: download(db(), current_user(), export, settings().instance, now()))
    name = (
        f"breakpoker-export-{export.id}-{export.first_day.isoformat()}-to-{export.last_day.isoformat()}.zip"
    )
    response = send_file(path, mimetype="application/zip", as_attachment=True, download_name=name)
    response.headers["Cache-Control"] = "no-store"  # casino records: no copies in caches
    if export.sha256:
        digest = base64.b64encode(bytes.fromhex(export.sha256)).decode()
        response.headers["Repr-Digest"] = f"sha-256=:{digest}:"  # RFC 9530
    return response
