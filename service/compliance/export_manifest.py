"""An export's ``manifest.json``: who asked, what period and window, the
tables and their rules, the cut and the chain's head it was taken at,
every file's rows, size and digest, and the conventions of the files."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal, TypedDict

from service.audit.chain import GENESIS
from service.compliance.export_cells import FORMULA_GUARD
from service.compliance.export_queries import CutJson, Scope
from service.config.version import software_version
from service.store.db import Db
from service.store.models import AuditSeal, Export, GameTable, User
from service.tables.tables import currencies_of

TITLE = "Break Poker compliance export"


class Software(TypedDict):
    name: Annotated[str, "always breakpoker"]
    version: Annotated[str, "the version that built the export"]


class Named(TypedDict):
    """A user or a table: its id and its name."""

    id: Annotated[int, "its id"]
    name: Annotated[str, "its name"]


# "from" is a keyword: the functional form is the only one that can name it.
AuditWindow = TypedDict(
    "AuditWindow",
    {"from": Annotated[str, "ISO 8601, UTC"], "to": Annotated[str, "ISO 8601, UTC (not included)"]},
)


class Period(TypedDict):
    first_gaming_day: Annotated[str, "an ISO 8601 date"]
    last_gaming_day: Annotated[str, "an ISO 8601 date"]
    audit_window_utc: Annotated[
        AuditWindow, "the events covered: the gaming days in UTC, widened to every round in them"
    ]


class Schedule(TypedDict):
    """A table's gaming day: its zone and when its shifts start."""

    table_id: Annotated[int, "the table"]
    timezone: Annotated[str, "its IANA time zone"]
    shift_starts: Annotated[
        list[str],
        'local times HH:MM each shift starts, in order; the first starts the gaming day (default ["06:00", '
        '"14:00", "22:00"])',
    ]


class TableCurrencyJson(TypedDict):
    """A table's currency: what its amounts count the minor unit of."""

    table_id: Annotated[int, "the table"]
    code: Annotated[str, "ISO 4217 code of its currency"]
    minor_unit: Annotated[int, "digits after the point: the files' amounts count this unit"]


class ChainHead(TypedDict):
    seq: Annotated[int, "the head's sequence number; 0: none yet"]
    hash: Annotated[str, "its hash (the genesis hash: none yet)"]


class ManifestFile(TypedDict):
    """A file of the ZIP: what it holds, its rows, size and SHA-256."""

    name: Annotated[str, "the file's name in the ZIP"]
    description: Annotated[str, "what it holds"]
    columns: Annotated[list[str] | None, "a CSV file's header; null for audit_chain.jsonl"]
    rows: Annotated[int, "rows (or lines) it holds"]
    bytes: Annotated[int, "its size"]
    sha256: Annotated[str, "its SHA-256, in hex"]


class Conventions(TypedDict):
    money: Annotated[str, "how money is written"]
    times: Annotated[str, "how times are written"]
    csv: Annotated[str, "the CSV dialect"]
    formula_guard: Annotated[str, "how cells are kept from formulas"]
    cards: Annotated[str, "how cards and settings are written"]


class Manifest(TypedDict):
    """``manifest.json``, also kept in the export's ``manifest`` column."""

    title: Annotated[str, "Break Poker compliance export"]
    export_id: Annotated[int, "the export's id"]
    software: Annotated[Software, "what built it"]
    generated_at_utc: Annotated[str, "ISO 8601, UTC"]
    requested_by: Annotated[Named, "the user who asked"]
    requested_at_utc: Annotated[str, "ISO 8601, UTC"]
    period: Annotated[Period, "the gaming days covered"]
    tables: Literal["all"] | list[Named]
    schedules: Annotated[list[Schedule], "each table's gaming day"]
    currencies: Annotated[
        list[TableCurrencyJson],
        "each table's currency: what its amounts in the files are in",
    ]
    as_of: Annotated[CutJson, "the cut the files were taken at"]
    audit_chain_head: Annotated[ChainHead, "the chain's head when the build began (later links cut off show)"]
    files: Annotated[list[ManifestFile], "the ZIP's files"]
    conventions: Annotated[Conventions, "how the files are written"]


def manifest_of(
    db: Db,
    export: Export,
    scope: Scope,
    tables: list[GameTable],
    files: list[ManifestFile],
    generated_at: datetime,
) -> Manifest:
    return {
        "title": TITLE,
        "export_id": export.id,
        "software": {"name": "breakpoker", "version": software_version()},
        "generated_at_utc": generated_at.isoformat(),
        "requested_by": _requester(db, export),
        "requested_at_utc": export.requested_at.isoformat(),
        "period": {
            "first_gaming_day": export.first_day.isoformat(),
            "last_gaming_day": export.last_day.isoformat(),
            "audit_window_utc": {"from": scope.window_start.isoformat(), "to": scope.window_end.isoformat()},
        },
        "tables": "all" if export.table_ids is None else [_named(table) for table in tables],
        "schedules": [_schedule(table) for table in tables],
        "currencies": _currencies(db, tables),
        "as_of": scope.cut.to_json(),
        # The chain's head when the export began: kept outside the
        # database, it lets a later verification notice links cut
        # off the end (which leave a chain that is still valid).
        "audit_chain_head": _chain_head(db, scope.cut.seal_seq),
        "files": files,
        "conventions": CONVENTIONS,
    }


CONVENTIONS: Conventions = {
    "money": "integer minor units of the table's currency (currencies: ISO 4217 code and minor unit)",
    "times": "ISO 8601, UTC",
    "csv": "UTF-8 without BOM, comma-separated, CRLF line ends, a header row (RFC 4180)",
    "formula_guard": FORMULA_GUARD,
    "cards": "codes separated by spaces; a setting entered by hand is low / high",
}


def _chain_head(db: Db, seq: int) -> ChainHead:
    seal = db.get(AuditSeal, seq) if seq else None
    return {"seq": seq, "hash": seal.hash if seal is not None else GENESIS}


def _requester(db: Db, export: Export) -> Named:
    user = db.get_one(User, export.requested_by)
    return {"id": user.id, "name": user.name}


def _named(table: GameTable) -> Named:
    return {"id": table.id, "name": table.name}


def _currencies(db: Db, tables: list[GameTable]) -> list[TableCurrencyJson]:
    found = currencies_of(db, tables)
    return [
        {"table_id": table.id, "code": found[table.id].code, "minor_unit": found[table.id].minor_unit}
        for table in tables
    ]


def _schedule(table: GameTable) -> Schedule:
    return {"table_id": table.id, "timezone": table.timezone, "shift_starts": table.shift_starts}
