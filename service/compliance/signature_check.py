"""The signed heads of the audit chain checked against the seals, and the
head the chain must reach (recorded outside the database).

The hash walk (:mod:`service.compliance.chain_walk`) proves that the links
hold together; it cannot tell a chain the workers sealed from one that
someone with write access rewrote and re-sealed whole, recomputing every
hash. The signatures can: each was made by the workers' signing key, which
the database never holds, over the sequence number and hash of a head
(:mod:`service.audit.head_signing`). What shows where:

- events rewritten and the chain re-sealed: the first head signed at or
  after the first rewritten link no longer has the hash its signature
  signed (``signature_mismatch``);
- a signature rewritten or inserted by SQL: it is not the key's
  (``signature_invalid``), or its key is not among the public keys;
- signatures deleted, or links sealed outside the workers: the chain's
  head has no signature (``head_unsigned``);
- links cut off the end (signatures with them): a signature names a seal
  that is gone (``signed_seal_missing``), or, when those were deleted
  too, only a head recorded elsewhere shows it: ``expect_head`` (the
  signed-heads log, an export's manifest).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import func, select

from service.audit.head_signing import head_message
from service.audit.keys import KeyRing
from service.compliance.chain_report import BrokenLink
from service.store.db import Db
from service.store.models import AuditHeadSignature, AuditSeal

PAGE = 2_000
_HEAD = re.compile(r"(\d+):([0-9a-f]{64})")


@dataclass(frozen=True)
class ExpectedHead:
    """A head the chain must reach: ``SEQ:HASH``."""

    seq: int
    hash: str

    @classmethod
    def parse(cls, text: str) -> ExpectedHead:
        """:class:`ValueError` saying what is wrong with ``text``."""
        found = _HEAD.fullmatch(text.strip().lower())
        if found is None or int(found.group(1)) < 1:
            raise ValueError(f"{text!r} is not SEQ:HASH (a sequence number from 1, a colon, 64 hex digits)")
        return cls(int(found.group(1)), found.group(2))

    def __str__(self) -> str:
        return f"{self.seq}:{self.hash}"


@dataclass(frozen=True)
class Signatures:
    """What the signatures showed: how many held, the last seq signed, the first problem."""

    checked: int
    signed_seq: int | None
    broken: BrokenLink | None


@dataclass(frozen=True, slots=True)
class _Signed:
    seq: int
    hash: str
    key_id: str
    signature: str
    sealed_hash: str | None  # None: no seal at that seq


def _signed(db: Db, first: int) -> Iterator[_Signed]:
    after = first - 1
    while True:
        rows = db.execute(
            select(
                AuditHeadSignature.seq,
                AuditHeadSignature.hash,
                AuditHeadSignature.key_id,
                AuditHeadSignature.signature,
                AuditSeal.hash.label("sealed_hash"),
            )
            .outerjoin(AuditSeal, AuditSeal.seq == AuditHeadSignature.seq)
            .where(AuditHeadSignature.seq > after)
            .order_by(AuditHeadSignature.seq)
            .limit(PAGE)
        ).all()
        for row in rows:
            yield _Signed(row.seq, row.hash, row.key_id, row.signature, row.sealed_hash)
        if len(rows) < PAGE:
            return
        after = rows[-1].seq


def check_signatures(db: Db, ring: KeyRing, head_seq: int, first: int = 1) -> Signatures:
    """Every signed head from seq ``first`` on against the seal it names and
    the public keys; then whether the chain's head (``head_seq``) is signed."""
    checked, last = 0, None
    for signed in _signed(db, first):
        problem = _problem(ring, signed)
        if problem is not None:
            return Signatures(checked, last, problem)
        checked, last = checked + 1, signed.seq
    if head_seq and (last or 0) < head_seq:
        # Before the first signature (an older chain), none was made:
        # the newest is what must be there, and covers every link before it.
        signed_before = db.scalar(select(func.max(AuditHeadSignature.seq)))
        latest = last or signed_before
        return Signatures(
            checked,
            last,
            BrokenLink(
                head_seq,
                None,
                "head_unsigned",
                f"seal {head_seq}, the chain's head, has no signature (the last signed head: "
                f"{'none' if latest is None else f'seal {latest}'}): links were sealed outside the "
                "workers, or the signatures were deleted",
            ),
        )
    return Signatures(checked, last, None)


def _problem(ring: KeyRing, signed: _Signed) -> BrokenLink | None:
    if signed.sealed_hash is None:
        return BrokenLink(
            signed.seq,
            None,
            "signed_seal_missing",
            f"seal {signed.seq} was signed as a head but is no longer stored: links were cut off the end "
            "of the chain or deleted",
        )
    wrong = ring.verify(signed.key_id, head_message(signed.seq, signed.hash), signed.signature)
    if wrong is not None:
        return BrokenLink(
            signed.seq,
            None,
            "signature_invalid",
            f"the signature of seal {signed.seq} does not hold ({wrong}): it was written or rewritten in the "
            "database, not made by the workers' signing key",
        )
    if signed.hash != signed.sealed_hash:
        return BrokenLink(
            signed.seq,
            None,
            "signature_mismatch",
            f"seal {signed.seq} was signed with hash {signed.hash[:16]}… but now has hash "
            f"{signed.sealed_hash[:16]}…: the chain up to it was rewritten and sealed again",
        )
    return None


def check_expected_head(db: Db, expected: ExpectedHead) -> BrokenLink | None:
    """Whether the chain reaches ``expected``, with the same hash there."""
    stored = db.scalar(select(AuditSeal.hash).where(AuditSeal.seq == expected.seq))
    if stored is None:
        end = db.scalar(select(func.max(AuditSeal.seq))) or 0
        return BrokenLink(
            expected.seq,
            None,
            "head_not_reached",
            f"the chain ends at seal {end}, before the expected head seal {expected.seq}: links were cut off "
            "the end",
        )
    if stored != expected.hash:
        return BrokenLink(
            expected.seq,
            None,
            "head_differs",
            f"seal {expected.seq} has hash {stored[:16]}…, not the expected head's "
            f"{expected.hash[:16]}…: the chain was rewritten",
        )
    return None
