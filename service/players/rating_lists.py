"""The ratings the floor reads in lists: every open rating on the floor
with its live slip (the pit's open ratings, one call for every table),
and one player's ratings a keyset page at a time, each with its slip
(live or final), so the pit sees the comps each rating earned."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.players.players import get_player
from service.players.rating_json import RatingJson, rating_json
from service.players.rating_values import rating_value
from service.players.slip_json import SlipJson, slip_json
from service.players.slips import slip_of
from service.store.db import Db
from service.store.models import Rating, SeatClaim
from service.store.paging import Keyset, KeysetPage, Order, keyset_page


class FloorRatingJson(TypedDict):
    """An open rating (who sits where, paused or not) and its live slip."""

    rating: Annotated[RatingJson, "the open rating: who sits where, paused or not"]
    slip: Annotated[SlipJson, "its live slip, to now"]


def open_on_the_floor(db: Db, now: datetime) -> list[FloorRatingJson]:
    """Every open rating (paused ones too) by table and seat, each with its
    slip to ``now``. A seat's claim is held exactly while its rating is
    open, so the claims are the floor's open ratings."""
    claims = select(SeatClaim.rating_id).order_by(SeatClaim.table_id, SeatClaim.seat)
    found: list[FloorRatingJson] = []
    for rating_id in db.scalars(claims):
        rating = rating_value(db, db.get_one(Rating, rating_id))
        found.append({"rating": rating_json(rating), "slip": slip_json(slip_of(db, rating, now))})
    return found


def player_ratings(
    db: Db, club_number: str, order: Order, limit: int, at: Keyset | None, now: datetime
) -> KeysetPage[SlipJson]:
    """A page of the player's ratings by when they were started (their id),
    each with its slip: 404 for a club number not enrolled."""
    player = get_player(db, club_number)
    statement = select(Rating).where(Rating.player_id == player.id)
    page: KeysetPage[Rating] = keyset_page(db, statement, Rating.id, order, limit, at)
    slips = [slip_json(slip_of(db, rating_value(db, row), now)) for row in page.items]
    return KeysetPage(slips, page.any_rows, page.per_page, page.previous, page.following)
