"""An event as the chain hashes it and its MAC authenticates it: its
canonical JSON (sorted keys, no spaces, UTC times)."""

from __future__ import annotations

from datetime import UTC, datetime
from json.encoder import encode_basestring as _string  # a str as canonical_json writes it
from typing import Any, Protocol, TypedDict

from service.store.canonical_json import canonical_json


class Recorded(Protocol):
    """What the chain hashes of an event (an :class:`AuditEvent`, or a row of one)."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def subject(self) -> str: ...
    @property
    def actor_id(self) -> int | None: ...
    @property
    def table_id(self) -> int | None: ...
    @property
    def occurred_at(self) -> datetime: ...
    # A JSON column whose shape is the event kind's own (and has changed
    # over the years): the chain hashes whatever is stored.
    @property
    def payload(self) -> dict[str, Any]: ...


class CanonicalEvent(TypedDict):
    """An event as the chain hashes it (and as ``audit_chain.jsonl`` shows it)."""

    id: int
    kind: str
    subject: str
    actor_id: int | None
    table_id: int | None
    occurred_at: str  # ISO 8601, UTC
    payload: dict[str, Any]  # the event's own JSON, as stored


def canonical(event: Recorded) -> str:
    """The event as the chain hashes it: sorted keys, no spaces, UTC times."""
    return canonical_of(
        event.id, event.kind, event.subject, event.actor_id, event.table_id, event.occurred_at, event.payload
    )


def canonical_of(
    event_id: int,
    kind: str,
    subject: str,
    actor_id: int | None,
    table_id: int | None,
    occurred_at: datetime,
    payload: dict[str, Any],  # the event's own JSON
) -> str:
    """:func:`canonical` of an event's values (as the writer has them, before
    a row is read back: the time is taken to UTC as the database gives it)."""
    instant = occurred_at.astimezone(UTC).isoformat()
    return canonical_json(canonical_event(event_id, kind, subject, actor_id, table_id, instant, payload))


def canonical_event(
    event_id: int,
    kind: str,
    subject: str,
    actor_id: int | None,
    table_id: int | None,
    occurred_at: str,  # ISO 8601, UTC
    payload: dict[str, Any],  # the event's own JSON
) -> CanonicalEvent:
    """The document the chain hashes, as a value (an export's chain line
    holds it, the payload as the JSON column loaded it)."""
    return {
        "id": event_id,
        "kind": kind,
        "subject": subject,
        "actor_id": actor_id,
        "table_id": table_id,
        "occurred_at": occurred_at,
        "payload": payload,
    }


def canonical_joined(
    event_id: int,
    kind: str,
    subject: str,
    actor_id: int | None,
    table_id: int | None,
    instant: str,  # when it occurred, in ISO 8601 in UTC as canonical_of writes it
    payload_text: str,  # the payload column's text as stored
) -> str:
    """:func:`canonical_of` built by joining strings around the payload's
    stored text, not encoding it: the same document when that text is
    canonical (as the service stores it), something else when it is not,
    so a caller that finds it different decodes the payload and asks
    :func:`canonical_of`. The keys are in their sorted order.

    >>> at = datetime(2026, 1, 1, tzinfo=UTC)
    >>> joined = canonical_joined(7, "round_settled", "round:3", None, 2, at.isoformat(), '{"a":1}')
    >>> joined == canonical_of(7, "round_settled", "round:3", None, 2, at, {"a": 1})
    True
    """
    return (
        f'{{"actor_id":{_number(actor_id)},"id":{event_id},"kind":{_string(kind)},'
        f'"occurred_at":"{instant}","payload":{payload_text},'
        f'"subject":{_string(subject)},"table_id":{_number(table_id)}}}'
    )


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)
