"""Verifying the audit hash chain: walk the seals in sequence order, check
each link against the one before it and against its event, and report the
first link that does not hold, or that the chain is intact.

What a DBA editing rows directly can do, and where it shows:

- edit an event: its canonical JSON no longer matches the seal's; the seal
  kept the JSON it hashed, so the changed fields are named;
- rewrite a seal (its hash or its stored JSON): its hash no longer follows
  from its previous hash and its JSON, or the next link no longer chains to it;
- delete a seal (with or without its event): a gap in the sequence;
- delete an event only: its seal points at nothing;
- reorder links: a link chains to a hash other than its predecessor's, or the
  event ids stop increasing (events are sealed in id order);
- insert an event among sealed ones: an event older than the head, unsealed.

Cutting links off the end of the chain leaves a shorter chain that is
intact in itself: only a head recorded elsewhere (an export, an earlier
``audit_verified`` event copied off the database) shows that.

The walk reads keyset pages of seals with their events and lets go of each
page, so memory stays flat however long the chain.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from service.audit import record_event
from service.audit_chain import EVENT_COLUMNS, GENESIS, canonical, chain_head, chained_hash
from service.models import AuditEvent, AuditSeal

PAGE = 2_000  # links per query
MAX_DIFFERENCES = 20  # fields named for one edited event


@dataclass(frozen=True)
class Difference:
    """A field of an event: as it was sealed, and as it is now."""

    field: str  # e.g. "payload.house_net"
    sealed: Any
    current: Any


@dataclass(frozen=True)
class BrokenLink:
    seq: int
    event_id: int | None
    problem: str  # a code: link_missing, link_moved, chain_broken, ...
    message: str
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class ChainReport:
    intact: bool
    checked: int  # links found intact (before the broken one, if any)
    first_seq: int | None  # the range walked
    last_seq: int | None
    head: str | None  # hash of the last link found intact
    anchor: str  # what the first link was checked against
    pending: int  # events after the chain's head, waiting for their seal (normal)
    broken: BrokenLink | None

    def to_json(self) -> dict[str, Any]:
        document = asdict(self)
        if self.broken is not None:
            document["broken"]["differences"] = [
                {"field": d.field, "sealed": _shown(d.sealed), "current": _shown(d.current)}
                for d in self.broken.differences
            ]
        return document


class _Absent:
    """A field that one side of a comparison does not have."""

    def __repr__(self) -> str:
        return "(absent)"


ABSENT: Any = _Absent()


def _shown(value: Any) -> Any:
    return repr(value) if value is ABSENT else value


def verify_chain(session: Session, first: int | None = None, last: int | None = None) -> ChainReport:
    """Check the links ``first`` to ``last`` (sequence numbers, inclusive; the
    whole chain by default). A range that does not start at 1 is checked
    from the previous hash its first link stored: the links before it are
    not checked."""
    if first is not None and first < 1:
        raise ValueError("from must be a sequence number, 1 or more")
    if first is not None and last is not None and last < first:
        raise ValueError(f"to ({last}) is before from ({first})")
    head = chain_head(session)
    pending = _pending(session, head)
    start = first or 1
    end = head.seq if head is not None else 0
    if last is not None:
        end = min(end, last)
    anchor = "genesis" if start == 1 else f"the previous hash stored in seq {start}"
    if end < start:
        # Nothing sealed in the range (or nothing sealed yet).
        return ChainReport(True, 0, None, None, None, anchor, pending, None)
    walk = _Walk(session, start, end)
    broken = walk.run()
    return ChainReport(
        intact=broken is None,
        checked=walk.checked,
        first_seq=start,
        last_seq=end,
        head=walk.previous_hash if walk.checked else None,
        anchor=anchor,
        pending=pending,
        broken=broken,
    )


def _pending(session: Session, head: AuditSeal | None) -> int:
    after = head.event_id if head is not None else 0
    return session.scalar(select(func.count()).where(AuditEvent.id > after)) or 0


class _Walk:
    """One pass over the links ``start``..``end``; remembers the last good link."""

    def __init__(self, session: Session, start: int, end: int) -> None:
        self.session = session
        self.start = start
        self.end = end
        self.checked = 0
        self.expected = start  # the next sequence number
        self.previous_hash = GENESIS if start == 1 else ""  # "" until the first link anchors it
        self.previous_event: int | None = None
        self.previous_seq: int | None = None
        self.unsealed = _first_unsealed(session, start, end)

    def run(self) -> BrokenLink | None:
        for seal in _links(self.session, self.start, self.end):
            broken = self.check(seal)
            if broken is not None:
                return broken
            self.checked += 1
            self.expected = seal.seq + 1
            self.previous_hash = seal.hash
            self.previous_event = seal.event_id
            self.previous_seq = seal.seq
        if self.expected <= self.end:
            # The last links of the range are gone (the range ends before the head).
            return BrokenLink(
                self.expected,
                None,
                "link_missing",
                f"seq {self.expected} is missing: the chain stops at {self._after()} "
                f"although it runs to seq {self.end} or beyond; links were deleted",
            )
        return None

    def check(self, seal: _Link) -> BrokenLink | None:
        """The first thing wrong with this link, in the order that explains it
        best: where it sits in the chain first, then what it seals."""
        for test in (self._sequence, self._chaining, self._order, self._inserted, self._event):
            problem = test(seal)
            if problem is not None:
                return problem
        return None

    def _after(self) -> str:
        if self.previous_seq is None:
            return "the start of the range"
        return f"seq {self.previous_seq} (event {self.previous_event})"

    def _sequence(self, seal: _Link) -> BrokenLink | None:
        if seal.seq == self.expected:
            return None
        if seal.seq < self.expected:  # only before seq 1: sequence numbers are unique
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "link_inserted",
                f"seq {seal.seq} (event {seal.event_id}) comes before the chain's first link: "
                "it was inserted",
            )
        missing = (
            f"seq {self.expected}"
            if seal.seq == self.expected + 1
            else f"seqs {self.expected}-{seal.seq - 1}"
        )
        detail = self._between(seal)
        return BrokenLink(
            self.expected,
            None,
            "link_missing",
            f"{missing} missing: the chain goes from {self._after()} to seq {seal.seq} "
            f"(event {seal.event_id}); the link was deleted{detail}",
        )

    def _between(self, seal: _Link) -> str:
        """What became of the events of deleted links: still there unsealed, or gone."""
        low = self.previous_event if self.previous_event is not None else 0
        if self.unsealed is not None and low < self.unsealed.id < seal.event_id:
            return f"; event {self.unsealed.id} ({self.unsealed.kind}) is still stored but has no seal"
        remaining = self.session.scalar(
            select(func.count()).where(AuditEvent.id > low, AuditEvent.id < seal.event_id)
        )
        if remaining == 0:
            return f"; no event between ids {low} and {seal.event_id} remains: its event was deleted too"
        return ""

    def _chaining(self, seal: _Link) -> BrokenLink | None:
        if not self.previous_hash:
            # The first link of a range: its stored previous hash is the anchor.
            self.previous_hash = seal.previous_hash
            return None
        if seal.previous_hash == self.previous_hash:
            return None
        owner = self.session.execute(
            select(AuditSeal.seq, AuditSeal.event_id).where(AuditSeal.hash == seal.previous_hash).limit(1)
        ).first()
        if owner is not None:
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "link_moved",
                f"seq {seal.seq} (event {seal.event_id}) was chained after seq {owner.seq} "
                f"(event {owner.event_id}), not after {self._after()}: the links were reordered",
            )
        return BrokenLink(
            seal.seq,
            seal.event_id,
            "chain_broken",
            f"seq {seal.seq} (event {seal.event_id}) was chained to hash {seal.previous_hash[:16]}…, "
            f"which no stored link has, but follows {self._after()} with hash {self.previous_hash[:16]}…: "
            f"the hash of seq {self.previous_seq} was rewritten, or a link between them deleted "
            "and the sequence closed up",
        )

    def _order(self, seal: _Link) -> BrokenLink | None:
        if self.previous_event is None or seal.event_id > self.previous_event:
            return None
        return BrokenLink(
            seal.seq,
            seal.event_id,
            "out_of_order",
            f"seq {seal.seq} seals event {seal.event_id} after {self._after()}: events are sealed in id "
            "order, so the links were reordered",
        )

    def _inserted(self, seal: _Link) -> BrokenLink | None:
        stray = self.unsealed
        if stray is None or stray.id >= seal.event_id:
            return None
        if self.previous_event is not None and stray.id < self.previous_event:
            return None  # below the range walked
        return BrokenLink(
            seal.seq,
            stray.id,
            "unsealed_event",
            f"event {stray.id} ({stray.kind}, {stray.subject}, {stray.occurred_at.isoformat()}) lies "
            f"between {self._after()} and seq {seal.seq} (event {seal.event_id}) but has no seal: "
            "it was inserted after sealing, or its seal was deleted",
        )

    def _event(self, seal: _Link) -> BrokenLink | None:
        event = seal.event
        if event is None:
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "event_missing",
                f"event {seal.event_id}, sealed at seq {seal.seq}, is no longer stored: it was deleted",
            )
        current = canonical(event)
        if seal.canonical is None:
            # Sealed before seals kept their JSON: the hash alone tells.
            if chained_hash(seal.previous_hash, current) == seal.hash:
                return None
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "hash_mismatch",
                f"seq {seal.seq}: the hash does not match event {seal.event_id} as stored now: the event "
                "was edited or the seal rewritten (sealed before seals kept the event's JSON, so the "
                "field cannot be named)",
            )
        if chained_hash(seal.previous_hash, seal.canonical) != seal.hash:
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "seal_rewritten",
                f"seq {seal.seq}: the seal's hash does not follow from its previous hash and the event "
                "JSON it stores: the seal was rewritten",
            )
        if current == seal.canonical:
            return None
        differences = differences_between(seal.canonical, current)
        named = "; ".join(
            f"{d.field} sealed {as_text(d.sealed)} now {as_text(d.current)}" for d in differences[:5]
        )
        more = f" (and {len(differences) - 5} more)" if len(differences) > 5 else ""
        return BrokenLink(
            seal.seq,
            seal.event_id,
            "event_edited",
            f"event {seal.event_id} ({event.kind}) at seq {seal.seq} was edited after sealing: {named}{more}",
            differences,
        )


def as_text(value: Any) -> str:
    """A field's value as JSON, for messages."""
    return repr(value) if value is ABSENT else json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class _Event:
    id: int
    kind: str
    subject: str
    actor_id: int | None
    table_id: int | None
    occurred_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Link:
    seq: int
    event_id: int
    previous_hash: str
    hash: str
    canonical: str | None
    event: _Event | None  # None: the sealed event is gone


