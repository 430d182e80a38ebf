"""The export's signed heads, ``audit_head_signatures.jsonl``: the chain's
heads as the workers signed them when they sealed
(:mod:`service.audit.head_signing`), those that are links of the export's
chain file (:mod:`service.compliance.export_chain`), a line a head.

The manifest is signed when the export is built, over whatever the
database holds then: a chain rewritten and re-sealed whole, every hash
recomputed, is exported and signed like any other. The heads were signed
earlier, as each batch was sealed, with a key the database never holds;
a head's line carries the hash it was signed with (never the seal's hash
now), so a verifier holding only the export and the public key finds the
rewrite where the chain file's link no longer has that hash
(:func:`service.compliance.export_check.check_export`)."""

from __future__ import annotations

from typing import TypedDict

from sqlalchemy import select

from service.compliance.export_queries import Line, Query, Scope
from service.compliance.export_trail import events_in, links_in
from service.store.db import iso
from service.store.models import AuditEvent, AuditHeadSignature, AuditSeal

DESCRIPTION = (
    "the chain's heads as the workers signed them when they sealed, those that are links of "
    "audit_chain.jsonl, in seq order: seq, hash, key_id, signature (Ed25519, hex, by the key of that "
    "id, over 'breakpoker audit chain head v1', a line feed, 'seq ' and the seq, a line feed, 'hash ' "
    "and the hash, a line feed) and signed_at; each head's hash must be the hash of the chain file's "
    "link of its seq, which it then vouches for with every link chained before it: a chain rewritten "
    "and sealed again after a head was signed no longer has that hash there"
)


class HeadLine(TypedDict):
    """A line of ``audit_head_signatures.jsonl``."""

    seq: int
    hash: str  # as signed, whatever the seal holds now
    key_id: str
    signature: str  # hex
    signed_at: str  # ISO 8601, UTC


def heads_query(scope: Scope) -> Query:
    """The signed heads whose seals are links of the chain file: the same
    links and events it keeps to."""
    return (
        select(
            AuditHeadSignature.seq,
            AuditHeadSignature.hash,
            AuditHeadSignature.key_id,
            AuditHeadSignature.signature,
            AuditHeadSignature.signed_at,
        )
        .join(AuditSeal, AuditSeal.seq == AuditHeadSignature.seq)
        .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
        .where(*links_in(scope), *events_in(scope))
        .order_by(AuditHeadSignature.seq)
    )


def head_line(row: Line) -> HeadLine:
    seq, digest, key_id, signature, signed_at = row
    return {"seq": seq, "hash": digest, "key_id": key_id, "signature": signature, "signed_at": iso(signed_at)}
