"""Cards against chips: over a session (bounded by its opener, its closer
and its drop), the win from the chips must equal the house's net from the
rounds settled in it. Every buy-in's cash goes to the drop and its chips
leave the tray; every bet paid or taken moves the tray; fills and credits
are counted. A difference means a bet mis-paid, a round not entered, a box
miscounted or chips gone; beyond the tolerance it is flagged."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import select

from service.accounting.figures import ChipFigures, chip_figures
from service.accounting.rounds_net import rounds_side
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import ErrorCode, Invalid
from service.store.db import Db
from service.store.models import CheckNote, TableSession, User


class CheckStatus(StrEnum):
    OPEN = "open"  # the session is open: no closer yet
    UNCOUNTED = "uncounted"  # closed, its drop box not counted yet
    BALANCED = "balanced"  # within the tolerance
    DIFFERS = "differs"  # beyond it: flagged


@dataclass(frozen=True)
class ChipsCheck:
    session: TableSession
    figures: ChipFigures
    rounds: int
    rounds_net: int  # the house's net from the session's rounds
    tolerance: int

    @property
    def difference(self) -> int | None:
        """Win from the chips minus the rounds' net; None until both are known."""
        win = self.figures.win
        return None if win is None else win - self.rounds_net

    @property
    def status(self) -> CheckStatus:
        if self.figures.closer is None:
            return CheckStatus.OPEN
        difference = self.difference
        if difference is None:
            return CheckStatus.UNCOUNTED
        return CheckStatus.DIFFERS if abs(difference) > self.tolerance else CheckStatus.BALANCED


def check_session(db: Db, table_session: TableSession, tolerance: int) -> ChipsCheck:
    side = rounds_side(db, table_session)
    return ChipsCheck(table_session, chip_figures(db, table_session), side.rounds, side.net, tolerance)


def note_check(db: Db, table_session: TableSession, user: User, note: object, now: datetime) -> CheckNote:
    """A pit boss's investigation note on the session's check."""
    if not isinstance(note, str) or not note.strip() or len(note) > 2000:
        raise Invalid(ErrorCode.INVALID_FIELD, "note must be 1 to 2000 characters", "note")
    row = CheckNote(session_id=table_session.id, note=note.strip(), written_by=user.id, written_at=now)
    db.add(row)
    db.flush()
    record_event(
        db,
        EventKind.CHECK_NOTED,
        f"session:{table_session.id}",
        {"note_id": row.id, "session_id": table_session.id, "note": row.note},
        user.id,
        table_session.table_id,
        at=now,
    )
    return row


def current_note(db: Db, session_id: int) -> CheckNote | None:
    return db.scalar(
        select(CheckNote).where(CheckNote.session_id == session_id).order_by(CheckNote.id.desc()).limit(1)
    )
