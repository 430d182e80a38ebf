"""The players' files of a compliance export: every player enrolled up to
the cut, and every name each has had (a change of name a row of its own),
with who recorded each and when.

The players are not of a gaming day: the export carries the whole
register as of its cut, whatever its period, so a later file that names a
player (a rating) finds them, and a name changed after the period shows
as the later version it is. Their events are in the audit files of the
export whose window holds them; the verification matches every row to
its sealed event (:mod:`service.compliance.player_claims`)."""

from __future__ import annotations

from sqlalchemy import select

from service.compliance.export_queries import Query, Scope
from service.store.models import Player, PlayerName, User

PLAYER_COLUMNS = ("player_id", "club_number", "enrolled_by", "enrolled_at_utc")
NAME_COLUMNS = ("name_id", "player_id", "club_number", "version", "name", "named_by", "named_at_utc")


def players_query(scope: Scope) -> Query:
    return (
        select(Player.id, Player.club_number, User.name, Player.created_at)
        .join(User, User.id == Player.created_by)
        .where(Player.id <= scope.cut.player_id)
        .order_by(Player.id)
    )


def names_query(scope: Scope) -> Query:
    return (
        select(
            PlayerName.id,
            PlayerName.player_id,
            Player.club_number,
            PlayerName.version,
            PlayerName.name,
            User.name,
            PlayerName.named_at,
        )
        .join(Player, Player.id == PlayerName.player_id)
        .join(User, User.id == PlayerName.named_by)
        .where(PlayerName.id <= scope.cut.player_name_id)
        .order_by(PlayerName.id)
    )
