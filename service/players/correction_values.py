"""A pit boss's correction of a rating as the service shows it, and as
its ``rating_corrected`` event carries it (rule book section 14: the
chips check names a mis-estimated walk or an unrecorded buy-in; the pit
puts them right with a reason, never by an overwrite)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from service.store.db import iso
from service.store.models import RatingCorrection


class CorrectionKind(StrEnum):
    CHIPS_TAKEN = "chips_taken"  # the walk at seat-out estimated wrong: the new amount
    BUY_IN = "buy_in"  # a buy-in the dealer missed, recorded late
    SEAT_OUT = "seat_out"  # a seat-out the dealer missed, at a past time


@dataclass(frozen=True)
class CorrectionValue:
    """One correction: who, when and why; a late buy-in's ``buy_in_id``,
    a missed seat-out's ``rating_event_id``, the chips of either chips
    correction."""

    id: int
    kind: CorrectionKind
    reason: str
    chips_taken: int | None
    buy_in_id: int | None
    rating_event_id: int | None
    recorded_by: int
    recorded_at: datetime
    recorded_by_name: str  # the pit boss's user name, as the pit reads it


def correction_value(row: RatingCorrection, names: Mapping[int, str]) -> CorrectionValue:
    """The row, with its pit boss's user name from ``names`` (by user id)."""
    return CorrectionValue(
        row.id,
        CorrectionKind(row.kind),
        row.reason,
        row.chips_taken,
        row.buy_in_id,
        row.rating_event_id,
        row.recorded_by,
        row.recorded_at,
        names[row.recorded_by],
    )


def correction_record(row: RatingCorrection) -> dict[str, Any]:
    """The row as its event carries it (a JSON boundary)."""
    return {
        "correction_id": row.id,
        "rating_id": row.rating_id,
        "kind": row.kind,
        "reason": row.reason,
        "chips_taken": row.chips_taken,
        "buy_in_id": row.buy_in_id,
        "rating_event_id": row.rating_event_id,
        "recorded_by": row.recorded_by,
        "recorded_at": iso(row.recorded_at),
    }
