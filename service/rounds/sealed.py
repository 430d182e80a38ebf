"""A stored round against its sealed ``round_settled`` event.

The event is written in the same transaction as the round and sealed into
the hash chain: it holds the round's money (its house net and the digest of
the round as entered), its configuration version, its seats and where it
counts. A round rewritten so that it agrees with itself (a bet raised,
re-settled by the engine, every figure written to match) still disagrees
with the event. The chain tells whether the event itself was touched; here
the event is read as its seal keeps it (the canonical JSON hashed), and as
recorded only while it waits for its seal.

``recall --verify`` compares what the event seals; ``audit verify`` also
compares the figures derived from them (the settlement's house net, the
seat rows and the digest of the round as entered), since it does not
re-settle the rounds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select

from service.audit.kinds import EventKind
from service.jobs.progress import Progress
from service.rounds.aggregates import BETS
from service.rounds.entering import request_digest
from service.rounds.sealed_json import MismatchJson, RoundProblemJson, RoundsReportJson
from service.rounds.sealed_ratings import Rated, back_filled, rated_differences, stored_rated
from service.rounds.storing import placement, round_id_of
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal, RoundRecord

ABSENT = "(absent)"
RESETTLED, SEALED = "re-settled", "sealed"  # what a stored figure is compared with
PAGE = 500  # rounds per query
LISTED = 100  # rounds named in a report
#: the key of the event's "placement" -> the column
COLUMNS = {"supersedes": "supersedes_id"}


@dataclass(frozen=True)
class Mismatch:
    """A stored figure and what re-settling gives instead, or what the
    round's sealed ``round_settled`` event says (``against``)."""

    field: str  # e.g. "seats[2].main_net", "settlement.house_net", "gaming_day"
    stored: Any
    resettled: Any
    against: str = RESETTLED

    def to_json(self) -> MismatchJson:
        if self.against == SEALED:
            return {"field": self.field, "stored": self.stored, "sealed": self.resettled}
        return {"field": self.field, "stored": self.stored, "resettled": self.resettled}


@dataclass(frozen=True)
class SealedEvent:
    id: int
    payload: Any  # as sealed; as recorded while the event waits for its seal


def sealed_events(db: Db, round_ids: Sequence[int]) -> dict[int, list[SealedEvent]]:
    """The ``round_settled`` events of each round, oldest first."""
    subjects = {f"round:{round_id}": round_id for round_id in round_ids}
    found: dict[int, list[SealedEvent]] = {round_id: [] for round_id in round_ids}
    rows = db.execute(
        select(AuditEvent.id, AuditEvent.subject, AuditEvent.payload, AuditSeal.canonical)
        .outerjoin(AuditSeal, AuditSeal.event_id == AuditEvent.id)
        .where(AuditEvent.kind == EventKind.ROUND_SETTLED, AuditEvent.subject.in_(subjects))
        .order_by(AuditEvent.id)
    )
    for row in rows:
        found[subjects[row.subject]].append(SealedEvent(row.id, _as_sealed(row.canonical, row.payload)))
    return found


def _as_sealed(canonical: str | None, payload: Any) -> Any:
    if canonical is None:
        return payload
    try:
        return json.loads(canonical)["payload"]
    except (ValueError, TypeError, KeyError):
        return payload  # a rewritten seal: the chain's walk names it


def sealed_mismatches(db: Db, record: RoundRecord, derived: bool = False) -> tuple[list[Mismatch], list[str]]:
    """``record`` against its sealed event: the mismatches, and what could
    not be checked. ``derived``: also the figures derived from the sealed ones."""
    rated = stored_rated(db, [record.id]).get(record.id, {})
    back = back_filled(db, record.table_id, record.entered_at).get(record.id, {})
    return against_events(record, sealed_events(db, [record.id])[record.id], derived, (rated, back))


def against_events(
    record: RoundRecord, events: list[SealedEvent], derived: bool, rated: tuple[Rated, Rated]
) -> tuple[list[Mismatch], list[str]]:
    """The round against its events; ``rated``: its rated seats as stored,
    and those missed ratings' events say they rated back
    (:mod:`service.rounds.sealed_ratings`)."""
    subject = f"round:{record.id}"
    if not events:
        return [Mismatch(EventKind.ROUND_SETTLED, subject, "no round_settled event", SEALED)], []
    found = []
    if len(events) > 1:
        ids = ", ".join(str(event.id) for event in events)
        found.append(
            Mismatch(EventKind.ROUND_SETTLED, subject, f"{len(events)} round_settled events: {ids}", SEALED)
        )
    event = events[0]
    if not isinstance(event.payload, dict):
        return [*found, Mismatch(EventKind.ROUND_SETTLED, subject, event.payload, SEALED)], []
    for field, stored, key in _claims(record, derived):
        sealed = event.payload.get(key, ABSENT)
        if not _same(field, stored, sealed):
            found.append(Mismatch(field, stored, sealed, SEALED))
    for field, stored, sealed in rated_differences(rated[0], event.payload, rated[1]):
        found.append(Mismatch(field, stored, sealed, SEALED))
    placed, unchecked = _placement(record, event)
    return found + placed, unchecked


def _claims(record: RoundRecord, derived: bool) -> Iterator[tuple[str, Any, str]]:
    """Each stored figure with the key of the sealed one it must equal."""
    settlement = record.settlement if isinstance(record.settlement, dict) else {}
    seats = settlement.get("seats")
    yield "round_id", _round_id(record), "round_id"
    yield "config_version", record.config.version, "config_version"
    yield "seats", len(seats) if isinstance(seats, list) else ABSENT, "seats"
    yield "house_net", record.house_net, "house_net"
    yield "request_digest", record.request_digest, "request_digest"
    if not derived:
        return
    yield "settlement.house_net", settlement.get("house_net", ABSENT), "house_net"
    yield "seat_rows.count", len(record.seats), "seats"
    nets = (getattr(seat, f"{bet}_net") for seat in record.seats for bet in BETS)
    yield "seat_rows.house_net", -sum(nets), "house_net"
    yield "entered.digest", request_digest(record.table_id, record.entered), "request_digest"


