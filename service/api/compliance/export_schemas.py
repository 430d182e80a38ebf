"""Schemas of the compliance exports: the request and what is shown of one."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http.blueprint import MAX_ID
from service.api.http.paging import order_field
from service.api.tables.table_schemas import SHIFT_STARTS_HELP, StrictSchema
from service.compliance.exports import MAX_TABLES
from service.jobs.progress import STATES
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
    page = fields.Integer(
        load_default=1,
        validate=validate.Range(min=1, max=1_000_000),
        metadata={"description": "the page, from 1"},
    )
    per_page = fields.Integer(
        load_default=50, validate=validate.Range(min=1, max=500), metadata={"description": "items a page"}
    )


class ExportsQueryJson(TypedDict):
    order: str
    page: int
    per_page: int


class ProgressSchema(Schema):
    """A long job's progress: an export's rows, a verification's links, rounds and totals."""

    done = fields.Integer(
        required=True, metadata={"description": "rows written, or links, rounds and totals checked"}
    )
    total = fields.Integer(
        required=True, metadata={"description": "rows to write, or to check (0: not counted yet)"}
    )
    percent = fields.Float(required=True, metadata={"description": "0 to 100 (100 once done)"})


class ExportFileSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the ZIP's file name on the server"})
    size = fields.Integer(required=True, metadata={"description": "the ZIP's size in bytes"})
    sha256 = fields.String(required=True, metadata={"description": "the ZIP's SHA-256, in hex"})


class NamedSchema(Schema):
    """A user or a table, by id and name."""

    id = fields.Integer(required=True, metadata={"description": "its id"})
    name = fields.String(required=True, metadata={"description": "its name"})


class SoftwareSchema(Schema):
    name = fields.String(required=True, metadata={"description": "always breakpoker"})
    version = fields.String(required=True, metadata={"description": "the version that built the export"})


class AuditWindowSchema(Schema):
    # "from" is a keyword: the field is from_, read from and shown as "from".
    from_ = fields.String(
        attribute="from", data_key="from", required=True, metadata={"description": "ISO 8601, UTC"}
    )
    to = fields.String(required=True, metadata={"description": "ISO 8601, UTC (not included)"})


class PeriodSchema(Schema):
    first_gaming_day = fields.String(required=True, metadata={"description": "an ISO 8601 date"})
    last_gaming_day = fields.String(required=True, metadata={"description": "an ISO 8601 date"})
    audit_window_utc = fields.Nested(
        AuditWindowSchema,
        required=True,
        metadata={
            "description": "the events covered: the gaming days in UTC, widened to every round in them"
        },
    )


class ScheduleSchema(Schema):
    table_id = fields.Integer(required=True, metadata={"description": "the table"})
    timezone = fields.String(required=True, metadata={"description": "its IANA time zone"})
    shift_starts = fields.List(fields.String(), required=True, metadata={"description": SHIFT_STARTS_HELP})


class TableCurrencySchema(Schema):
    table_id = fields.Integer(required=True, metadata={"description": "the table"})
    code = fields.String(required=True, metadata={"description": "ISO 4217 code of its currency"})
    minor_unit = fields.Integer(
        required=True, metadata={"description": "digits after the point: the files' amounts count this unit"}
    )


class CutSchema(Schema):
    """The newest row of each kind when the build began (0: none yet)."""

    round_record_id = fields.Integer(required=True, metadata={"description": "the newest stored round"})
    exception_id = fields.Integer(required=True, metadata={"description": "the newest void or correction"})
    decision_id = fields.Integer(required=True, metadata={"description": "the newest decision on one"})
    audit_event_id = fields.Integer(required=True, metadata={"description": "the newest audit event"})
    audit_seal_seq = fields.Integer(required=True, metadata={"description": "the newest link of the chain"})
    table_session_id = fields.Integer(required=True, metadata={"description": "the newest table session"})
    inventory_count_id = fields.Integer(
        required=True, metadata={"description": "the newest tray count (an opener or a closer)"}
    )
    slip_id = fields.Integer(required=True, metadata={"description": "the newest fill or credit"})
    slip_signature_id = fields.Integer(
        required=True, metadata={"description": "the newest signature on a slip (issued, received, voided)"}
    )
    drop_count_id = fields.Integer(
        required=True, metadata={"description": "the newest drop count or recount"}
    )
    check_note_id = fields.Integer(required=True, metadata={"description": "the newest note on a check"})


