"""What a round would settle to, before it is submitted: the dealer tablet
shows it so a foul or a wrong bet is seen while the cards are still on the
felt. Nothing is stored and no event is written."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from service.engine.cards import codes
from service.engine.round import SeatEntry
from service.engine.settlement import SeatResult
from service.engine.table_config import FoulPolicy
from service.rounds.deck_round import exposed_for, feed_for_round
from service.rounds.entering import settle_body
from service.rounds.house_way_report import foul_reason
from service.rounds.settlement_json import ExplainedDealerJson, settlement_json
from service.rounds.showing import SeatShownJson, seats_shown
from service.rounds.storing import seat_rows
from service.store.db import Db
from service.store.models import GameTable
from service.tables.tables import config_of

FOUL_EFFECTS = {
    FoulPolicy.HOUSE_WAY: "the hand is reset by the house way and settled",
    FoulPolicy.FORFEIT: "the Main Bet is forfeited; the side bets settle on the cards",
}


class HouseWaySettingJson(TypedDict):
    low: list[str]
    high: list[str]
    rule: int


class FoulJson(TypedDict):
    """A player's own setting that fouls, and what the table's policy makes of it."""

    low: list[str]
    high: list[str]
    message: Annotated[str, "why it fouls and what happens"]
    policy: str  # a FoulPolicy's value
    house_way: Annotated[HouseWaySettingJson, "low, high and rule of the house way"]


class PreviewSeatJson(SeatShownJson):
    net: Annotated[int, "the player's net, all bets (+ is paid)"]
    foul: Annotated[FoulJson | None, "null: the seat does not foul"]


class PreviewJson(TypedDict):
    preview: Annotated[bool, "always true: nothing was stored"]
    table_id: Annotated[int, "the table it would be played at"]
    config_version: Annotated[int, "the table's current one"]
    foul_policy: str
    round_id: str | int
    dealer: Annotated[ExplainedDealerJson, "the dealer's house way"]
    seats: Annotated[list[PreviewSeatJson], "as they would be settled"]
    house_net: Annotated[int, "what the house would win, minor units (negative: pay out)"]


def preview_round(db: Db, table: GameTable, body: Any, *, sessionless: bool = False) -> PreviewJson:
    """The settlement ``body`` would get if it were entered now, under the
    table's current configuration version, with each foul explained."""
    version, round_, settled = settle_body(db, table, body, sessionless=sessionless)
    feed = feed_for_round(db, table, body)  # a deck_id is checked as the round's will be
    if feed is not None:
        exposed_for(db, feed, round_)
    policy = config_of(version).foul_policy
    document = settlement_json(settled)
    # The same shape as the round will have once stored, and each seat's net.
    shown = seats_shown(document["seats"], seat_rows(round_, settled))
    seats: list[PreviewSeatJson] = [
        {**seat_json, "net": seat.net, "foul": _foul(entry, seat, policy) if seat.fouled else None}
        for seat_json, entry, seat in zip(shown, round_.seats, settled.seats, strict=True)
    ]
    return {
        "preview": True,
        "table_id": table.id,
        "config_version": version.version,
        "foul_policy": policy.value,
        **document,
        "seats": seats,
    }


def _foul(entry: SeatEntry, seat: SeatResult, policy: FoulPolicy) -> FoulJson:
    entered = entry.setting
    assert entered is not None  # only a player's own setting can foul
    way = seat.house_way
    return {
        "low": codes(entered.low),
        "high": codes(entered.high),
        "message": f"Seat {entry.seat} fouls: {foul_reason(entered)}; {FOUL_EFFECTS[policy]}.",
        "policy": policy.value,
        "house_way": {
            "low": codes(way.setting.low),
            "high": codes(way.setting.high),
            "rule": way.rule.value,
        },
    }
