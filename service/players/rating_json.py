"""A rating as the API answers it: its typed value
(:mod:`service.players.rating_values`) as JSON, each key described, so
the answer's schema is derived from it (service/api/http/answers.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from service.players.correction_values import CorrectionJson
from service.players.rating_values import BuyInJson, RatingStart, RatingState, RatingStepJson, RatingValue


class RatingJson(TypedDict):
    id: Annotated[int, "the rating's id"]
    player_id: Annotated[int, "the player's id"]
    club_number: Annotated[str, "the player's club number"]
    name: Annotated[str | None, "the player's name now (null: none recorded)"]
    table_id: Annotated[int, "the table"]
    seat: Annotated[int, "the seat"]
    seated_at: Annotated[datetime, "when the player sat down"]
    started: Annotated[RatingStart, "tablet (the dealer seated them) or missed (a pit boss started it)"]
    reason: Annotated[str | None, "a missed rating's reason"]
    started_by: Annotated[int, "the user who started it"]
    state: Annotated[RatingState, "open, paused or closed (seated out)"]
    seated_out_at: Annotated[datetime | None, "when the player was seated out (null: still open)"]
    chips_taken: Annotated[
        int | None, "the chips taken away at seat-out, minor units, as corrected last (null: open)"
    ]
    steps: Annotated[list[RatingStepJson], "its pauses, resumes and seat-out, oldest first"]
    buy_ins: Annotated[
        list[BuyInJson], "its buy-ins in the order they happened (a late one's at is when it happened)"
    ]
    corrections: Annotated[list[CorrectionJson], "a pit boss's corrections, oldest first"]


def rating_json(rating: RatingValue) -> RatingJson:
    return {
        "id": rating.id,
        "player_id": rating.player_id,
        "club_number": rating.club_number,
        "name": rating.name,
        "table_id": rating.table_id,
        "seat": rating.seat,
        "seated_at": rating.seated_at,
        "started": rating.started,
        "reason": rating.reason,
        "started_by": rating.started_by,
        "state": rating.state,
        "seated_out_at": rating.seated_out_at,
        "chips_taken": rating.chips_taken,
        "steps": list(rating.steps),
        "buy_ins": list(rating.buy_ins),
        "corrections": list(rating.corrections),
    }
