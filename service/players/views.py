"""A player as the API answers it: the club number, the name now, every
name it has had and who enrolled the player when."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from service.players.players import NameView, PlayerView


class NameJson(TypedDict):
    version: Annotated[int, "1 at enrolment, one more each change of name"]
    name: Annotated[str, "the name as the club held it"]
    named_at: Annotated[datetime, "when it was recorded (ISO 8601, UTC)"]
    named_by: Annotated[str, "the user who recorded it"]


class PlayerJson(TypedDict):
    club_number: Annotated[
        str,
        "the club number (1 to 20 capital letters A-Z and digits 0-9), in /players/{club_number}",
    ]
    name: Annotated[str, "the name now (the newest of names)"]
    name_version: Annotated[int, 'the name\'s version: the ETag is "name-<version>"']
    enrolled_at: Annotated[datetime, "when the player was enrolled (ISO 8601, UTC)"]
    enrolled_by: Annotated[str, "the user who enrolled the player"]
    names: Annotated[list[NameJson], "every name the player has had, oldest first"]


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
