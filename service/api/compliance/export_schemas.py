"""Schemas of the compliance exports: the request and what is shown of one."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.fields import MAX_ID
from service.api.http.paging import numbered_page_schema, order_field
from service.api.http.schemas import StrictSchema
from service.compliance.export_manifest import (
    AuditWindow,
    ChainHead,
    Conventions,
    Manifest,
    ManifestFile,
    Named,
    Period,
    Schedule,
    Software,
    TableCurrencyJson,
)
from service.compliance.export_queries import CutJson
from service.compliance.exports import MAX_TABLES, ExportFileJson
from service.jobs.progress import STATES, ProgressJson
from service.store.paging import Order


class ExportRequestSchema(StrictSchema):
    from_ = fields.Date(data_key="from", required=True, metadata={"description": "first gaming day"})
    to = fields.Date(required=True, metadata={"description": "last gaming day (at most 366 days on)"})
    tables = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID)),
        validate=validate.Length(min=1, max=MAX_TABLES),
        metadata={"description": "table ids; left out: every table"},
    )


class ExportRequestJson(TypedDict):
    from_: date
    to: date
    tables: NotRequired[list[int]]


class ExportsQuerySchema(StrictSchema):
    order = order_field(Order.NEWEST, "first")
    page = api_fields.bounded(1, 1_000_000, "the page, from 1", default=1)
    per_page = api_fields.bounded(1, 500, "items a page", default=50)


class ExportsQueryJson(TypedDict):
    order: str
    page: int
    per_page: int


ProgressSchema = answer(ProgressJson, "ProgressSchema")


ExportFileSchema = answer(ExportFileJson, "ExportFileSchema")


NamedSchema = answer(Named, "NamedSchema")


SoftwareSchema = answer(Software, "SoftwareSchema")


AuditWindowSchema = answer(AuditWindow, "AuditWindowSchema")


PeriodSchema = answer(Period, "PeriodSchema")


ScheduleSchema = answer(Schedule, "ScheduleSchema")


TableCurrencySchema = answer(TableCurrencyJson, "TableCurrencySchema")


CutSchema = answer(CutJson, "CutSchema")


ChainHeadSchema = answer(ChainHead, "ChainHeadSchema")


ManifestFileSchema = answer(ManifestFile, "ManifestFileSchema")


ConventionsSchema = answer(Conventions, "ConventionsSchema")


#: the manifest's "tables": a union, which a marshmallow field cannot
#: describe; the value is shown as stored.
TABLES = {
    "oneOf": [
        {"type": "string", "enum": ["all"]},
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "name": {"type": "string"}},
                "required": ["id", "name"],
            },
        },
    ],
    "description": '"all" (every table), or the tables asked for, by id and name',
}


ManifestSchema = answer(
    Manifest,
    "ManifestSchema",
    tables=fields.Raw(required=True, metadata=TABLES),
)


class ExportLinksSchema(Schema):
    self = api_fields.text("this export")
    download = fields.String(metadata={"description": "its ZIP; only once it is done"})


class ExportSchema(Schema):
    id = api_fields.integer("the export's id")
    status = api_fields.choice(STATES, "where the build is")
    from_ = fields.String(data_key="from", required=True, metadata={"description": "first gaming day"})
    to = api_fields.text("last gaming day")
    tables = fields.List(
        fields.Integer(),
        allow_none=True,
        metadata={"description": "the table ids asked for; null: every table"},
    )
    requested_by = api_fields.text("the user who asked")
    requested_at = api_fields.text("ISO 8601, UTC")
    progress = api_fields.nested(ProgressSchema, "rows written")
    finished_at = fields.String(
        allow_none=True, metadata={"description": "ISO 8601, UTC; null until done or failed"}
    )
    error = fields.String(allow_none=True, metadata={"description": "why it failed"})
    file = fields.Nested(
        ExportFileSchema, allow_none=True, metadata={"description": "the ZIP; null until done"}
    )
    manifest = fields.Nested(
        ManifestSchema,
        allow_none=True,
        metadata={"description": "the manifest.json in the ZIP; null until done, and in a list"},
    )
    links = api_fields.nested(ExportLinksSchema, "where to go next")


ExportPageSchema = numbered_page_schema(
    "ExportPageSchema", ExportSchema, "newest first; their manifests are null", "exports in all"
)
