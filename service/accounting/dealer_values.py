"""A dealer's session at a table as the API shows it and as its events
carry it (the record whole, so an edit in the database is found against
its sealed event)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict

from service.store.db import Db, iso
from service.store.models import DealerSession, DealerSignOut, GameTable, User


class SignOutReason(StrEnum):
    """Why a dealer's session ended."""

    SIGN_OUT = "sign_out"  # the dealer signed out at the tablet
    RELIEF = "relief"  # another dealer signed in at the table
    MOVED = "moved"  # the dealer signed in at another table
    TABLE_CLOSED = "table_closed"  # the table's session was closed


class DealerSessionJson(TypedDict):
    id: int
    table_id: int
    table_name: str
    dealer_id: int
    dealer: str  # the dealer's user name
    table_session_id: int
    gaming_day: str  # of the sign-in, ISO 8601
    shift: int
    signed_in_at: str  # ISO 8601 UTC
    relieved_id: int | None  # the session its sign-in ended at the table
    signed_out_at: str | None  # None: signed in now
    sign_out_reason: SignOutReason | None
    seconds: int | None  # whole seconds from sign-in to sign-out; None while open


def session_json(db: Db, session: DealerSession, signed_out: DealerSignOut | None) -> DealerSessionJson:
    table = db.get(GameTable, session.table_id)
    dealer = db.get(User, session.dealer_id)
    assert table is not None  # foreign keys
    assert dealer is not None
    ended = None if signed_out is None else signed_out.signed_out_at
    return {
        "id": session.id,
        "table_id": session.table_id,
        "table_name": table.name,
        "dealer_id": session.dealer_id,
        "dealer": dealer.name,
        "table_session_id": session.table_session_id,
        "gaming_day": session.gaming_day.isoformat(),
        "shift": session.shift,
        "signed_in_at": iso(session.signed_in_at),
        "relieved_id": session.relieved_id,
        "signed_out_at": None if ended is None else iso(ended),
        "sign_out_reason": None if signed_out is None else SignOutReason(signed_out.reason),
        "seconds": None if ended is None else int((ended - session.signed_in_at).total_seconds()),
    }


def session_record(session: DealerSession, signed_out: DealerSignOut | None) -> dict[str, Any]:
    """The event's payload (a JSON boundary): the session's row, and its
    sign-out's when it ended."""
    record: dict[str, Any] = {
        "dealer_session_id": session.id,
        "table_id": session.table_id,
        "dealer_id": session.dealer_id,
        "table_session_id": session.table_session_id,
        "gaming_day": session.gaming_day.isoformat(),
        "shift": session.shift,
        "signed_in_at": iso(session.signed_in_at),
        "relieved_id": session.relieved_id,
    }
    if signed_out is not None:
        record["sign_out"] = {
            "reason": signed_out.reason,
            "signed_out_by": signed_out.signed_out_by,
            "signed_out_at": iso(signed_out.signed_out_at),
        }
    return record
