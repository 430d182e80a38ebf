"""The players a keyset page at a time (by enrolment, newest or oldest
first), all of them or those a search finds: a club number that starts
with it, or a name now held that holds it in any letter case. The query
lives here so that no route builds SQL."""

from __future__ import annotations

from sqlalchemy import and_, func, or_, select

from service.players.players import PlayerView, player_views
from service.store.db import Db
from service.store.models import Player, PlayerName
from service.store.paging import Keyset, KeysetPage, Order, keyset_page

MAX_SEARCH = 120


def player_page(
    db: Db, order: Order, limit: int, at: Keyset | None, search: str = ""
) -> KeysetPage[PlayerView]:
    """A page of players with their names; ``search`` (trimmed) matches a
    club number's start (in capitals, as every club number is stored) or
    any part of the current name. A former name is not searched: the trail
    keeps it, the floor asks by today's."""
    statement = select(Player)
    wanted = search.strip()
    if wanted:
        newest = (
            select(PlayerName.player_id, func.max(PlayerName.version).label("version"))
            .group_by(PlayerName.player_id)
            .subquery()
        )
        current = (
            select(PlayerName.player_id)
            .join(
                newest,
                and_(newest.c.player_id == PlayerName.player_id, newest.c.version == PlayerName.version),
            )
            .where(func.lower(PlayerName.name).contains(wanted.lower(), autoescape=True))
        )
        statement = statement.where(
            or_(
                Player.club_number.startswith(wanted.upper(), autoescape=True),
                Player.id.in_(current),
            )
        )
    page: KeysetPage[Player] = keyset_page(db, statement, Player.id, order, limit, at)
    return KeysetPage(
        player_views(db, page.items), page.any_rows, page.per_page, page.previous, page.following
    )
