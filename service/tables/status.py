"""Whether a table takes rounds: a table's statuses, named once."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """Stored on the table (``game_tables.status``) and shown as it is."""

    OPEN = "open"  # rounds are entered at it
    CLOSED = "closed"  # a round sent to it is refused (table_closed)
