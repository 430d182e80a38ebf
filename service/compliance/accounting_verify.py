"""Every stored accounting record against the sealed event that carries it
whole: the table sessions and their tray counts, the slips and their
signatures, the drop counts and the check notes; every review record,
each void or correction request and its decision
(:mod:`service.compliance.review_claims`), as an approved void moves the
cards-against-chips check as much as a slip does; every player and name
(:mod:`service.compliance.player_claims`); and every rating, its pauses,
resumes and seat-out and its buy-ins
(:mod:`service.compliance.rating_claims`); and every cash record of the
cash rules, each cash in, entry of the multiple transaction log, report
day and identification (:mod:`service.compliance.cash_claims`); and
every comp redemption (:mod:`service.compliance.comp_claims`).

A record edited in the database (its append-only triggers dropped first)
no longer matches its event, and each field that differs is named with
its stored and its sealed value. A row with no event (inserted by hand),
an event whose row is gone and a record claimed by two events of one kind
are named too, and so is a count (a tray count, a slip, a drop count)
whose total is not the sum of its lines: a record its event agrees with
may still have been written so. The chain's walk tells whether an event itself was
touched; here the event is read as its seal keeps it (the canonical JSON
hashed), and as recorded only while it waits for its seal.

The events are read a keyset page at a time; the ids of the records they
claim are kept (a few integers a record: a casino's accounting is some
rows a table a day), so that the stored rows can then be paged through
for those no event claims.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, func, inspect, select

from service.audit.kinds import EventKind
from service.compliance.accounting_claims import (
    KINDS,
    SESSIONS,
    Claim,
    SealedEvent,
    claims_of,
    rows_of,
    stored_columns,
)
from service.compliance.accounting_report import (
    EVENT_REPEATED,
    EVENT_UNREADABLE,
    LISTED,
    RECORD_EDITED,
    RECORD_MISSING,
    AccountingReport,
    FieldDifference,
    RecordProblem,
)
from service.compliance.cash_claims import CASH_KINDS, cash_claims
from service.compliance.chain_report import compare
from service.compliance.comp_claims import COMP_KINDS, comp_claims
from service.compliance.player_claims import PLAYER_KINDS, player_claims
from service.compliance.protection_claims import PROTECTION_KINDS, protection_claims
from service.compliance.rating_claims import RATING_KINDS, rating_claims
from service.compliance.review_claims import REVIEW_KINDS, review_claims
from service.compliance.row_problems import ALL_TABLES, unclaimed, unsummed
from service.jobs.progress import Progress
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal, TableSession

PAGE = 500  # events or rows a query
#: every kind of event of the records checked here
ALL_KINDS = (*KINDS, *REVIEW_KINDS, *PLAYER_KINDS, *RATING_KINDS, *CASH_KINDS, *COMP_KINDS, *PROTECTION_KINDS)

__all__ = ["AccountingReport", "accounting_size", "check_accounting", "check_subject"]


@dataclass
class _Walk:
    """What the events claimed so far: (table, kind) -> the row ids."""

    seen: defaultdict[tuple[str, str], set[int]]
    problems: list[RecordProblem]
    events: int = 0


def check_accounting(db: Db, progress: Progress | None = None) -> AccountingReport:
    """Every accounting and review event against the rows it claims, then
    every stored row that no event claims."""
    tables = ((table.name, _rows(db, table.model)) for table in ALL_TABLES.values())
    return _check(db, AuditEvent.kind.in_(ALL_KINDS), tables, progress)


def check_subject(db: Db, subject: str) -> AccountingReport:
    """The records of one subject against their events, as ``recall
    --verify`` checks one round: ``slip:NUMBER`` (the slip and its
    signatures) or ``session:ID`` (the session, its tray counts, drop
    counts and notes; its slips are subjects of their own)."""
    events = AuditEvent.kind.in_(KINDS) & (AuditEvent.subject == subject)
    return _check(db, events, rows_of(db, subject), None)


def _check(
    db: Db,
    events: ColumnElement[bool],
    tables: Iterable[tuple[str, Iterable[Any]]],
    progress: Progress | None,
) -> AccountingReport:
    walk = _Walk(defaultdict(set), [])
    for page in _event_pages(db, events):
        for event in page:
            walk.problems += _check_event(db, event, walk)
            walk.events += 1
            if progress is not None:
                progress(1)
        db.expunge_all()
    checked = 0
    for name, rows in tables:
        claimed = set().union(*(ids for (table, _), ids in walk.seen.items() if table == name))
        for row in rows:
            checked += 1
            if ALL_TABLES[name].ident_of(row) not in claimed:
                walk.problems.append(unclaimed(db, name, row))
            elif name == SESSIONS:
                walk.problems += _closed_unsealed(row, walk)
            walk.problems += unsummed(db, name, row)
            if progress is not None:
                progress(1)
    problems = walk.problems
    return AccountingReport(checked, walk.events, len(problems), tuple(problems[:LISTED]))


def accounting_size(db: Db) -> int:
    """How many events and rows :func:`check_accounting` reads."""
    events = select(func.count()).where(AuditEvent.kind.in_(ALL_KINDS))
    rows = [select(func.count()).select_from(table.model) for table in ALL_TABLES.values()]
    return sum(int(db.scalar(query) or 0) for query in (events, *rows))


def _event_pages(db: Db, events: ColumnElement[bool]) -> Iterator[list[SealedEvent]]:
    after = 0
    while True:
        rows = db.execute(
            select(
                AuditEvent.id,
                AuditEvent.kind,
                AuditEvent.subject,
                AuditEvent.actor_id,
                AuditEvent.occurred_at,
                AuditEvent.payload,
                AuditSeal.canonical,
            )
            .outerjoin(AuditSeal, AuditSeal.event_id == AuditEvent.id)
            .where(events, AuditEvent.id > after)
            .order_by(AuditEvent.id)
            .limit(PAGE)
        ).all()
        if not rows:
            return
        yield [_as_sealed(row) for row in rows]
        if len(rows) < PAGE:
            return
        after = rows[-1].id


def _as_sealed(row: Any) -> SealedEvent:
    recorded = SealedEvent(
        row.id, row.kind, row.subject, row.actor_id, row.occurred_at.isoformat(), row.payload
    )
    if row.canonical is None:
        return recorded
    try:
        document = json.loads(row.canonical)
        return SealedEvent(
            row.id,
            row.kind,
            document["subject"],
            document["actor_id"],
            document["occurred_at"],
            document["payload"],
        )
    except (ValueError, TypeError, KeyError):
        return recorded  # a rewritten seal: the chain's walk names it


def _check_event(db: Db, event: SealedEvent, walk: _Walk) -> list[RecordProblem]:
    claims = (
        claims_of(event)
        or review_claims(event)
        or player_claims(event)
        or rating_claims(event)
        or comp_claims(event)
        or protection_claims(event)
    )
    claims = [*claims, *cash_claims(db, event)]  # a cash buy-in claims its cash in too
    if not claims or any(claim.row_id is None for claim in claims):
        return [
            RecordProblem(
                claims[0].table if claims else None,
                None,
                event.subject,
                event.id,
                EVENT_UNREADABLE,
                f"{event.kind} event {event.id} ({event.subject}) carries no readable record",
            )
        ]
    return [found for claim in claims for found in _check_claim(db, event, claim, walk)]


def _check_claim(db: Db, event: SealedEvent, claim: Claim, walk: _Walk) -> list[RecordProblem]:
    assert claim.row_id is not None  # _check_event names a claim without one
    table = ALL_TABLES[claim.table]
    seen = walk.seen[(claim.table, event.kind)]
    named = table.named(claim.row_id)
    if claim.row_id in seen:
        return [
            RecordProblem(
                claim.table,
                claim.row_id,
                event.subject,
                event.id,
                EVENT_REPEATED,
                f"{named} is claimed by a second {event.kind} event ({event.id})",
            )
        ]
    seen.add(claim.row_id)
    row = table.get(db, claim.row_id)
    if row is None:
        message = f"{named} is gone: {event.kind} event {event.id} ({event.subject}) seals it"
        return [RecordProblem(claim.table, claim.row_id, event.subject, event.id, RECORD_MISSING, message)]
    stored = {**table.shown(row), **stored_columns(row, claim.columns)}
    sealed = {**claim.sealed, **claim.columns}
    for name in claim.skipped:
        stored.pop(name, None)
        sealed.pop(name, None)
    differences = tuple(
        FieldDifference(found.field, found.current, found.sealed) for found in compare(sealed, stored)
    )
    if not differences:
        return []
    fields = ", ".join(difference.field for difference in differences)
    message = f"{named} differs from its {event.kind} event {event.id} ({event.subject}): {fields}"
    return [
        RecordProblem(claim.table, claim.row_id, event.subject, event.id, RECORD_EDITED, message, differences)
    ]


def _closed_unsealed(row: TableSession, walk: _Walk) -> list[RecordProblem]:
    """A session stored closed must have its ``session_closed`` event."""
    if row.closed_at is None or row.id in walk.seen[(SESSIONS, EventKind.SESSION_CLOSED)]:
        return []
    difference = FieldDifference("closed_at", row.closed_at.isoformat(), None)
    return [
        RecordProblem(
            SESSIONS,
            row.id,
            f"session:{row.id}",
            None,
            RECORD_EDITED,
            f"{SESSIONS} row {row.id} is closed, but no session_closed event seals its close",
            (difference,),
        )
    ]


def _rows(db: Db, model: Any) -> Iterator[Any]:
    """Every row of the table, a keyset page at a time (by its key: a cash
    in's is its buy-in's)."""
    (key,) = inspect(model).primary_key
    after = 0
    while True:
        page: list[Any] = list(db.scalars(select(model).where(key > after).order_by(key).limit(PAGE)))
        yield from page
        if len(page) < PAGE:
            return
        after = getattr(page[-1], key.key)
        db.expunge_all()
