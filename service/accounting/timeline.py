"""What the pit boss reads when a check differs: the session's rounds,
slips and counts in time order, each with its money and its signers."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.accounting.listing import slips_of_session
from service.accounting.rounds_net import counting_rounds
from service.accounting.sessions import counts_of
from service.accounting.views import (
    DropCountJson,
    Names,
    SessionJson,
    SlipJson,
    count_json,
    drop_counts_json,
    slips_json,
)
from service.store.db import Db
from service.store.models import CheckNote, RoundRecord, TableSession


class TimelineEntryJson(TypedDict):
    at: Annotated[datetime, "when"]
    what: Annotated[
        str,
        "opener, round, slip_requested, slip_issued, slip_received, slip_voided, closer, drop_count, note",
    ]
    ref: Annotated[str, "the record: a round's id, a slip's number, a count's id"]
    amount: Annotated[int | None, "its money: a round's house net, a slip's or count's total"]
    by: Annotated[list[str], "who signed or entered it"]
    detail: Annotated[str | None, "what else it says (a void's reason, a note, a recount's reason)"]


class SessionDetailJson(SessionJson):
    slips: Annotated[list[SlipJson], "the session's slips"]
    drop_counts: Annotated[list[DropCountJson], "its drop counts, recounts too"]
    timeline: Annotated[list[TimelineEntryJson], "the rounds, slips and counts of the session in time order"]


def session_detail(db: Db, shown: SessionJson, table_session: TableSession) -> SessionDetailJson:
    """The session as listed (``shown``: its figures and check) with its
    slips, drop counts and timeline: what the pit boss opens when a check
    differs."""
    slips = slips_json(db, slips_of_session(db, table_session.id))
    drops = drop_counts_json(db, table_session.id)
    return {
        **shown,
        "slips": slips,
        "drop_counts": drops,
        "timeline": timeline(db, table_session, slips, drops),
    }


def timeline(
    db: Db, table_session: TableSession, slips: list[SlipJson], drops: list[DropCountJson]
) -> list[TimelineEntryJson]:
    entries = _counts(db, table_session) + _rounds(db, table_session)
    for slip in slips:
        entries.append(
            _entry(
                slip["requested_at"],
                "slip_requested",
                f"{slip['kind']} {slip['number']}",
                slip["total"],
                [slip["requested_by"]],
            )
        )
        for signature in slip["signatures"]:
            signers = [signature["signed_by"]] + (
                [signature["cosigned_by"]] if signature["cosigned_by"] else []
            )
            entries.append(
                _entry(
                    signature["signed_at"],
                    f"slip_{signature['step']}",
                    f"{slip['kind']} {slip['number']}",
                    slip["total"],
                    signers,
                    signature["reason"],
                )
            )
    for drop in drops:
        what = "drop_recount" if drop["supersedes"] else "drop_count"
        entries.append(
            _entry(
                drop["counted_at"],
                what,
                f"drop count {drop['id']}",
                drop["total"],
                drop["counters"],
                drop["reason"],
            )
        )
    notes = list(db.scalars(select(CheckNote).where(CheckNote.session_id == table_session.id)))
    names = Names(db, [note.written_by for note in notes])
    entries += [
        _entry(note.written_at, "note", f"note {note.id}", None, [names.of(note.written_by)], note.note)
        for note in notes
    ]
    return sorted(entries, key=lambda entry: entry["at"])


def _counts(db: Db, table_session: TableSession) -> list[TimelineEntryJson]:
    counts = counts_of(db, table_session)
    names = Names(db, [user_id for c in counts.values() for user_id in (c.dealer_id, c.pit_boss_id)])
    found = []
    for kind, count in counts.items():
        shown = count_json(count, names)
        found.append(
            _entry(
                count.counted_at,
                str(kind),
                f"{kind} {count.id}",
                count.total,
                [shown["dealer"], shown["pit_boss"]],
                count.explanation,
            )
        )
    return found


def _rounds(db: Db, table_session: TableSession) -> list[TimelineEntryJson]:
    rows = db.execute(
        select(
            RoundRecord.id,
            RoundRecord.round_ref,
            RoundRecord.entered_at,
            RoundRecord.house_net,
            RoundRecord.entered_by,
        )
        .where(*counting_rounds(table_session))
        .order_by(RoundRecord.entered_at, RoundRecord.id)
    ).all()
    names = Names(db, [row.entered_by for row in rows])
    return [
        _entry(
            row.entered_at,
            "round",
            f"round {row.id}",
            row.house_net,
            [names.of(row.entered_by)],
            f"round_id {row.round_ref}",
        )
        for row in rows
    ]


def _entry(
    at: datetime, what: str, ref: str, amount: int | None, by: list[str], detail: str | None = None
) -> TimelineEntryJson:
    return {"at": at, "what": what, "ref": ref, "amount": amount, "by": by, "detail": detail}
