"""The export's hash chain file, ``audit_chain.jsonl``: a line a link, with
its event in the chain's canonical form, so a verifier recomputes
SHA-256(previous_hash + event) from the line and compares it with hash.

A line is the compact JSON of its :class:`ChainLine` (sorted keys, no
spaces: :data:`json_line`), so its ``event`` is the very text the link
hashes. When the link's hash proves the stored payload's text is the one
sealed (:func:`sealed_as_stored`), that text is joined in as it is; any
other event is decoded and encoded (an event edited since shows as it is
now, and its hash then does not follow)."""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring as _string  # a str as json_line writes it
from typing import Any, TypedDict

from sqlalchemy import select

from service.audit.canonical import CanonicalEvent, canonical_event
from service.audit.chain import sealed_as_stored
from service.compliance.export_queries import Line, Query, Scope
from service.compliance.export_trail import events_in, links_in
from service.compliance.export_values import as_stored, as_text, instant_cells, json_line, loaded
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal


def chain_query(scope: Scope) -> Query:
    return (
        select(
            AuditSeal.seq,
            AuditSeal.previous_hash,
            AuditSeal.hash,
            as_stored(AuditSeal.sealed_at),  # the times read by their types below, faster
            # The event as the chain hashes it, the payload as text (loaded faster than by its type).
            AuditEvent.id,
            AuditEvent.kind,
            AuditEvent.subject,
            AuditEvent.actor_id,
            AuditEvent.table_id,
            as_stored(AuditEvent.occurred_at),
            as_text(AuditEvent.payload),
        )
        .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
        .where(*links_in(scope), *events_in(scope))
        .order_by(AuditSeal.seq)
    )


class ChainLine(TypedDict):
    """A line of ``audit_chain.jsonl``: a link of the chain with its event."""

    seq: int
    event_id: int
    previous_hash: str
    hash: str
    sealed_at: str  # ISO 8601, UTC
    event: CanonicalEvent


def chain_lines(db: Db) -> Callable[[Line], str]:
    """A link's line as the JSON text of its :class:`ChainLine`, its times
    read by their column types (:func:`instant_cells`). The link's values
    (integers and text) are joined around the event as the encoder writes
    them; a link holding a value of any other type (a database that holds
    one) takes the encoder whole."""
    sealed, occurred = (
        instant_cells(AuditSeal.sealed_at, db),
        instant_cells(AuditEvent.occurred_at, db),
    )

    def as_now(event: tuple[Any, ...]) -> CanonicalEvent:
        event_id, kind, subject, actor_id, table_id, occurred_at, payload = event
        return canonical_event(
            event_id, kind, subject, actor_id, table_id, _timed(occurred(occurred_at)), loaded(payload)
        )

    def chain_line(row: Line) -> str:
        seq, previous_hash, digest, sealed_at, *columns = row
        event_id, kind, subject, actor_id, table_id, occurred_at, payload = columns
        event = (event_id, kind, subject, actor_id, table_id, occurred_at, payload)
        sealed_text = _timed(sealed(sealed_at))
        if type(seq) is int and type(event_id) is int and type(digest) is str and type(previous_hash) is str:
            text = sealed_as_stored(previous_hash, digest, event) or json_line(as_now(event))
            # The keys in their sorted order, as json_line writes them.
            return (
                f'{{"event":{text},"event_id":{event_id},"hash":{_string(digest)},'
                f'"previous_hash":{_string(previous_hash)},"sealed_at":{_string(sealed_text)},"seq":{seq}}}'
            )
        line: ChainLine = {
            "seq": seq,
            "event_id": event_id,
            "previous_hash": previous_hash,
            "hash": digest,
            "sealed_at": sealed_text,
            "event": as_now(event),
        }
        return json_line(line)

    return chain_line


def _timed(moment: str | None) -> str:
    """A link's time (never empty: the columns are NOT NULL)."""
    if moment is None:
        raise ValueError("a link or its event has no time")
    return moment