class ChainHeadSchema(Schema):
    seq = fields.Integer(required=True, metadata={"description": "the head's sequence number; 0: none yet"})
    hash = fields.String(required=True, metadata={"description": "its hash (the genesis hash: none yet)"})


class ManifestFileSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the file's name in the ZIP"})
    description = fields.String(required=True, metadata={"description": "what it holds"})
    columns = fields.List(
        fields.String(),
        required=True,
        allow_none=True,
        metadata={"description": "a CSV file's header; null for audit_chain.jsonl"},
    )
    rows = fields.Integer(required=True, metadata={"description": "rows (or lines) it holds"})
    bytes = fields.Integer(required=True, metadata={"description": "its size"})
    sha256 = fields.String(required=True, metadata={"description": "its SHA-256, in hex"})


class ConventionsSchema(Schema):
    money = fields.String(required=True, metadata={"description": "how money is written"})
    times = fields.String(required=True, metadata={"description": "how times are written"})
    csv = fields.String(required=True, metadata={"description": "the CSV dialect"})
    formula_guard = fields.String(required=True, metadata={"description": "how cells are kept from formulas"})
    cards = fields.String(required=True, metadata={"description": "how cards and settings are written"})


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


class ManifestSchema(Schema):
    """The export's manifest.json (:class:`service.compliance.export_manifest.Manifest`)."""

    title = fields.String(required=True, metadata={"description": "Break Poker compliance export"})
    export_id = fields.Integer(required=True, metadata={"description": "the export's id"})
    software = fields.Nested(SoftwareSchema, required=True, metadata={"description": "what built it"})
    generated_at_utc = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    requested_by = fields.Nested(NamedSchema, required=True, metadata={"description": "the user who asked"})
    requested_at_utc = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    period = fields.Nested(PeriodSchema, required=True, metadata={"description": "the gaming days covered"})
    tables = fields.Raw(required=True, metadata=TABLES)
    schedules = fields.List(
        fields.Nested(ScheduleSchema), required=True, metadata={"description": "each table's gaming day"}
    )
    currencies = fields.List(
        fields.Nested(TableCurrencySchema),
        required=True,
        metadata={"description": "each table's currency: what its amounts in the files are in"},
    )
    as_of = fields.Nested(
        CutSchema, required=True, metadata={"description": "the cut the files were taken at"}
    )
    audit_chain_head = fields.Nested(
        ChainHeadSchema,
        required=True,
        metadata={"description": "the chain's head when the build began (later links cut off show)"},
    )
    files = fields.List(
        fields.Nested(ManifestFileSchema), required=True, metadata={"description": "the ZIP's files"}
    )
    conventions = fields.Nested(
        ConventionsSchema, required=True, metadata={"description": "how the files are written"}
    )


class ExportLinksSchema(Schema):
    self = fields.String(required=True, metadata={"description": "this export"})
    download = fields.String(metadata={"description": "its ZIP; only once it is done"})


class ExportSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the export's id"})
    status = fields.String(
        required=True, validate=validate.OneOf(STATES), metadata={"description": "where the build is"}
    )
    from_ = fields.String(data_key="from", required=True, metadata={"description": "first gaming day"})
    to = fields.String(required=True, metadata={"description": "last gaming day"})
    tables = fields.List(
        fields.Integer(),
        allow_none=True,
        metadata={"description": "the table ids asked for; null: every table"},
    )
    requested_by = fields.String(required=True, metadata={"description": "the user who asked"})
    requested_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    progress = fields.Nested(ProgressSchema, required=True, metadata={"description": "rows written"})
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
    links = fields.Nested(ExportLinksSchema, required=True, metadata={"description": "where to go next"})


class ExportPageSchema(Schema):
    items = fields.List(
        fields.Nested(ExportSchema), metadata={"description": "newest first; their manifests are null"}
    )
    total = fields.Integer(metadata={"description": "exports in all"})
    page = fields.Integer(metadata={"description": "this page, from 1"})
    per_page = fields.Integer(metadata={"description": "items a page"})
