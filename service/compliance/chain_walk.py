"""One pass over links of the audit hash chain: each link checked against
the one before it and against its event, in the order that explains a
break best. What each check catches is listed in :mod:`service.compliance.audit_verify`.

The walk reads keyset pages of seals with their events and lets go of each
page, so memory stays flat however long the chain.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from service.audit.canonical import canonical_joined, canonical_of
from service.audit.chain import GENESIS, chained_hash
from service.audit.kinds import EventKind
from service.compliance.chain_report import BrokenLink, as_text, differences_between
from service.compliance.chain_rows import LinkRows, StoredEvent, StoredLink, as_link, first_unsealed
from service.jobs.progress import Progress
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal
from service.store.stored_instant import instant_of, instant_text


class Walk:
    """One pass over the links ``start``..``end``; remembers the last good link."""

    def __init__(self, db: Db, start: int, end: int, progress: Progress | None = None) -> None:
        self.db = db
        self.progress = progress
        self.start = start
        self.end = end
        self.checked = 0
        self.expected = start  # the next sequence number
        self.previous_hash = GENESIS if start == 1 else ""  # "" until the first link anchors it
        self.previous_event: int | None = None
        self.previous_seq: int | None = None
        self.unsealed = first_unsealed(db, start, end)

    def run(self) -> BrokenLink | None:
        rows = LinkRows(self.db, self.start, self.end)
        try:
            return self._through(rows)
        finally:
            rows.settle()  # whatever runs next on the handle's connection

    def _through(self, rows: LinkRows) -> BrokenLink | None:
        for row in rows:
            if not self._holds(row):
                rows.settle()  # the checks run statements of their own
                broken = self.check(as_link(row))
                if broken is not None:
                    return broken
            self.checked += 1
            self.expected = row[0] + 1
            self.previous_hash = row[3]
            self.previous_event = row[1]
            self.previous_seq = row[0]
            if self.progress is not None:
                self.progress(1)
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

    def check(self, seal: StoredLink) -> BrokenLink | None:
        """The first thing wrong with a link that does not hold
        (:meth:`_holds`), in the order that explains it best: where it sits
        in the chain first, then what it seals; ``None`` when each check
        passes (a payload stored by an earlier release, written otherwise)."""
        for test in (self._sequence, self._chaining, self._order, self._inserted, self._event):
            problem = test(seal)
            if problem is not None:
                return problem
        return None

    def _holds(self, row: Sequence[Any]) -> bool:
        """The common case in one test of a row of ``LinkRows``, before any
        tuple is made of it, which each check below would pass: the next
        link, chained to the last, sealing a newer event unchanged since,
        and no unsealed event anywhere. Anything else goes through the
        checks one by one, which name what is wrong."""
        seq, event_id, previous_hash, digest, sealed = row[:5]
        return (
            seq == self.expected
            and self.unsealed is None
            and previous_hash == self.previous_hash
            and row[5] is not None
            and sealed is not None
            and (self.previous_event is None or event_id > self.previous_event)
            and _joined_row(row) == sealed
            and chained_hash(previous_hash, sealed) == digest
        )

    def _after(self) -> str:
        if self.previous_seq is None:
            return "the start of the range"
        return f"seq {self.previous_seq} (event {self.previous_event})"

    def _sequence(self, seal: StoredLink) -> BrokenLink | None:
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

    def _between(self, seal: StoredLink) -> str:
        """What became of the events of deleted links: still there unsealed, or gone."""
        low = self.previous_event if self.previous_event is not None else 0
        if self.unsealed is not None and low < self.unsealed.id < seal.event_id:
            return f"; event {self.unsealed.id} ({self.unsealed.kind}) is still stored but has no seal"
        remaining = self.db.scalar(
            select(func.count()).where(AuditEvent.id > low, AuditEvent.id < seal.event_id)
        )
        if remaining == 0:
            return f"; no event between ids {low} and {seal.event_id} remains: its event was deleted too"
        return ""

    def _chaining(self, seal: StoredLink) -> BrokenLink | None:
        if not self.previous_hash:
            # The first link of a range: its stored previous hash is the anchor.
            self.previous_hash = seal.previous_hash
            return None
        if seal.previous_hash == self.previous_hash:
            return None
        owner = self.db.execute(
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

    def _order(self, seal: StoredLink) -> BrokenLink | None:
        if self.previous_event is None or seal.event_id > self.previous_event:
            return None
        return BrokenLink(
            seal.seq,
            seal.event_id,
            "out_of_order",
            f"seq {seal.seq} seals event {seal.event_id} after {self._after()}: events are sealed in id "
            "order, so the links were reordered",
        )

    def _inserted(self, seal: StoredLink) -> BrokenLink | None:
        stray = self.unsealed
        if stray is None or stray.id >= seal.event_id:
            return None
        if self.previous_event is not None and stray.id < self.previous_event:
            return None  # below the range walked
        refused = self.db.scalar(
            select(func.count()).where(
                AuditEvent.kind == EventKind.EVENT_REFUSED, AuditEvent.subject == f"event:{stray.id}"
            )
        )
        why = (
            "the sealer refused it: its MAC does not hold, so it was written by SQL, not by the service"
            if refused
            else "it was inserted after sealing, or its seal was deleted"
        )
        return BrokenLink(
            seal.seq,
            stray.id,
            "unsealed_event",
            f"event {stray.id} ({stray.kind}, {stray.subject}, {stray.occurred_at.isoformat()}) lies "
            f"between {self._after()} and seq {seal.seq} (event {seal.event_id}) but has no seal: {why}",
        )

    def _event(self, seal: StoredLink) -> BrokenLink | None:
        event = seal.event
        if event is None:
            return BrokenLink(
                seal.seq,
                seal.event_id,
                "event_missing",
                f"event {seal.event_id}, sealed at seq {seal.seq}, is no longer stored: it was deleted",
            )
        current = _current(event, seal.canonical)
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


def _current(event: StoredEvent, sealed: str | None) -> str:
    """The event's canonical JSON as stored now. Joined around the stored
    payload text when that gives the sealed text, which then proves the
    event unchanged (the sealed text parses one way only); decoded and
    re-encoded when not (a payload stored by an older release or edited)."""
    joined = _joined(event)
    if joined == sealed:
        return joined
    event_id, kind, subject, actor_id, table_id, stored_at, payload_text = event
    try:
        occurred_at = instant_of(stored_at)
    except ValueError:
        # No time at all (SQLite keeps any text): the text is shown as it is.
        return canonical_joined(event_id, kind, subject, actor_id, table_id, str(stored_at), payload_text)
    try:
        payload = json.loads(payload_text)
    except ValueError:
        payload = payload_text  # not JSON (SQLite keeps any text): shown as the text it is
    return canonical_of(event_id, kind, subject, actor_id, table_id, occurred_at, payload)


def _joined_row(row: Sequence[Any]) -> str:
    """:func:`_joined` of a row of ``LinkRows`` (its event's seven columns)."""
    return canonical_joined(row[5], row[6], row[7], row[8], row[9], instant_text(row[10]), row[11])


def _joined(event: StoredEvent) -> str:
    event_id, kind, subject, actor_id, table_id, stored_at, payload_text = event
    return canonical_joined(
        event_id, kind, subject, actor_id, table_id, instant_text(stored_at), payload_text
    )
