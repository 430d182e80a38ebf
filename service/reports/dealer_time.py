"""Each dealer's time at each table in a shift, from their sessions (the
sign-in at the tablet to the sign-out, the relief, the move or the table's
close): a session's time counts in each shift it spans, clipped to the
shift's bounds by the table's schedule, and an open session runs to now.

The sessions are read by their sign-in time (an index): those signed in
from a day before the shift's first table begins it to the last one's
end, and those still open whenever they began. A closed session longer
than a day before the shift is not looked for: the table's close ends it,
and no table is open a day with one dealer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Annotated, TypedDict

from sqlalchemy import or_, select

from service.accounting.dealer_values import SignOutReason
from service.store.db import Db, iso
from service.store.models import DealerPost, DealerSession, DealerSignOut, GameTable
from service.tables.gaming_day import day_bounds, shift_begins

LOOK_BACK = timedelta(days=1)


class StintJson(TypedDict):
    """A dealer session's part of the shift."""

    id: Annotated[int, "the dealer session's id"]
    signed_in_at: Annotated[str, "when the dealer signed in, ISO 8601 UTC"]
    signed_out_at: Annotated[str | None, "when it ended, ISO 8601 UTC; null: signed in now"]
    sign_out_reason: SignOutReason | None
    seconds: Annotated[int, "whole seconds of it within the shift (an open one: up to now)"]


@dataclass(frozen=True)
class Stint:
    """One dealer session's part of the shift."""

    session_id: int
    table_session_id: int
    signed_in_at: datetime
    signed_out_at: datetime | None  # None: signed in now
    reason: SignOutReason | None
    seconds: int  # whole seconds within the shift


@dataclass
class TableTime:
    """A dealer's time at one table in the shift."""

    seconds: int = 0
    stints: list[Stint] = field(default_factory=list)


def shift_window(table: GameTable, day: date, shift: int) -> tuple[datetime, datetime] | None:
    """When shift ``shift`` of ``day`` runs at ``table`` by its schedule
    now; None when the schedule has fewer shifts."""
    begins = shift_begins(day, table.timezone, table.shift_starts)
    if not 1 <= shift <= len(begins):
        return None
    end = begins[shift] if shift < len(begins) else day_bounds(day, table.timezone, table.shift_starts)[1]
    return begins[shift - 1], end


def dealer_times(
    db: Db, tables: Sequence[GameTable], day: date, shift: int, now: datetime
) -> dict[tuple[int, int], TableTime]:
    """Per (dealer, table): the time signed in at the table in the shift."""
    windows = {table.id: w for table in tables if (w := shift_window(table, day, shift)) is not None}
    if not windows:
        return {}
    first = min(start for start, _ in windows.values())
    last = max(end for _, end in windows.values())
    open_ids = select(DealerPost.session_id)
    rows = db.execute(
        select(DealerSession, DealerSignOut)
        .outerjoin(DealerSignOut, DealerSignOut.session_id == DealerSession.id)
        .where(DealerSession.table_id.in_(list(windows)))
        .where(
            or_(
                DealerSession.signed_in_at.between(first - LOOK_BACK, last),
                DealerSession.id.in_(open_ids),
            )
        )
        .order_by(DealerSession.signed_in_at, DealerSession.id)
    )
    found: dict[tuple[int, int], TableTime] = {}
    for session, signed_out in rows:
        start, end = windows[session.table_id]
        stint = _stint(session, signed_out, start, end, now)
        if stint is None:
            continue
        time = found.setdefault((session.dealer_id, session.table_id), TableTime())
        time.seconds += stint.seconds
        time.stints.append(stint)
    return found


def _stint(
    session: DealerSession, signed_out: DealerSignOut | None, start: datetime, end: datetime, now: datetime
) -> Stint | None:
    """The session's part of [start, end); None when it has none."""
    ended = now if signed_out is None else signed_out.signed_out_at
    begin, finish = max(session.signed_in_at, start), min(ended, end)
    if finish <= begin:
        return None
    return Stint(
        session_id=session.id,
        table_session_id=session.table_session_id,
        signed_in_at=session.signed_in_at,
        signed_out_at=None if signed_out is None else signed_out.signed_out_at,
        reason=None if signed_out is None else SignOutReason(signed_out.reason),
        seconds=(finish - begin) // timedelta(seconds=1),
    )


def stint_json(stint: Stint) -> StintJson:
    return {
        "id": stint.session_id,
        "signed_in_at": iso(stint.signed_in_at),
        "signed_out_at": None if stint.signed_out_at is None else iso(stint.signed_out_at),
        "sign_out_reason": stint.reason,
        "seconds": stint.seconds,
    }
