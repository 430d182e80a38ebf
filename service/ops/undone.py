"""Work the database shows undone: events not sealed, rounds the totals
do not reflect yet, configuration versions without a par sheet, counted
table sessions whose figures are not kept (or out of date). The sweep
sends it again (``workers/sweep.py``); the ops figures count it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.accounting.figures import unfigured_sessions
from service.analysis.cache import cache_file
from service.audit.chain import unsealed
from service.rounds.aggregates import out_of_step
from service.store.models import RoundRecord
from service.tables.tables import config_of, current_config, list_tables

BATCH = 1_000


@dataclass(frozen=True)
class Undone:
    newest_unsealed: int | None  # sealing up to it seals every event before it
    unaggregated_rounds: list[int]
    missing_par_sheets: list[int]  # current configuration versions without a sheet
    unfigured_sessions: list[int]  # counted (or recounted) sessions the reports do not reflect


def undone(session: Session, instance: Path, before: datetime | None = None, limit: int = BATCH) -> Undone:
    _, newest = unsealed(session, before)
    query = select(RoundRecord.id).where(out_of_step())
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    rounds = list(session.scalars(query.order_by(RoundRecord.id).limit(limit)))
    sheets = []
    for table in list_tables(session):
        version = current_config(session, table)
        if (before is None or version.created_at < before) and not cache_file(
            config_of(version), instance
        ).exists():
            sheets.append(version.id)
    return Undone(newest, rounds, sheets, unfigured_sessions(session, before, limit))