def _round_id(record: RoundRecord) -> Any:
    try:
        return round_id_of(record)
    except ValueError:
        return record.round_ref  # not JSON: it cannot match


def _placement(record: RoundRecord, event: SealedEvent) -> tuple[list[Mismatch], list[str]]:
    """Where the round counts against the placement its event seals, and a
    note when the event predates sealed placements."""
    if "placement" not in event.payload:
        return [], [
            f"placement: round_settled event {event.id} carries no placement (the round was stored "
            "before placements were sealed); entered_by, entered_at, gaming_day, shift, "
            "utc_offset_minutes, revision and supersedes_id not checked"
        ]
    stored, sealed = placement(record), event.payload["placement"]
    if not isinstance(sealed, dict):
        return [Mismatch("placement", stored, sealed, SEALED)], []
    found = []
    for key, value in stored.items():
        column = COLUMNS.get(key, key)
        other = sealed.get(key, ABSENT)
        if not _same(column, value, other):
            found.append(Mismatch(column, value, other, SEALED))
    return found, []


def _same(column: str, stored: Any, sealed: Any) -> bool:
    if column == "entered_at" and isinstance(sealed, str):
        try:  # the same instant, however it is written
            return datetime.fromisoformat(stored) == datetime.fromisoformat(sealed)
        except ValueError:
            return False
    return type(stored) is type(sealed) and stored == sealed


# --- every stored round (audit verify) ----------------------------------------


@dataclass(frozen=True)
class RoundProblem:
    id: int  # the round record (its event's subject, when the record is gone)
    table_id: int | None
    mismatches: tuple[Mismatch, ...]

    def to_json(self) -> RoundProblemJson:
        return {
            "id": self.id,
            "table_id": self.table_id,
            "mismatches": [mismatch.to_json() for mismatch in self.mismatches],
        }


@dataclass(frozen=True)
class RoundsReport:
    checked: int  # stored rounds compared with their events
    differing: int  # rounds (or events without their round) that disagree
    problems: tuple[RoundProblem, ...]  # the first LISTED of them
    unchecked: int  # rounds whose event carries no placement

    @property
    def intact(self) -> bool:
        return self.differing == 0

    def to_json(self) -> RoundsReportJson:
        return {
            "intact": self.intact,
            "checked": self.checked,
            "differing": self.differing,
            "problems": [problem.to_json() for problem in self.problems],
            "placement_unchecked": self.unchecked,
        }


def round_pages(db: Db, table_id: int | None = None) -> Iterator[list[RoundRecord]]:
    """Every stored round (of one table), oldest first, a keyset page at a
    time; each page is let go of before the next is read."""
    after = 0
    while True:
        query: Select[RoundRecord] = select(RoundRecord).where(RoundRecord.id > after)
        if table_id is not None:
            query = query.where(RoundRecord.table_id == table_id)
        page = list(db.scalars(query.order_by(RoundRecord.id).limit(PAGE)))
        if not page:
            return
        yield page
        after = page[-1].id
        db.expunge_all()
        if len(page) < PAGE:
            return


def check_rounds(db: Db, progress: Progress | None = None) -> RoundsReport:
    """Every stored round (and its rated seats) against its sealed event,
    and every ``round_settled`` event against its stored round."""
    checked = unchecked = 0
    problems: list[RoundProblem] = []
    back = back_filled(db)
    for page in round_pages(db):
        ids = [record.id for record in page]
        events, rated = sealed_events(db, ids), stored_rated(db, ids)
        for record in page:
            seats = (rated.get(record.id, {}), back.get(record.id, {}))
            mismatches, notes = against_events(record, events[record.id], True, seats)
            unchecked += bool(notes)
            if mismatches:
                problems.append(RoundProblem(record.id, record.table_id, tuple(mismatches)))
            if progress is not None:
                progress(1)
        checked += len(page)
    problems += _events_without_rounds(db, progress)
    return RoundsReport(checked, len(problems), tuple(problems[:LISTED]), unchecked)


def _events_without_rounds(db: Db, progress: Progress | None) -> Iterable[RoundProblem]:
    after = 0
    while True:
        rows = db.execute(
            select(AuditEvent.id, AuditEvent.subject, AuditEvent.table_id)
            .where(AuditEvent.kind == EventKind.ROUND_SETTLED, AuditEvent.id > after)
            .order_by(AuditEvent.id)
            .limit(PAGE)
        ).all()
        named = {row.id: _subject_id(row.subject) for row in rows}
        ids = {round_id for round_id in named.values() if round_id is not None}
        stored = set(db.scalars(select(RoundRecord.id).where(RoundRecord.id.in_(ids))))
        for row in rows:
            round_id = named[row.id]
            if round_id not in stored:
                missing = Mismatch("round", ABSENT, f"round_settled event {row.id} ({row.subject})", SEALED)
                yield RoundProblem(round_id or 0, row.table_id, (missing,))
            if progress is not None:
                progress(1)
        if len(rows) < PAGE:
            return
        after = rows[-1].id


def _subject_id(subject: str) -> int | None:
    kind, _, number = subject.partition(":")
    return int(number) if kind == "round" and number.isdigit() and len(number) < 12 else None
