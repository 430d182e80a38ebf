"""A player as the API answers it: the club number, the name now, every
name it has had and who enrolled the player when."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from service.players.players import NameView, PlayerView


class NameJson(TypedDict):
    version: int
    name: str
    named_at: datetime
    named_by: str


class PlayerJson(TypedDict):
    club_number: str
    name: str
    name_version: int
    enrolled_at: datetime
    enrolled_by: str
    names: list[NameJson]


def name_json(name: NameView) -> NameJson:
    return {"version": name.version, "name": name.name, "named_at": name.named_at, "named_by": name.named_by}


def player_json(player: PlayerView) -> PlayerJson:
    return {
        "club_number": player.club_number,
        "name": player.name.name,
        "name_version": player.name.version,
        "enrolled_at": player.enrolled_at,
        "enrolled_by": player.enrolled_by,
        "names": [name_json(name) for name in player.names],
    }
