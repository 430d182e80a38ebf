"""A dealer's session at a table as the API shows it and as its events
carry it (the record whole, so an edit in the database is found against
its sealed event)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, TypedDict

from service.store.db import Db, iso
from service.store.models import DealerSession, DealerSignOut, GameTable, User


class SignOutReason(StrEnum):
    """Why a dealer's session ended."""

    SIGN_OUT = "sign_out"  # the dealer signed out at the tablet
    RELIEF = "relief"  # another dealer signed in at the table
    MOVED = "moved"  # the dealer signed in at another table
    TABLE_CLOSED = "table_closed"  # the table's session was closed


class DealerSessionJson(TypedDict):
    id: Annotated[int, "the dealer session's id"]
    table_id: Annotated[int, "the table"]
    table_name: Annotated[str, "the table's name"]
    dealer_id: Annotated[int, "the dealer's user id"]
    dealer: Annotated[str, "the dealer's user name"]
    table_session_id: Annotated[int, "the table's session (opener to closer) it was in"]
    gaming_day: Annotated[str, "the gaming day of the sign-in, ISO 8601"]
    shift: Annotated[int, "the shift of the sign-in"]
    signed_in_at: Annotated[str, "when the dealer signed in, ISO 8601 UTC"]
    relieved_id: Annotated[int | None, "the session this sign-in ended at the table (a relief); null: none"]
    signed_out_at: Annotated[str | None, "when it ended, ISO 8601 UTC; null: signed in now"]
    sign_out_reason: SignOutReason | None
    seconds: Annotated[int | None, "whole seconds signed in; null while signed in"]


class SignedInJson(TypedDict):
    session: Annotated[DealerSessionJson, "the dealer's session at the table"]
    ended: Annotated[
        list[DealerSessionJson],
        "the sessions this sign-in ended at the same instant: the table's previous dealer's (a relief) "
        "and the dealer's own at another table",
    ]


class CurrentDealerJson(TypedDict):
    session: Annotated[
        DealerSessionJson | None, "the session of the dealer signed in at the table; null: none"
    ]


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
