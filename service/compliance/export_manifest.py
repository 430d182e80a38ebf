"""An export's ``manifest.json``: who asked, what period and window, the
tables and their rules, the cut and the chain's head it was taken at,
every file's rows, size and digest, and the conventions of the files."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, TypedDict

from service.audit.chain import GENESIS
from service.compliance.export_cells import FORMULA_GUARD
from service.compliance.export_queries import CutJson, Scope
from service.config.version import software_version
from service.store.db import Db
from service.store.models import AuditSeal, Export, GameTable, User
from service.tables.tables import currencies_of

TITLE = "Break Poker compliance export"


class Software(TypedDict):
    name: str
    version: str


class Named(TypedDict):
    """A user or a table: its id and its name."""

    id: int
    name: str


# "from" is a keyword: the functional form is the only one that can name it.
AuditWindow = TypedDict("AuditWindow", {"from": str, "to": str})


class Period(TypedDict):
    first_gaming_day: str  # ISO 8601 dates
    last_gaming_day: str
    audit_window_utc: AuditWindow  # the events covered: the gaming days' UTC window, widened


class Schedule(TypedDict):
    """A table's gaming day: its zone and when its shifts start."""

    table_id: int
    timezone: str
    shift_starts: list[str]  # "HH:MM", local time


class TableCurrencyJson(TypedDict):
    """A table's currency: what its amounts count the minor unit of."""

    table_id: int
    code: str  # ISO 4217
    minor_unit: int  # digits after the point


class ChainHead(TypedDict):
    seq: int  # 0: nothing sealed yet
    hash: str  # the genesis hash when nothing is sealed


class ManifestFile(TypedDict):
    """A file of the ZIP: what it holds, its rows, size and SHA-256."""

    name: str
    description: str
    columns: list[str] | None  # a CSV file's header; None for a JSON-lines file
    rows: int
    bytes: int
    sha256: str


class Conventions(TypedDict):
    money: str
    times: str
    csv: str
    formula_guard: str
    cards: str


class Manifest(TypedDict):
    """``manifest.json``, also kept in the export's ``manifest`` column."""

    title: str
    export_id: int
    software: Software
    generated_at_utc: str
    requested_by: Named
    requested_at_utc: str
    period: Period
    tables: Literal["all"] | list[Named]
    schedules: list[Schedule]
    currencies: list[TableCurrencyJson]
    as_of: CutJson
    audit_chain_head: ChainHead
    files: list[ManifestFile]
    conventions: Conventions


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
