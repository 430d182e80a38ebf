"""The accounting records as their events carry them: each event holds its
record whole, so a record edited in the database is found by comparing it
with its sealed event (:mod:`service.compliance.accounting_verify`), and
an export carries the same shapes."""

from __future__ import annotations

from typing import Any

from service.store.db import iso
from service.store.models import DropCount, InventoryCount, Slip, SlipSignature, TableSession

# The records' shapes are the events' JSON payloads (a JSON boundary).
Record = dict[str, Any]


def session_record(table_session: TableSession) -> Record:
    return {
        "session_id": table_session.id,
        "table_id": table_session.table_id,
        "number": table_session.number,
        "gaming_day": table_session.gaming_day.isoformat(),
        "shift": table_session.shift,
        "opened_at": iso(table_session.opened_at),
        "closed_at": None if table_session.closed_at is None else iso(table_session.closed_at),
    }


def count_record(count: InventoryCount) -> Record:
    return {
        "count_id": count.id,
        "session_id": count.session_id,
        "kind": count.kind,
        "lines": dict(count.lines),
        "total": count.total,
        "dealer_id": count.dealer_id,
        "pit_boss_id": count.pit_boss_id,
        "counted_at": iso(count.counted_at),
        "difference": count.difference,
        "explanation": count.explanation,
    }


def slip_record(slip: Slip) -> Record:
    return {
        "slip_id": slip.id,
        "number": slip.number,
        "kind": slip.kind,
        "table_id": slip.table_id,
        "session_id": slip.session_id,
        "lines": dict(slip.lines),
        "total": slip.total,
        "requested_by": slip.requested_by,
        "requested_at": iso(slip.requested_at),
    }


def signature_record(signature: SlipSignature) -> Record:
    return {
        "signature_id": signature.id,
        "slip_id": signature.slip_id,
        "step": signature.step,
        "signed_by": signature.signed_by,
        "cosigned_by": signature.cosigned_by,
        "reason": signature.reason,
        "signed_at": iso(signature.signed_at),
    }


def drop_record(count: DropCount) -> Record:
    return {
        "drop_count_id": count.id,
        "session_id": count.session_id,
        "table_id": count.table_id,
        "lines": dict(count.lines),
        "total": count.total,
        "counters": list(count.counters),
        "counted_at": iso(count.counted_at),
        "supersedes_id": count.supersedes_id,
        "reason": count.reason,
    }
