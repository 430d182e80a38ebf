"""Schemas of the compliance exports: the request and what is shown of one."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.blueprint import MAX_ID
from service.api.schemas import StrictSchema
from service.compliance.exports import MAX_TABLES
from service.jobs.progress import STATES


class ExportRequestSchema(StrictSchema):
    from_ = fields.Date(data_key="from", required=True, metadata={"description": "first gaming day"})
    to = fields.Date(required=True, metadata={"description": "last gaming day (at most 366 days on)"})
    tables = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID)),
        validate=validate.Length(min=1, max=MAX_TABLES),
        metadata={"description": "table ids; left out: every table"},
    )


class ExportsQuerySchema(StrictSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class ProgressSchema(Schema):
    """A long job's progress: an export's rows, a verification's links, rounds and totals."""

    done = fields.Integer(
        required=True, metadata={"description": "rows written, or links, rounds and totals checked"}
    )
    total = fields.Integer(
        required=True, metadata={"description": "rows to write, or to check (0: not counted yet)"}
    )
    percent = fields.Float(required=True)


class ExportFileSchema(Schema):
    name = fields.String(required=True)
    size = fields.Integer(required=True)
    sha256 = fields.String(required=True)


class ExportSchema(Schema):
    id = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATES))
    from_ = fields.String(data_key="from", required=True)
    to = fields.String(required=True)
    tables = fields.List(fields.Integer(), allow_none=True, metadata={"description": "null: every table"})
    requested_by = fields.String(required=True)
    requested_at = fields.String(required=True)
    progress = fields.Nested(ProgressSchema, required=True)
    finished_at = fields.String(allow_none=True)
    error = fields.String(allow_none=True)
    file = fields.Nested(ExportFileSchema, allow_none=True)
    manifest = fields.Dict(allow_none=True, metadata={"description": "the manifest.json in the ZIP"})
    links = fields.Dict(keys=fields.String(), values=fields.String())


class ExportPageSchema(Schema):
    items = fields.List(fields.Nested(ExportSchema))
    total = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()
