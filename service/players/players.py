"""Enrolling a player and changing a name, each with its event in the same
transaction; a player by club number with every name it has had.

Both tables are append-only (migration 0026): a change of name is a new
``player_names`` row with the next version, and the newest is the name.
Two requests at once that take one club number, or one version of a
name, meet a unique key: the loser is run again (the API's transaction
helper) and then sees the winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, NotFound
from service.players.club_numbers import check_club_number, check_name
from service.store.db import Db, hold_writer, utc_now
from service.store.models import Player, PlayerName, User


@dataclass(frozen=True, slots=True)
class NameView:
    """One name a player has had: version 1 at enrolment, then each change."""

    version: int
    name: str
    named_at: datetime
    named_by: str  # the user's name


@dataclass(frozen=True, slots=True)
class PlayerView:
    club_number: str
    enrolled_at: datetime
    enrolled_by: str  # the user's name
    names: tuple[NameView, ...]  # oldest first; never empty

    @property
    def name(self) -> NameView:
        """The name now: the newest."""
        return self.names[-1]


def subject_of(player: Player) -> str:
    return f"player:{player.id}"


def enrol_player(db: Db, user: User, club_number: str, name: str, now: datetime | None = None) -> PlayerView:
    """A new member by the club number the player-tracking system gave:
    409 ``player_exists`` naming ``club_number`` if it is taken."""
    number, named = check_club_number(club_number), check_name(name)
    moment = now or utc_now()
    hold_writer(db)
    if _player(db, number) is not None:
        raise Conflict(ErrorCode.PLAYER_EXISTS, f"club number {number} is enrolled already", "club_number")
    player = Player(club_number=number, created_by=user.id, created_at=moment)
    db.add(player)
    db.flush()
    row = PlayerName(player_id=player.id, version=1, name=named, named_by=user.id, named_at=moment)
    db.add(row)
    db.flush()
    # The rows' ids, so the verification matches each row to this event.
    payload = {"player_id": player.id, "name_id": row.id, "club_number": number, "name": named, "version": 1}
    record_event(db, EventKind.PLAYER_ENROLLED, subject_of(player), payload, user.id, at=moment)
    # Built from what was just written: an import enrols thousands.
    return PlayerView(number, moment, user.name, (NameView(1, named, moment, user.name),))


def rename_player(db: Db, user: User, club_number: str, name: str, now: datetime | None = None) -> PlayerView:
    """The player's new name, as the next version: 409 ``no_change`` naming
    ``name`` if it is the name already (nothing recorded)."""
    named = check_name(name)
    hold_writer(db)
    player = get_player(db, club_number)
    (view,) = player_views(db, [player])
    current = view.name
    if current.name == named:
        raise Conflict(ErrorCode.NO_CHANGE, f"{player.club_number} is named {named!r} already", "name")
    moment = now or utc_now()
    version = current.version + 1
    row = PlayerName(player_id=player.id, version=version, name=named, named_by=user.id, named_at=moment)
    db.add(row)
    db.flush()
    payload = {
        "player_id": player.id,
        "name_id": row.id,
        "club_number": player.club_number,
        "before": current.name,
        "after": named,
        "version": version,
    }
    record_event(db, EventKind.PLAYER_RENAMED, subject_of(player), payload, user.id, at=moment)
    return replace(view, names=(*view.names, NameView(version, named, moment, user.name)))


def get_player(db: Db, club_number: str, field: str = "club_number", *, locked: bool = False) -> Player:
    """The player of a club number: 422 naming ``field`` for one no
    player-tracking system gives, 404 ``player_not_found`` for one not
    enrolled. ``locked``: the row locked until the commit on PostgreSQL
    (SQLite's single writer serializes the writes anyway), so that two
    writes about one player wait for each other."""
    number = check_club_number(club_number, field)
    player = _player(db, number, locked)
    if player is None:
        raise NotFound(ErrorCode.PLAYER_NOT_FOUND, f"no player has club number {number}", field)
    return player


def find_player(db: Db, club_number: str, field: str = "club_number") -> PlayerView:
    """The player of a club number with every name, as ``get_player`` finds it."""
    (view,) = player_views(db, [get_player(db, club_number, field)])
    return view


def player_views(db: Db, players: Sequence[Player]) -> list[PlayerView]:
    """The players as views, in the order given: two queries, however many."""
    rows = db.scalars(
        select(PlayerName)
        .where(PlayerName.player_id.in_([player.id for player in players]))
        .order_by(PlayerName.player_id, PlayerName.version)
    ).all()
    users = {player.created_by for player in players} | {row.named_by for row in rows}
    who = {row.id: row.name for row in db.execute(select(User.id, User.name).where(User.id.in_(users)))}
    names: dict[int, list[NameView]] = {player.id: [] for player in players}
    for row in rows:
        names[row.player_id].append(NameView(row.version, row.name, row.named_at, who[row.named_by]))
    return [
        PlayerView(player.club_number, player.created_at, who[player.created_by], tuple(names[player.id]))
        for player in players
    ]


def _player(db: Db, club_number: str, locked: bool = False) -> Player | None:
    query = select(Player).where(Player.club_number == club_number)
    if locked and db.get_bind().dialect.name == "postgresql":
        query = query.with_for_update()
    return db.scalar(query)
