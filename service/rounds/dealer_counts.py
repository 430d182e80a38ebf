"""The rounds each dealer dealt from a shoe's deck and the cards they
changed by hand in them, per table, gaming day and shift: kept as each
such round is stored, in its transaction, so that the dealers' report reads
a row per dealer and shift instead of every round's deck (rule book
section 15: each card changed by hand after a feed counts against the
dealer). A void or correction takes nothing out: the cards were changed
at the table whatever became of the round."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Connection, Table
from sqlalchemy.dialects import postgresql, sqlite

from service.rounds.value_sums import ShiftKey
from service.store.models import DealerShiftCount

_COUNTS = cast(Table, DealerShiftCount.__table__)
_KEY = ("table_id", "gaming_day", "shift", "dealer_id")


def _upsert(dialect: Any) -> Any:
    statement = dialect.insert(_COUNTS)
    excluded = statement.excluded
    return statement.on_conflict_do_update(
        index_elements=list(_KEY),
        set_={
            "dealt_rounds": _COUNTS.c.dealt_rounds + excluded.dealt_rounds,
            "cards_changed": _COUNTS.c.cards_changed + excluded.cards_changed,
        },
    )


# Built once a dialect, as round_counts' are.
_UPSERTS = {"postgresql": _upsert(postgresql), "sqlite": _upsert(sqlite)}


def count_dealt(connection: Connection, key: ShiftKey, cards_changed: int) -> None:
    """One round dealt from a deck with ``cards_changed`` cards changed by
    hand, added to its dealer's row (created if it is the first): one
    statement, atomic on both databases."""
    values = {
        "table_id": key.table_id,
        "gaming_day": key.gaming_day,
        "shift": key.shift,
        "dealer_id": key.dealer_id,
        "dealt_rounds": 1,
        "cards_changed": cards_changed,
    }
    connection.execute(_UPSERTS[connection.dialect.name], values)
