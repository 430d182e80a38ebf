"""The rows that store a round's expected values: one a seat, and the
round's sums (Σ stake × numerator a bet, and Σ stake × sd, the bound of
the round's standard deviation), as plain column values for one INSERT a
batch of rounds."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from service.engine.table_config import TableConfig
from service.rounds.seat_values import SeatValues, sd
from service.store.models import RoundRecord, SeatRecord

Row = dict[str, Any]


def seat_row(
    record: RoundRecord, seat: SeatRecord, found: SeatValues, config: TableConfig, now: datetime
) -> Row:
    return {
        "round_id": record.id,
        "seat_id": seat.id,
        "seat": seat.seat,
        "config_id": record.config_id,
        "qualifier": config.dealer_qualifier.text,
        "foul_policy": config.foul_policy.value,
        "main_played": found.main_played,
        "main_best": found.main_best,
        "main_house_way": found.main_house_way,
        "main_played_square": found.main_played_square,
        "dealer_break_bonus": found.dealer_break_bonus,
        "dealer_break_bonus_square": found.dealer_break_bonus_square,
        "break_bonus": found.break_bonus,
        "main_dealer_break_bonus": found.main_dealer_break_bonus,
        "computed_at": now,
    }


def round_row(record: RoundRecord, values: list[tuple[SeatRecord, SeatValues]], now: datetime) -> Row:
    def total(stake: str, numerator: str) -> int:
        return sum(getattr(seat, stake) * getattr(found, numerator) for seat, found in values)

    return {
        "round_id": record.id,
        "config_id": record.config_id,
        "seats": len(values),
        "main_handle": sum(seat.main_stake for seat, _ in values),
        "main_player_value": total("main_stake", "main_played"),
        "dealer_break_bonus_player_value": total("dealer_break_bonus_stake", "dealer_break_bonus"),
        "break_bonus_player_value": total("break_bonus_stake", "break_bonus"),
        "main_best_value": total("main_stake", "main_best"),
        "main_house_way_value": total("main_stake", "main_house_way"),
        # Σ stake × sd: the bound of the round's standard deviation (the
        # seats share the dealer's hand, so their results are correlated).
        "main_sd_sum": sum(
            seat.main_stake * sd(found.main_played, found.main_played_square) for seat, found in values
        ),
        "dealer_break_bonus_sd_sum": sum(
            seat.dealer_break_bonus_stake * sd(found.dealer_break_bonus, found.dealer_break_bonus_square)
            for seat, found in values
        ),
        "break_bonus_sd_sum": 0.0,  # known from the cards
        "computed_at": now,
    }
