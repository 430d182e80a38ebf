"""An export's ``manifest.json``: who asked, what period and window, the
tables and their rules, the cut and the chain's head it was taken at,
every file's rows, size and digest, and the conventions of the files."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from service.audit.chain import GENESIS
from service.compliance.export_queries import (
    Scope,
)
from service.compliance.export_writer import FORMULA_GUARD
from service.config.version import software_version
from service.store.models import AuditSeal, Export, GameTable, User

TITLE = "Break Poker compliance export"


def manifest_of(
    session: Session,
    export: Export,
    scope: Scope,
    tables: list[GameTable],
    files: list[dict[str, Any]],
    generated_at: datetime,
) -> dict[str, Any]:
    return {
        "title": TITLE,
        "export_id": export.id,
        "software": {"name": "breakpoker", "version": software_version()},
        "generated_at_utc": generated_at.isoformat(),
        "requested_by": _requester(session, export),
        "requested_at_utc": export.requested_at.isoformat(),
        "period": {
            "first_gaming_day": export.first_day.isoformat(),
            "last_gaming_day": export.last_day.isoformat(),
            "audit_window_utc": {"from": scope.window_start.isoformat(), "to": scope.window_end.isoformat()},
        },
        **_tables(export, tables),
        "as_of": scope.cut.to_json(),
        # The chain's head when the export began: kept outside the
        # database, it lets a later verification notice links cut
        # off the end (which leave a chain that is still valid).
        "audit_chain_head": _chain_head(session, scope.cut.seal_seq),
        "files": files,
        "conventions": CONVENTIONS,
    }


CONVENTIONS = {
    "money": "integer minor units",
    "times": "ISO 8601, UTC",
    "csv": "UTF-8 without BOM, comma-separated, CRLF line ends, a header row (RFC 4180)",
    "formula_guard": FORMULA_GUARD,
    "cards": "codes separated by spaces; a setting entered by hand is low / high",
}


def _chain_head(session: Session, seq: int) -> dict[str, Any]:
    seal = session.get(AuditSeal, seq) if seq else None
    return {"seq": seq, "hash": seal.hash if seal is not None else GENESIS}


def _requester(session: Session, export: Export) -> dict[str, Any]:
    user = session.get_one(User, export.requested_by)
    return {"id": user.id, "name": user.name}


def _tables(export: Export, tables: list[GameTable]) -> dict[str, Any]:
    return {
        "tables": (
            "all" if export.table_ids is None else [{"id": table.id, "name": table.name} for table in tables]
        ),
        "schedules": [
            {"table_id": table.id, "timezone": table.timezone, "shift_starts": table.shift_starts}
            for table in tables
        ],
    }
