"""Verifying the audit trail, in four parts that a verification always
runs together:

- the hash chain: the seals walked in sequence order, each link checked
  against the one before it and against its event, and the first link that
  does not hold named (:mod:`service.compliance.chain_walk`);
- every stored round against its sealed ``round_settled`` event: its money,
  digest and where it counts (:mod:`service.rounds.sealed`);
- the derived totals the reports read, recounted from the rounds
  (:mod:`service.compliance.totals_check`);
- every table accounting record (sessions, tray counts, slips and their
  signatures, drop counts, check notes) and every void or correction
  request and its decision against the sealed event that carries it whole
  (:mod:`service.compliance.accounting_verify`).

What a DBA editing rows directly can do, and where it shows:

- edit an event: its canonical JSON no longer matches the seal's; the seal
  kept the JSON it hashed, so the changed fields are named;
- rewrite a seal (its hash or its stored JSON): its hash no longer follows
  from its previous hash and its JSON, or the next link no longer chains to it;
- delete a seal (with or without its event): a gap in the sequence;
- delete an event only: its seal points at nothing;
- reorder links: a link chains to a hash other than its predecessor's, or the
  event ids stop increasing (events are sealed in id order);
- insert an event among sealed ones: an event older than the head, unsealed;
- empty the seals (TRUNCATE, or DELETE with the triggers dropped): no link
  although events are stored;
- rewrite a round so that it agrees with itself, or lower a total: the
  round against its sealed event, the totals against a recount;
- edit a slip's total, a tray count or a drop count, or insert one by hand,
  or write an approved void or correction by SQL: the record against its
  sealed event (or its lack of one);
- edit a session's figures (its win, drop or check): the row derived again
  from the session's records (:mod:`service.compliance.figures_check`).

A DBA who can also drop the triggers can rewrite events and seal the whole
chain again, every hash recomputed: the hash walk holds, but the heads the
workers signed (with a key the database never holds) no longer match their
seals, and the first seal whose signature fails is named
(:mod:`service.compliance.signature_check`). An event inserted by SQL has
no valid MAC, so the sealer never seals it (and raises ``event_refused``).

Cutting links off the end of the chain (and their signatures) leaves a
shorter chain that is intact in itself: a head recorded elsewhere shows
that (``expect``: the signed-heads log beside the database, an export's
signed manifest).

Every part reads keyset pages and lets go of each, so memory stays flat
however long the chain. A verification from the API runs as a background
job (:mod:`service.compliance.verifications`), never in the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, TypedDict

from sqlalchemy import func, select

from service.audit.chain import chain_head
from service.audit.event_mac import settings_for
from service.audit.events import record_event
from service.audit.keys import KeyRing
from service.audit.kinds import EventKind
from service.compliance.accounting_report import AccountingReport, AccountingReportJson
from service.compliance.accounting_verify import accounting_size, check_accounting
from service.compliance.chain_report import (
    ABSENT,
    BrokenLink,
    ChainReport,
    ChainReportJson,
    Difference,
    as_text,
    differences_between,
)
from service.compliance.chain_walk import Walk
from service.compliance.signature_check import ExpectedHead, check_expected_head, check_signatures
from service.compliance.totals_check import TotalsReport, TotalsReportJson, check_totals, total_rows
from service.jobs.progress import Progress
from service.rounds.sealed import RoundsReport, check_rounds
from service.rounds.sealed_json import RoundsReportJson
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal, RoundRecord

__all__ = [
    "ABSENT",
    "AccountingReport",
    "AuditReport",
    "AuditReportJson",
    "BrokenLink",
    "ChainReport",
    "Difference",
    "as_text",
    "differences_between",
    "record_verification",
    "verification_size",
    "verify_chain",
    "verify_records",
]


def verify_chain(
    db: Db,
    first: int | None = None,
    last: int | None = None,
    progress: Progress | None = None,
    expect: ExpectedHead | None = None,
    ring: KeyRing | None = None,
) -> ChainReport:
    """Check the links ``first`` to ``last`` (sequence numbers, inclusive; the
    whole chain by default), then the signed heads from ``first`` on with
    the public keys of ``ring`` (the settings' by default), then that the
    chain reaches ``expect``. A range that does not start at 1 is checked
    from the previous hash its first link stored: the links before it are
    not checked."""
    if first is not None and first < 1:
        raise ValueError("from must be a sequence number, 1 or more")
    if first is not None and last is not None and last < first:
        raise ValueError(f"to ({last}) is before from ({first})")
    head = chain_head(db)
    pending = _pending(db, head)
    start = first or 1
    end = head.seq if head is not None else 0
    if last is not None:
        end = min(end, last)
    anchor = "genesis" if start == 1 else f"the previous hash stored in seq {start}"
    expected = None if expect is None else check_expected_head(db, expect)
    if head is None and pending:
        return ChainReport(False, 0, None, None, None, anchor, pending, _emptied(db))
    if end < start:
        # Nothing sealed in the range (or nothing stored at all).
        return ChainReport(expected is None, 0, None, None, None, anchor, pending, expected)
    walk = Walk(db, start, end, progress)
    broken = walk.run()
    keys = ring if ring is not None else KeyRing.of_folder(settings_for(db).public_keys)
    signatures = check_signatures(db, keys, head.seq if head is not None else 0, start)
    broken = broken or signatures.broken or expected
    return ChainReport(
        intact=broken is None,
        checked=walk.checked,
        first_seq=start,
        last_seq=end,
        head=walk.previous_hash if walk.checked else None,
        anchor=anchor,
        pending=pending,
        broken=broken,
        signatures=signatures.checked,
        signed_seq=signatures.signed_seq,
    )


def _pending(db: Db, head: AuditSeal | None) -> int:
    after = head.event_id if head is not None else 0
    return db.scalar(select(func.count()).where(AuditEvent.id > after)) or 0


def _emptied(db: Db) -> BrokenLink:
    """No link at all although events are stored: the sealer seals every
    event within seconds of its commit, so the seals were taken away."""
    oldest = db.scalar(select(func.min(AuditEvent.id)))
    return BrokenLink(
        1,
        oldest,
        "chain_empty",
        f"no link is stored although events are (the oldest: event {oldest}): the seals were deleted "
        "(TRUNCATE or DELETE of audit_seals), or no worker has ever sealed this database",
    )


class AuditReportJson(TypedDict):
    """An :class:`AuditReport` as a verification stores it (its ``report``)."""

    intact: Annotated[bool, "the chain, the rounds, the totals and the accounting records"]
    chain: Annotated[ChainReportJson, "the hash chain"]
    rounds: Annotated[RoundsReportJson, "the rounds against their sealed events"]
    totals: Annotated[TotalsReportJson, "the totals against a recount"]
    accounting: Annotated[
        AccountingReportJson,
        "the table sessions, tray counts, slips, signatures, drop counts, check notes, and the void and "
        "correction requests and decisions against their sealed events",
    ]


@dataclass(frozen=True)
class AuditReport:
    """A whole verification: the chain, the rounds, the totals, the
    accounting records."""

    chain: ChainReport
    rounds: RoundsReport
    totals: TotalsReport
    accounting: AccountingReport

    @property
    def intact(self) -> bool:
        return self.chain.intact and self.rounds.intact and self.totals.intact and self.accounting.intact

    def to_json(self) -> AuditReportJson:
        return {
            "intact": self.intact,
            "chain": self.chain.to_json(),
            "rounds": self.rounds.to_json(),
            "totals": self.totals.to_json(),
            "accounting": self.accounting.to_json(),
        }


def verify_records(
    db: Db,
    first: int | None = None,
    last: int | None = None,
    progress: Progress | None = None,
    expect: ExpectedHead | None = None,
) -> AuditReport:
    """The chain's links ``first``..``last`` (all by default) and its signed
    heads (reaching ``expect``, if given), every stored round against its
    sealed event, every total recounted, and every accounting record
    against its sealed event."""
    chain = verify_chain(db, first, last, progress, expect)
    rounds, totals = check_rounds(db, progress), check_totals(db, progress)
    return AuditReport(chain, rounds, totals, check_accounting(db, progress))


def verification_size(db: Db, first: int | None = None, last: int | None = None) -> int:
    """How many links, rounds, round events, totals and accounting events
    and records a verification checks."""
    links = select(func.count()).select_from(AuditSeal).where(AuditSeal.seq >= (first or 1))
    if last is not None:
        links = links.where(AuditSeal.seq <= last)
    rounds = select(func.count()).select_from(RoundRecord)
    events = select(func.count()).where(AuditEvent.kind == EventKind.ROUND_SETTLED)
    counted = sum(int(db.scalar(query) or 0) for query in (links, rounds, events))
    return counted + total_rows(db) + accounting_size(db)


def record_verification(
    db: Db, report: AuditReport, actor_id: int | None, via: str, verification_id: int | None = None
) -> None:
    """Put a verification run on the record: that it ran, and what it found
    (an alert can watch for ``intact`` false)."""
    chain = report.chain
    broken = chain.broken
    record_event(
        db,
        EventKind.AUDIT_VERIFIED,
        "audit:chain",
        {
            "intact": report.intact,
            "checked": chain.checked,
            "first_seq": chain.first_seq,
            "last_seq": chain.last_seq,
            "head": chain.head,
            "broken_seq": None if broken is None else broken.seq,
            "problem": None if broken is None else broken.problem,
            "chain_intact": chain.intact,
            "rounds_checked": report.rounds.checked,
            "rounds_differing": report.rounds.differing,
            "totals_checked": report.totals.checked,
            "totals_differing": report.totals.problems,
            "accounting_checked": report.accounting.checked,
            "accounting_differing": report.accounting.differing,
            "verification": verification_id,
            "via": via,
        },
        actor_id=actor_id,
    )
