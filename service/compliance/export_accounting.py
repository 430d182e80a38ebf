"""The table accounting files of a compliance export: the sessions of the
period's gaming days with their opener and closer counts, the fills and
credits of those sessions with their state and signers, the drop counts
(recounts too) and the check notes; their queries and lines, and the audit
window widened to every one of their events.

A session belongs to the gaming day it was opened in; its slips, drop
counts and notes go with it, whenever they were signed. Every query stops
at the cut, so a session closed while the export runs shows open, with no
closer, in every file alike.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import aliased

from service.accounting.sessions import CountKind
from service.accounting.slip_states import SlipStep, state_of
from service.compliance.export_queries import INSTANT, Line, Query, Scope
from service.compliance.export_values import compact
from service.store.db import Db
from service.store.models import (
    CheckNote,
    DropCount,
    GameTable,
    InventoryCount,
    Slip,
    SlipSignature,
    TableSession,
    User,
)


def sessions_in(scope: Scope) -> list[ColumnElement[bool]]:
    """The sessions opened in the scope's gaming days at its tables, up to the cut."""
    conditions = [
        TableSession.gaming_day >= scope.first_day,
        TableSession.gaming_day <= scope.last_day,
        TableSession.id <= scope.cut.session_id,
    ]
    if scope.table_ids is not None:
        conditions.append(TableSession.table_id.in_(scope.table_ids))
    return conditions


def accounting_window(db: Db, scope: Scope) -> tuple[datetime, datetime]:
    """The scope's window, widened to every event of its accounting records:
    a session runs past its gaming day's end, its drop is counted later."""
    start, end = scope.window_start, scope.window_end
    ids = select(TableSession.id).where(*sessions_in(scope)).scalar_subquery()
    slips = select(Slip.id).where(Slip.session_id.in_(ids)).scalar_subquery()
    first = db.scalar(select(func.min(TableSession.opened_at)).where(*sessions_in(scope)))
    lasts = (
        select(func.max(TableSession.opened_at)).where(*sessions_in(scope)),
        select(func.max(TableSession.closed_at)).where(*sessions_in(scope)),
        select(func.max(SlipSignature.signed_at)).where(SlipSignature.slip_id.in_(slips)),
        select(func.max(DropCount.counted_at)).where(DropCount.session_id.in_(ids)),
        select(func.max(CheckNote.written_at)).where(CheckNote.session_id.in_(ids)),
    )
    if first is not None:
        start = min(start, first)
    for query in lasts:
        moment = db.scalar(query)
        if moment is not None:
            end = max(end, moment + INSTANT)  # the window's end is exclusive
    return start, end


def sessions_query(scope: Scope) -> Query:
    cut = scope.cut
    opener, closer = aliased(InventoryCount), aliased(InventoryCount)
    signers = [aliased(User) for _ in range(4)]
    query = select(
        TableSession.id,
        TableSession.table_id,
        GameTable.name,
        TableSession.number,
        TableSession.gaming_day,
        TableSession.shift,
        TableSession.opened_at,
        TableSession.closed_at,
        *(
            column
            for count, (dealer, pit_boss) in ((opener, signers[:2]), (closer, signers[2:]))
            for column in (count.id, count.lines, count.total, dealer.name, pit_boss.name)
        ),
        opener.difference,
        opener.explanation,
    ).join(GameTable, GameTable.id == TableSession.table_id)
    for count, kind, (dealer, pit_boss) in (
        (opener, CountKind.OPENER, signers[:2]),
        (closer, CountKind.CLOSER, signers[2:]),
    ):
        query = (
            query.outerjoin(
                count,
                (count.session_id == TableSession.id) & (count.kind == kind) & (count.id <= cut.count_id),
            )
            .outerjoin(dealer, dealer.id == count.dealer_id)
            .outerjoin(pit_boss, pit_boss.id == count.pit_boss_id)
        )
    return query.where(*sessions_in(scope)).order_by(TableSession.id)


def session_row(row: Line) -> list[object]:
    session_id, table_id, table, number, gaming_day, shift, opened_at, closed_at = row[:8]
    opener, closer, (difference, explanation) = row[8:13], row[13:18], row[18:]
    closed = closer[0] is not None  # closed before the cut
    return [
        session_id,
        table_id,
        table,
        number,
        gaming_day,
        shift,
        opened_at,
        closed_at if closed else None,
        *_count(opener),
        difference,
        explanation,
        *_count(closer),
    ]


def _count(count: Line) -> list[object]:
    count_id, lines, total, dealer, pit_boss = count
    return [count_id, compact(lines), total, dealer, pit_boss]


