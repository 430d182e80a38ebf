"""A pit boss's correction of a rating as the service shows it, and as
its ``rating_corrected`` event carries it (rule book section 14: the
chips check names a mis-estimated walk or an unrecorded buy-in; the pit
puts them right with a reason, never by an overwrite)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, TypedDict

from service.store.db import iso
from service.store.models import RatingCorrection


class CorrectionKind(StrEnum):
    CHIPS_TAKEN = "chips_taken"  # the walk at seat-out estimated wrong: the new amount
    BUY_IN = "buy_in"  # a buy-in the dealer missed, recorded late
    SEAT_OUT = "seat_out"  # a seat-out the dealer missed, at a past time


class CorrectionJson(TypedDict):
    """One correction: who, when and why; a late buy-in's ``buy_in_id``,
    a missed seat-out's ``rating_event_id``, the chips of either chips
    correction."""

    id: Annotated[int, "the correction's id"]
    kind: Annotated[
        CorrectionKind,
        "chips_taken (the walk corrected), buy_in (a buy-in the dealer missed) or seat_out (a seat-out "
        "the dealer missed)",
    ]
    reason: Annotated[str, "why: what the dealer got wrong"]
    chips_taken: Annotated[
        int | None, "chips_taken or seat_out: the chips taken away, minor units (null: a buy-in)"
    ]
    buy_in_id: Annotated[int | None, "buy_in: the buy-in it recorded (in buy_ins)"]
    rating_event_id: Annotated[int | None, "seat_out: the seat-out it recorded (in steps)"]
    recorded_by: Annotated[int, "the pit boss who recorded it"]
    recorded_by_name: Annotated[str, "the user name of the pit boss who recorded it"]
    recorded_at: Annotated[datetime, "when it was recorded"]


def correction_value(row: RatingCorrection, names: Mapping[int, str]) -> CorrectionJson:
    """The row, with its pit boss's user name from ``names`` (by user id)."""
    return {
        "id": row.id,
        "kind": CorrectionKind(row.kind),
        "reason": row.reason,
        "chips_taken": row.chips_taken,
        "buy_in_id": row.buy_in_id,
        "rating_event_id": row.rating_event_id,
        "recorded_by": row.recorded_by,
        "recorded_by_name": names[row.recorded_by],
        "recorded_at": row.recorded_at,
    }


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