_SEAL_COLUMNS = (
    AuditSeal.seq,
    AuditSeal.event_id,
    AuditSeal.previous_hash,
    AuditSeal.hash,
    AuditSeal.canonical,
)


def _links(session: Session, start: int, end: int) -> Iterator[_Link]:
    """The seals ``start``..``end`` with their events, a keyset page at a time.
    Plain rows, not ORM objects: nothing is kept in the session, and the
    walk runs several times faster."""
    after = start - 1
    while True:
        rows = session.execute(
            select(*_SEAL_COLUMNS, *EVENT_COLUMNS)
            .outerjoin(AuditEvent, AuditEvent.id == AuditSeal.event_id)
            .where(AuditSeal.seq > after, AuditSeal.seq <= end)
            .order_by(AuditSeal.seq)
            .limit(PAGE)
        ).all()
        for row in rows:
            event = None
            if row.id is not None:
                event = _Event(
                    row.id, row.kind, row.subject, row.actor_id, row.table_id, row.occurred_at, row.payload
                )
            yield _Link(row.seq, row.event_id, row.previous_hash, row.hash, row.canonical, event)
        if len(rows) < PAGE:
            return
        after = rows[-1].seq


def _first_unsealed(session: Session, start: int, end: int) -> AuditEvent | None:
    """The oldest event without a seal among the events the range sealed
    (from its first event to its newest; every event for a whole chain)."""
    low, high = session.execute(
        select(func.min(AuditSeal.event_id), func.max(AuditSeal.event_id)).where(
            AuditSeal.seq >= start, AuditSeal.seq <= end
        )
    ).one()
    if high is None:
        return None
    query = select(AuditEvent).where(
        AuditEvent.id < high, ~exists().where(AuditSeal.event_id == AuditEvent.id)
    )
    if start > 1:
        query = query.where(AuditEvent.id > low)
    return session.scalar(query.order_by(AuditEvent.id).limit(1))


