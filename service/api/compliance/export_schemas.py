"""Schemas of the compliance exports: the request and what is shown of one."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.fields import MAX_ID
from service.api.http.paging import numbered_page_schema, order_field
from service.api.http.schemas import StrictSchema
from service.api.tables.table_schemas import SHIFT_STARTS_HELP
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
    page = api_fields.bounded(1, 1_000_000, "the page, from 1", default=1)
    per_page = api_fields.bounded(1, 500, "items a page", default=50)


class ExportsQueryJson(TypedDict):
    order: str
    page: int
    per_page: int


class ProgressSchema(Schema):
    """A long job's progress: an export's rows, a verification's links, rounds and totals."""

    done = api_fields.integer("rows written, or links, rounds and totals checked")
    total = api_fields.integer("rows to write, or to check (0: not counted yet)")
    percent = api_fields.number("0 to 100 (100 once done)")


class ExportFileSchema(Schema):
    name = api_fields.text("the ZIP's file name on the server")
    size = api_fields.integer("the ZIP's size in bytes")
    sha256 = api_fields.text("the ZIP's SHA-256, in hex")


class NamedSchema(Schema):
    """A user or a table, by id and name."""

    id = api_fields.integer("its id")
    name = api_fields.text("its name")


class SoftwareSchema(Schema):
    name = api_fields.text("always breakpoker")
    version = api_fields.text("the version that built the export")


class AuditWindowSchema(Schema):
    # "from" is a keyword: the field is from_, read from and shown as "from".
    from_ = fields.String(
        attribute="from", data_key="from", required=True, metadata={"description": "ISO 8601, UTC"}
    )
    to = api_fields.text("ISO 8601, UTC (not included)")


class PeriodSchema(Schema):
    first_gaming_day = api_fields.text("an ISO 8601 date")
    last_gaming_day = api_fields.text("an ISO 8601 date")
    audit_window_utc = api_fields.nested(
        AuditWindowSchema, "the events covered: the gaming days in UTC, widened to every round in them"
    )


class ScheduleSchema(Schema):
    table_id = api_fields.integer("the table")
    timezone = api_fields.text("its IANA time zone")
    shift_starts = api_fields.texts(SHIFT_STARTS_HELP)


class TableCurrencySchema(Schema):
    table_id = api_fields.integer("the table")
    code = api_fields.text("ISO 4217 code of its currency")
    minor_unit = api_fields.integer("digits after the point: the files' amounts count this unit")


class CutSchema(Schema):
    """The newest row of each kind when the build began (0: none yet)."""

    round_record_id = api_fields.integer("the newest stored round")
    exception_id = api_fields.integer("the newest void or correction")
    decision_id = api_fields.integer("the newest decision on one")
    audit_event_id = api_fields.integer("the newest audit event")
    audit_seal_seq = api_fields.integer("the newest link of the chain")
    table_session_id = api_fields.integer("the newest table session")
    inventory_count_id = api_fields.integer("the newest tray count (an opener or a closer)")
    slip_id = api_fields.integer("the newest fill or credit")
    slip_signature_id = api_fields.integer("the newest signature on a slip (issued, received, voided)")
    drop_count_id = api_fields.integer("the newest drop count or recount")
    check_note_id = api_fields.integer("the newest note on a check")
    player_id = api_fields.integer("the newest player enrolled")
    player_name_id = api_fields.integer("the newest name of a player (an enrolment or a change of name)")
    rating_id = api_fields.integer("the newest rating (a seat-in)")
    rating_event_id = api_fields.integer("the newest pause, resume or seat-out of a rating")
    buy_in_id = api_fields.integer("the newest buy-in (and cash in)")
    cash_log_entry_id = api_fields.integer("the newest entry of the multiple transaction log")
    report_day_id = api_fields.integer("the newest player-day listed for a currency transaction report")
    identification_id = api_fields.integer("the newest identification recorded (a record, not the document)")
    comp_redemption_id = api_fields.integer("the newest comp redemption")
    rating_correction_id = api_fields.integer("the newest pit boss's correction of a rating")
    alert_id = api_fields.integer(
        "the newest game protection alert (an acknowledgement is cut by its event: audit_event_id)"
    )


class ChainHeadSchema(Schema):
    seq = api_fields.integer("the head's sequence number; 0: none yet")
    hash = api_fields.text("its hash (the genesis hash: none yet)")


class ManifestFileSchema(Schema):
    name = api_fields.text("the file's name in the ZIP")
    description = api_fields.text("what it holds")
    columns = fields.List(
        fields.String(),
        required=True,
        allow_none=True,
        metadata={"description": "a CSV file's header; null for audit_chain.jsonl"},
    )
    rows = api_fields.integer("rows (or lines) it holds")
    bytes = api_fields.integer("its size")
    sha256 = api_fields.text("its SHA-256, in hex")


class ConventionsSchema(Schema):
    money = api_fields.text("how money is written")
    times = api_fields.text("how times are written")
    csv = api_fields.text("the CSV dialect")
    formula_guard = api_fields.text("how cells are kept from formulas")
    cards = api_fields.text("how cards and settings are written")


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

    title = api_fields.text("Break Poker compliance export")
    export_id = api_fields.integer("the export's id")
    software = api_fields.nested(SoftwareSchema, "what built it")
    generated_at_utc = api_fields.text("ISO 8601, UTC")
    requested_by = api_fields.nested(NamedSchema, "the user who asked")
    requested_at_utc = api_fields.text("ISO 8601, UTC")
    period = api_fields.nested(PeriodSchema, "the gaming days covered")
    tables = fields.Raw(required=True, metadata=TABLES)
    schedules = api_fields.nested_list(ScheduleSchema, "each table's gaming day")
    currencies = api_fields.nested_list(
        TableCurrencySchema, "each table's currency: what its amounts in the files are in"
    )
    as_of = api_fields.nested(CutSchema, "the cut the files were taken at")
    audit_chain_head = api_fields.nested(
        ChainHeadSchema, "the chain's head when the build began (later links cut off show)"
    )
    files = api_fields.nested_list(ManifestFileSchema, "the ZIP's files")
    conventions = api_fields.nested(ConventionsSchema, "how the files are written")


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
