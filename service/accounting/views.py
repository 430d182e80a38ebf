"""The accounting records as the API shows them: names beside user ids,
states read from the signatures, the figures and the check."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.accounting.check import CheckStatus, ChipsCheck, current_note
from service.accounting.drop_counts import current_drop_count
from service.accounting.figures import hold
from service.accounting.sessions import CountKind, counts_of
from service.accounting.slip_states import SlipKind, SlipState, SlipStep, signatures_of, state_of
from service.store.db import Db
from service.store.models import DropCount, GameTable, InventoryCount, Slip, TableSession, User


class CountJson(TypedDict):
    id: Annotated[int, "the count's id"]
    kind: Annotated[CountKind, "opener or closer"]
    lines: dict[str, int]  # denomination -> amount, minor units
    total: Annotated[int, "the tray's value, minor units"]
    dealer: Annotated[str, "the dealer who signed"]
    pit_boss: Annotated[str, "the pit boss who signed"]
    counted_at: Annotated[datetime, "when it was signed"]
    difference: Annotated[int, "an opener's difference from the last closer, minor units (0: the same)"]
    explanation: Annotated[str | None, "why an opener differs from the last closer"]


class SignatureJson(TypedDict):
    step: Annotated[SlipStep, "issued, received or voided"]
    signed_by: Annotated[str, "who signed (the cashier, the receiver signed in, the voiding pit boss)"]
    cosigned_by: Annotated[str | None, "the second signer (a receipt's and a void's)"]
    reason: Annotated[str | None, "a void's reason"]
    signed_at: Annotated[datetime, "when"]


class SlipJson(TypedDict):
    number: Annotated[int, "the slip's number: per casino, without gaps"]
    kind: Annotated[SlipKind, "fill or credit"]
    state: Annotated[SlipState, "requested, issued, received or voided"]
    table_id: Annotated[int, "the table's id"]
    table: Annotated[str, "the table's name"]
    session_id: Annotated[int, "the table session it belongs to"]
    lines: dict[str, int]
    total: Annotated[int, "the slip's value, minor units"]
    requested_by: Annotated[str, "the pit boss who requested it"]
    requested_at: Annotated[datetime, "when it was requested"]
    signatures: Annotated[list[SignatureJson], "its signatures after the request"]


class DropCountJson(TypedDict):
    id: Annotated[int, "the count's id"]
    session_id: Annotated[int, "the session whose box it counts"]
    lines: dict[str, int]
    total: Annotated[int, "the drop, minor units"]
    counters: Annotated[list[str], "the counters who signed"]
    counted_at: Annotated[datetime, "when it was signed"]
    supersedes: Annotated[int | None, "the count this recount supersedes"]
    reason: Annotated[str | None, "a recount's reason"]
    current: Annotated[bool, "true: no recount superseded it"]


class FiguresJson(TypedDict):
    opener: Annotated[int, "the opener's total, minor units"]
    closer: Annotated[int | None, "the closer's total (null while open)"]
    fills: Annotated[int, "fills received, minor units"]
    credits: Annotated[int, "credits received, minor units"]
    drop: Annotated[int | None, "the drop counted (null until counted)"]
    win: Annotated[int | None, "drop + closer + credits - opener - fills (null until closed and counted)"]
    hold: Annotated[float | None, "win / drop (0.2 is 20 %); null without a drop"]


class CheckJson(TypedDict):
    status: Annotated[CheckStatus, "open, uncounted (closed, box not counted), balanced or differs"]
    rounds: Annotated[int, "rounds settled in the session (voided ones out, corrected ones as corrected)"]
    rounds_net: Annotated[int, "the house's net from those rounds, minor units"]
    difference: Annotated[int | None, "win from the chips - rounds' net (null until counted)"]
    tolerance: Annotated[int, "how far they may differ before the check is flagged, minor units"]
    flagged: Annotated[bool, "the difference is beyond the tolerance"]
    note: Annotated[str | None, "the current investigation note"]
    note_by: Annotated[str | None, "who wrote it"]


class SessionJson(TypedDict):
    id: Annotated[int, "the session's id"]
    table_id: Annotated[int, "the table's id"]
    table: Annotated[str, "the table's name"]
    number: Annotated[int, "the session's number at its table: 1, 2, ..."]
    gaming_day: Annotated[date, "the gaming day it opened in"]
    shift: Annotated[int, "the shift it opened in"]
    opened_at: Annotated[datetime, "when the opener was signed"]
    closed_at: Annotated[datetime | None, "when the closer was signed (null: open)"]
    opener: Annotated[CountJson, "the opener count"]
    closer: Annotated[CountJson | None, "the closer count (null: open)"]
    figures: Annotated[FiguresJson, "the win from the chips"]
    check: Annotated[CheckJson, "cards against chips"]


class Names:
    """User names by id, read once for a view."""

    def __init__(self, db: Db, ids: Iterable[int | None]) -> None:
        wanted = {user_id for user_id in ids if user_id is not None}
        self._names: dict[int, str] = {}
        if wanted:
            rows = db.execute(select(User.id, User.name).where(User.id.in_(wanted)))
            self._names = {int(user_id): str(name) for user_id, name in rows}

    def __call__(self, user_id: int | None) -> str | None:
        return None if user_id is None else self._names.get(user_id, f"user {user_id}")

    def of(self, user_id: int) -> str:
        return self._names.get(user_id, f"user {user_id}")


def count_json(count: InventoryCount, names: Names) -> CountJson:
    return {
        "id": count.id,
        "kind": CountKind(count.kind),
        "lines": dict(count.lines),
        "total": count.total,
        "dealer": names.of(count.dealer_id),
        "pit_boss": names.of(count.pit_boss_id),
        "counted_at": count.counted_at,
        "difference": count.difference,
        "explanation": count.explanation,
    }


def table_names(db: Db, ids: set[int]) -> dict[int, str]:
    """The names of these tables only (a list shows a page of slips or
    boxes, not the floor)."""
    if not ids:
        return {}
    named = select(GameTable.id, GameTable.name).where(GameTable.id.in_(ids))
    return {int(table_id): str(name) for table_id, name in db.execute(named)}


def slips_json(db: Db, slips: list[Slip]) -> list[SlipJson]:
    steps = signatures_of(db, (slip.id for slip in slips))
    ids: list[int | None] = [slip.requested_by for slip in slips]
    for signatures in steps.values():
        ids += [s.signed_by for s in signatures] + [s.cosigned_by for s in signatures]
    names = Names(db, ids)
    tables = table_names(db, {slip.table_id for slip in slips})
    return [
        {
            "number": slip.number,
            "kind": SlipKind(slip.kind),
            "state": state_of(s.step for s in steps[slip.id]),
            "table_id": slip.table_id,
            "table": tables.get(slip.table_id, ""),
            "session_id": slip.session_id,
            "lines": dict(slip.lines),
            "total": slip.total,
            "requested_by": names.of(slip.requested_by),
            "requested_at": slip.requested_at,
            "signatures": [
                {
                    "step": SlipStep(s.step),
                    "signed_by": names.of(s.signed_by),
                    "cosigned_by": names(s.cosigned_by),
                    "reason": s.reason,
                    "signed_at": s.signed_at,
                }
                for s in steps[slip.id]
            ],
        }
        for slip in slips
    ]


def drop_counts_json(db: Db, session_id: int) -> list[DropCountJson]:
    counts = list(
        db.scalars(select(DropCount).where(DropCount.session_id == session_id).order_by(DropCount.id))
    )
    names = Names(db, [user_id for count in counts for user_id in count.counters])
    current = current_drop_count(db, session_id)
    return [
        {
            "id": count.id,
            "session_id": count.session_id,
            "lines": dict(count.lines),
            "total": count.total,
            "counters": [names.of(user_id) for user_id in count.counters],
            "counted_at": count.counted_at,
            "supersedes": count.supersedes_id,
            "reason": count.reason,
            "current": current is not None and current.id == count.id,
        }
        for count in counts
    ]


def session_json(db: Db, checked: ChipsCheck, table_name: str) -> SessionJson:
    table_session = checked.session
    counts = counts_of(db, table_session)
    names = Names(db, [user_id for c in counts.values() for user_id in (c.dealer_id, c.pit_boss_id)])
    closer = counts.get(CountKind.CLOSER)
    return {
        "id": table_session.id,
        "table_id": table_session.table_id,
        "table": table_name,
        "number": table_session.number,
        "gaming_day": table_session.gaming_day,
        "shift": table_session.shift,
        "opened_at": table_session.opened_at,
        "closed_at": table_session.closed_at,
        "opener": count_json(counts[CountKind.OPENER], names),
        "closer": None if closer is None else count_json(closer, names),
        "figures": figures_json(checked),
        "check": check_json(db, checked),
    }


def figures_json(checked: ChipsCheck) -> FiguresJson:
    figures = checked.figures
    return {
        "opener": figures.opener,
        "closer": figures.closer,
        "fills": figures.fills,
        "credits": figures.credits,
        "drop": figures.drop,
        "win": figures.win,
        "hold": hold(figures.win, figures.drop),
    }


def check_json(db: Db, checked: ChipsCheck) -> CheckJson:
    note = current_note(db, checked.session.id)
    return {
        "status": checked.status,
        "rounds": checked.rounds,
        "rounds_net": checked.rounds_net,
        "difference": checked.difference,
        "tolerance": checked.tolerance,
        "flagged": checked.status == CheckStatus.DIFFERS,
        "note": None if note is None else note.note,
        "note_by": None if note is None else Names(db, [note.written_by]).of(note.written_by),
    }


def sessions_of(db: Db, table: GameTable, limit: int = 50) -> list[TableSession]:
    query = select(TableSession).where(TableSession.table_id == table.id).order_by(TableSession.id.desc())
    return list(db.scalars(query.limit(limit)))


class DropBoxJson(TypedDict):
    session_id: Annotated[int, "the session whose box it is"]
    table_id: Annotated[int, "the table's id"]
    table: Annotated[str, "the table's name"]
    number: Annotated[int, "the session's number at its table"]
    gaming_day: Annotated[date, "the gaming day the session opened in"]
    closed_at: Annotated[datetime, "when the session was closed and its box pulled"]
    current: Annotated[DropCountJson | None, "the count that stands (null: not counted yet)"]


def drop_boxes_json(db: Db, counted: bool | None, limit: int = 100) -> list[DropBoxJson]:
    """The boxes of closed sessions, the newest first: what the count room
    has to count (``counted=False``) or has counted. Blind: the session's
    figures (opener, closer, fills, credits, win) are not shown to the team
    that counts its drop."""
    query = select(TableSession).where(TableSession.closed_at.is_not(None))
    has_count = select(DropCount.id).where(DropCount.session_id == TableSession.id).exists()
    if counted is not None:
        query = query.where(has_count if counted else ~has_count)
    found = list(db.scalars(query.order_by(TableSession.closed_at.desc()).limit(limit)))
    tables = table_names(db, {table_session.table_id for table_session in found})
    boxes: list[DropBoxJson] = []
    for table_session in found:
        counts = drop_counts_json(db, table_session.id)
        boxes.append(
            {
                "session_id": table_session.id,
                "table_id": table_session.table_id,
                "table": tables.get(table_session.table_id, ""),
                "number": table_session.number,
                "gaming_day": table_session.gaming_day,
                "closed_at": table_session.closed_at or table_session.opened_at,
                "current": next((count for count in counts if count["current"]), None),
            }
        )
    return boxes