def slips_query(scope: Scope) -> Query:
    cut = scope.cut
    signed = {step: aliased(SlipSignature) for step in SlipStep}
    requester = aliased(User)
    users = {step: (aliased(User), aliased(User)) for step in SlipStep}
    query = (
        select(
            Slip.number,
            Slip.id,
            Slip.kind,
            Slip.table_id,
            GameTable.name,
            Slip.session_id,
            TableSession.gaming_day,
            Slip.lines,
            Slip.total,
            requester.name,
            Slip.requested_at,
            *(
                column
                for step in SlipStep
                for column in (users[step][0].name, users[step][1].name, signed[step].signed_at)
            ),
            signed[SlipStep.VOIDED].reason,
        )
        .join(TableSession, TableSession.id == Slip.session_id)
        .join(GameTable, GameTable.id == Slip.table_id)
        .join(requester, requester.id == Slip.requested_by)
    )
    for step, signature in signed.items():
        signer, cosigner = users[step]
        query = (
            query.outerjoin(
                signature,
                (signature.slip_id == Slip.id)
                & (signature.step == step)
                & (signature.id <= cut.signature_id),
            )
            .outerjoin(signer, signer.id == signature.signed_by)
            .outerjoin(cosigner, cosigner.id == signature.cosigned_by)
        )
    return query.where(Slip.id <= cut.slip_id, *sessions_in(scope)).order_by(Slip.number)


def slip_row(row: Line) -> list[object]:
    number, slip_id, kind, table_id, table, session_id, gaming_day, lines, total = row[:9]
    requested_by, requested_at, *signatures, void_reason = row[9:]
    # Each step's (signer, co-signer, time), in SlipStep's order.
    steps = [tuple(signatures[index : index + 3]) for index in range(0, len(signatures), 3)]
    done = (step for step, (_, _, at) in zip(SlipStep, steps, strict=True) if at is not None)
    (issuer, _, issued_at), received, voided = steps
    return [
        number,
        slip_id,
        kind,
        state_of(done),
        table_id,
        table,
        session_id,
        gaming_day,
        compact(lines),
        total,
        requested_by,
        requested_at,
        issuer,
        issued_at,
        *received,
        *voided,
        void_reason,
    ]


def drops_query(scope: Scope) -> Query:
    later = aliased(DropCount)
    superseded_by = (
        select(later.id)
        .where(later.supersedes_id == DropCount.id, later.id <= scope.cut.drop_count_id)
        .scalar_subquery()
    )
    return (
        select(
            DropCount.id,
            DropCount.session_id,
            DropCount.table_id,
            GameTable.name,
            TableSession.gaming_day,
            DropCount.lines,
            DropCount.total,
            DropCount.counters,
            DropCount.counted_at,
            DropCount.supersedes_id,
            superseded_by,
            DropCount.reason,
        )
        .join(TableSession, TableSession.id == DropCount.session_id)
        .join(GameTable, GameTable.id == DropCount.table_id)
        .where(DropCount.id <= scope.cut.drop_count_id, *sessions_in(scope))
        .order_by(DropCount.id)
    )


def drop_lines(db: Db) -> Callable[[Line], list[object]]:
    """A drop count's line: its counters are a list of user ids (a JSON
    column), named from the users read once for the build."""
    names = dict(db.execute(select(User.id, User.name)).all())

    def drop_row(row: Line) -> list[object]:
        drop_id, session_id, table_id, table, gaming_day, lines, total, counters = row[:8]
        counted_at, supersedes, superseded_by, reason = row[8:]
        ids = [int(user_id) for user_id in counters]
        return [
            drop_id,
            session_id,
            table_id,
            table,
            gaming_day,
            compact(lines),
            total,
            " ".join(str(user_id) for user_id in ids),
            ", ".join(str(names.get(user_id, f"user {user_id}")) for user_id in ids),
            counted_at,
            supersedes,
            superseded_by,
            reason,
            superseded_by is None,
        ]

    return drop_row


def notes_query(scope: Scope) -> Query:
    return (
        select(
            CheckNote.id,
            CheckNote.session_id,
            TableSession.table_id,
            GameTable.name,
            TableSession.gaming_day,
            CheckNote.note,
            User.name,
            CheckNote.written_at,
        )
        .join(TableSession, TableSession.id == CheckNote.session_id)
        .join(GameTable, GameTable.id == TableSession.table_id)
        .join(User, User.id == CheckNote.written_by)
        .where(CheckNote.id <= scope.cut.note_id, *sessions_in(scope))
        .order_by(CheckNote.id)
    )


def plain_row(row: Line) -> list[Any]:
    return list(row)
