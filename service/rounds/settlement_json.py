"""A round's settlement as stored with it (its ``settlement`` column): the
settle output plus what a pit boss needs to see why, the dealer's and each
player's house way explained and each Main Bet's reason."""

from __future__ import annotations

from typing import Annotated, TypedDict

from service.engine.cards import codes
from service.engine.round_json import BetJson, BreakBonusJson, DealerJson, SeatJson, settlement_to_json
from service.engine.settlement import RoundSettlement, SeatResult


class ExplainedDealerJson(DealerJson):
    explanation: Annotated[str, "why the house way sets it so"]


class MainJson(BetJson):
    reason: str  # a MainReason's value: how the Main Bet was decided


class HouseWayJson(TypedDict):
    """The house way of a player's seven cards, whatever the player set."""

    low: list[str]
    high: list[str]
    rule: int
    explanation: Annotated[str, "why the house way sets it so"]


class StoredSeatJson(TypedDict):
    seat: Annotated[int, "the seat's number at the table"]
    low: list[str]  # the house way's when house_way was entered or reset
    high: list[str]
    fouled: Annotated[bool, "the entered setting was a foul"]
    lucky_break: Annotated[bool, "the setting settled with is a Lucky Break"]
    main: Annotated[MainJson, "even money"]
    dealer_break_bonus: Annotated[BetJson, "pays on the dealer's Lucky Break"]
    break_bonus: Annotated[BreakBonusJson, "pays on the player's seven cards"]
    house_way: Annotated[HouseWayJson, "the house way of the player's seven cards, whatever was entered"]


class StoredSettlementJson(TypedDict):
    """A round's settlement as stored with it (its ``settlement`` column)."""

    round_id: str | int
    dealer: ExplainedDealerJson
    seats: list[StoredSeatJson]
    house_net: int


def settlement_json(settled: RoundSettlement) -> StoredSettlementJson:
    """The settle output plus what the pit boss needs to see why."""
    document = settlement_to_json(settled)
    seats = zip(document["seats"], settled.seats, strict=True)
    return {
        **document,
        "dealer": {**document["dealer"], "explanation": settled.dealer.house_way.explanation},
        "seats": [_explained(seat_json, seat) for seat_json, seat in seats],
        "house_net": settled.house_net,
    }


def _explained(seat_json: SeatJson, seat: SeatResult) -> StoredSeatJson:
    player_way = seat.house_way
    return {
        **seat_json,
        "main": {**seat_json["main"], "reason": seat.main.reason.value},
        "house_way": {
            "low": codes(player_way.setting.low),
            "high": codes(player_way.setting.high),
            "rule": player_way.rule.value,
            "explanation": player_way.explanation,
        },
    }
