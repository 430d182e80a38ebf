"""The problems a stored accounting or review row shows by itself, beside
its event (:mod:`service.compliance.accounting_verify`): a row no event
claims (written outside the service), and a count whose total is not the
sum of its lines, which a record its event agrees with may still be."""

from __future__ import annotations

from typing import Any

from service.accounting.denominations import count_fault
from service.compliance.accounting_claims import SESSIONS, SIGNATURES, SLIPS, TABLES
from service.compliance.accounting_report import EVENT_MISSING, TOTAL_MISMATCH, RecordProblem
from service.compliance.cash_claims import CASH_TABLES, cash_subject
from service.compliance.comp_claims import COMP_TABLES, COMPS
from service.compliance.player_claims import NAMES, PLAYER_TABLES, PLAYERS
from service.compliance.protection_claims import PROTECTION_TABLES, protection_subject
from service.compliance.rating_claims import RATING_TABLES, RATINGS
from service.compliance.review_claims import REVIEW_TABLES
from service.store.db import Db
from service.store.models import Slip

#: every stored table of records the verification checks
ALL_TABLES = {
    **TABLES,
    **REVIEW_TABLES,
    **PLAYER_TABLES,
    **RATING_TABLES,
    **CASH_TABLES,
    **COMP_TABLES,
    **PROTECTION_TABLES,
}


def unclaimed(db: Db, table: str, row: Any) -> RecordProblem:
    stored = ALL_TABLES[table]
    return RecordProblem(
        table,
        stored.ident_of(row),
        subject_of(db, table, row),
        None,
        EVENT_MISSING,
        f"{stored.named(stored.ident_of(row))} has no event: it was written outside the service",
    )


def subject_of(db: Db, table: str, row: Any) -> str:
    """The subject the row's event would have: its round, session, slip,
    player, rating, cash log entry or alert."""
    if table in CASH_TABLES:
        return cash_subject(db, table, row)
    if table in PROTECTION_TABLES:
        return protection_subject(table, row)
    if table == RATINGS:
        return f"rating:{row.id}"
    if table in RATING_TABLES:
        return f"rating:{row.rating_id}"
    if table in REVIEW_TABLES:
        return f"round:{row.round_id}"
    if table == PLAYERS:
        return f"player:{row.id}"
    if table in (NAMES, COMPS):
        return f"player:{row.player_id}"
    if table == SESSIONS:
        return f"session:{row.id}"
    if table == SLIPS:
        return f"slip:{row.number}"
    if table == SIGNATURES:
        slip = db.get(Slip, row.slip_id)
        return f"slip:{slip.number}" if slip is not None else f"slip id {row.slip_id}"
    return f"session:{row.session_id}"


def unsummed(db: Db, table: str, row: Any) -> list[RecordProblem]:
    """A count's row whose total is not the sum of its lines."""
    denominations = ALL_TABLES[table].denominations
    if denominations is None:
        return []
    fault = count_fault(row.lines, row.total, denominations)
    if fault is None:
        return []
    message = f"{table} row {row.id}: {fault}"
    return [RecordProblem(table, row.id, subject_of(db, table, row), None, TOTAL_MISMATCH, message)]
