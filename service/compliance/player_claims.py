"""What each player event claims about the stored player records
(:mod:`service.players`): an enrolment (``player_enrolled``) its
``players`` row and the first ``player_names`` row, a change of name
(``player_renamed``) its new ``player_names`` row, each written in the
transaction of the event that carries it; so each row is matched to its
sealed event the way the accounting records are
(:mod:`service.compliance.accounting_verify`).

An event carries the rows' ids, the club number, the name and its
version; who made the row and when are the event's actor and time. A
name edited in the database, or a player enrolled by SQL, is named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.accounting.records import Record
from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.store.models import Player, PlayerName

PLAYERS, NAMES = "players", "player_names"
PLAYER_KINDS = (EventKind.PLAYER_ENROLLED, EventKind.PLAYER_RENAMED)


def player_record(player: Player) -> Record:
    """A player as its ``player_enrolled`` event carries it."""
    return {"player_id": player.id, "club_number": player.club_number}


def name_record(name: PlayerName) -> Record:
    """A name as its event carries it."""
    return {"name_id": name.id, "player_id": name.player_id, "version": name.version, "name": name.name}


PLAYER_TABLES: Mapping[str, Table] = {
    PLAYERS: Table(PLAYERS, Player, "player_id", player_record),
    NAMES: Table(NAMES, PlayerName, "name_id", name_record),
}


def player_claims(event: SealedEvent) -> list[Claim]:
    """What a player event says its stored rows are; empty for another
    kind, or a payload that is not a record (the caller names it)."""
    payload = event.payload
    if not isinstance(payload, dict) or event.kind not in PLAYER_KINDS:
        return []
    player_id, name_id = _id(payload.get("player_id")), _id(payload.get("name_id"))
    enrolled = event.kind == EventKind.PLAYER_ENROLLED
    name = {
        "name_id": name_id,
        "player_id": player_id,
        "version": payload.get("version"),
        "name": payload.get("name" if enrolled else "after"),
    }
    claims = [Claim(NAMES, name_id, name, {"named_by": event.actor_id, "named_at": event.occurred_at})]
    if enrolled:
        player = {"player_id": player_id, "club_number": payload.get("club_number")}
        made = {"created_by": event.actor_id, "created_at": event.occurred_at}
        claims.insert(0, Claim(PLAYERS, player_id, player, made))
    return claims


def _id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
