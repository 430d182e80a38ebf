"""A stored time as the driver hands it over when the column's own type
is skipped: a ``datetime`` from PostgreSQL (without a zone when the query
took it to UTC), the text SQLAlchemy wrote on SQLite. The chain walk reads
times this way because parsing each one into a ``datetime`` and writing it
out again cost more than the rest of the row.

>>> instant_text("2026-01-02 03:04:05.000000")
'2026-01-02T03:04:05+00:00'
>>> instant_text("2026-01-02 03:04:05.123400")
'2026-01-02T03:04:05.123400+00:00'
>>> instant_of("2026-01-02 03:04:05.123400")
datetime.datetime(2026, 1, 2, 3, 4, 5, 123400, tzinfo=datetime.timezone.utc)
>>> instant_text(instant_of("2026-01-02 03:04:05.123400"))
'2026-01-02T03:04:05.123400+00:00'
>>> instant_text(datetime(2026, 1, 2, 3, 4, 5))
'2026-01-02T03:04:05+00:00'
"""

from __future__ import annotations

from datetime import UTC, datetime

_NO_MICROSECONDS = ".000000"


def instant_text(stored: datetime | str) -> str:
    """The time in ISO 8601 in UTC, as ``datetime.isoformat`` writes it.

    SQLite's text is a naive UTC time that SQLAlchemy always writes with
    six digits of microseconds; ``isoformat`` leaves them out when they are
    zero. Text in any other form gives something a caller must not trust
    as the time (the chain walk then parses it with :func:`instant_of`)."""
    if isinstance(stored, datetime):
        if stored.tzinfo is None:  # already UTC: PostgreSQL's, taken to UTC by the query
            return f"{stored.isoformat()}+00:00"
        return (stored if stored.tzinfo is UTC else stored.astimezone(UTC)).isoformat()
    text = stored.replace(" ", "T", 1)
    if text.endswith(_NO_MICROSECONDS):
        text = text[: -len(_NO_MICROSECONDS)]
    return text + "+00:00"


def instant_of(stored: datetime | str) -> datetime:
    """The stored time as an aware UTC ``datetime`` (as the column type
    reads it); ``ValueError`` for text that is no time."""
    moment = stored if isinstance(stored, datetime) else datetime.fromisoformat(stored)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