def differences_between(sealed: str, current: str) -> tuple[Difference, ...]:
    """The fields that differ between two canonical JSON documents, by path.

    >>> differences_between('{"payload":{"house_net":500}}', '{"payload":{"house_net":900}}')
    (Difference(field='payload.house_net', sealed=500, current=900),)
    """
    try:
        before = json.loads(sealed)
    except ValueError:
        return (Difference("canonical", sealed, current),)
    found: list[Difference] = []
    _compare("", before, json.loads(current), found)
    return tuple(found[:MAX_DIFFERENCES])


def _compare(path: str, before: Any, after: Any, found: list[Difference]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys()):
            _compare(f"{path}.{key}" if path else key, before.get(key, ABSENT), after.get(key, ABSENT), found)
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            _compare(f"{path}[{index}]", old, new, found)
    elif type(before) is not type(after) or before != after:  # 1 is not true, nor 1.0
        found.append(Difference(path, before, after))


def record_verification(session: Session, report: ChainReport, actor_id: int | None, via: str) -> None:
    """Put a verification run on the record: that it ran, and what it found
    (an alert can watch for ``intact`` false)."""
    broken = report.broken
    record_event(
        session,
        "audit_verified",
        "audit:chain",
        {
            "intact": report.intact,
            "checked": report.checked,
            "first_seq": report.first_seq,
            "last_seq": report.last_seq,
            "head": report.head,
            "broken_seq": None if broken is None else broken.seq,
            "problem": None if broken is None else broken.problem,
            "via": via,
        },
        actor_id=actor_id,
    )
