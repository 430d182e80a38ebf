"""Investigation notes on a bet's hold in a period: appended, never changed;
a report shows the latest with how many earlier ones it replaced."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, TypedDict

from sqlalchemy import Select, select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import ErrorCode, Invalid
from service.reports.periods import Period, Scope, floor_scope, resolve_period, table_scope
from service.rounds.aggregates import BETS
from service.store.db import Db, iso
from service.store.models import User, VarianceNote

MAX_NOTE = 2000


class VarianceNoteJson(TypedDict):
    id: Annotated[int, "the note's id"]
    table_id: Annotated[int | None, "the table noted; null: the floor"]
    period: str  # one of PERIODS
    period_key: Annotated[
        str,
        "the period as a note names it: 2026-11-29/2 (shift), 2026-11-29 (day), 2026-11, 2026",
    ]
    bet: str  # one of BETS
    note: Annotated[str, "the investigation note, as written"]
    written_by: Annotated[str, "the name of who wrote it"]
    written_at: Annotated[str, "ISO 8601, UTC"]


class CurrentNoteJson(VarianceNoteJson):
    """The note a report shows on a bet's line: the latest one."""

    earlier_notes: Annotated[int, "how many notes this one follows (all are kept)"]


def _notes_query(table_id: int | None, period: Period) -> Select[VarianceNote, str]:
    scope_filter = VarianceNote.table_id.is_(None) if table_id is None else VarianceNote.table_id == table_id
    return (
        select(VarianceNote, User.name)
        .join(User, User.id == VarianceNote.written_by)
        .where(scope_filter, VarianceNote.period == period.kind, VarianceNote.period_key == period.key)
        .order_by(VarianceNote.id)
    )


def note_json(note: VarianceNote, writer: str) -> VarianceNoteJson:
    return {
        "id": note.id,
        "table_id": note.table_id,
        "period": note.period,
        "period_key": note.period_key,
        "bet": note.bet,
        "note": note.note,
        "written_by": writer,
        "written_at": iso(note.written_at),
    }


def current_notes(db: Db, scope: Scope, period: Period) -> dict[str, CurrentNoteJson]:
    """Per bet: the latest note, with how many earlier ones it replaced."""
    found: dict[str, CurrentNoteJson] = {}
    if not scope.takes_notes:
        return found
    for note, writer in db.execute(_notes_query(scope.note_table_id, period)):
        earlier = found[note.bet]["earlier_notes"] + 1 if note.bet in found else 0
        found[note.bet] = {**note_json(note, writer), "earlier_notes": earlier}
    return found


def _clean_note(text: str) -> str:
    text = text.strip()
    if not 1 <= len(text) <= MAX_NOTE or not all(char.isprintable() or char in "\n\t" for char in text):
        raise Invalid(ErrorCode.INVALID_FIELD, f"note must be 1 to {MAX_NOTE} printable characters", "note")
    return text


def add_variance_note(
    db: Db,
    user: User,
    table_id: int | None,
    kind: str,
    day: date,
    shift: int | None,
    bet: str,
    text: str,
    now: datetime,
) -> tuple[VarianceNote, str]:
    """Append an investigation note to a bet's hold in a period (the latest
    note is the current one; earlier ones stay). Any line may be noted, not
    only a flagged one: the figures move as rounds are counted or voided."""
    scope = floor_scope(db) if table_id is None else table_scope(db, table_id)
    period, _ = resolve_period(scope, kind, day, shift, now)
    if bet not in BETS:
        raise Invalid(ErrorCode.INVALID_FIELD, f"bet must be one of {', '.join(BETS)}", "bet")
    note = VarianceNote(
        table_id=table_id,
        period=period.kind,
        period_key=period.key,
        bet=bet,
        note=_clean_note(text),
        written_by=user.id,
        written_at=now,
    )
    db.add(note)
    db.flush()
    record_event(
        db,
        EventKind.VARIANCE_NOTED,
        "floor" if table_id is None else f"table:{table_id}",
        {"note_id": note.id, "period": period.kind, "period_key": period.key, "bet": bet, "note": note.note},
        user.id,
        table_id,
        at=now,
    )
    return note, user.name
