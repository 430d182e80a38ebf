"""The casino's players by club number (:mod:`service.players`): enrolled
and renamed by a pit boss or an admin, read by whoever seats or checks
them. A change of name sends the ``ETag`` of the GET as ``If-Match``, as
an edit of a table's configuration does (:mod:`service.api.http.etags`)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.etags import ETAG_HEADER, REQUIRED, STALE, etag, require_match
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.players.player_schemas import (
    PlayerInJson,
    PlayerInSchema,
    PlayerRenameJson,
    PlayerRenameSchema,
    PlayerSchema,
    PlayersQueryJson,
    PlayersQuerySchema,
)
from service.api.ratings.slip_schemas import (
    PlayerFiguresQueryJson,
    PlayerFiguresQuerySchema,
    PlayerFiguresSchema,
    PlayerRatingsQueryJson,
    PlayerRatingsQuerySchema,
    RatingSlipSchema,
)
from service.players.listing import player_page
from service.players.player_figures import PlayerFiguresJson, player_figures
from service.players.players import PlayerView, enrol_player, find_player, rename_player
from service.players.rating_lists import player_ratings
from service.players.slip_json import SlipJson
from service.players.views import PlayerJson, player_json
from service.tables.versions import Change

blp = Blueprint("players", __name__, url_prefix="/players", description="The casino's players by club number")

#: a dealer looks a player up to seat them; the floor and compliance read them too
READERS = (Role.DEALER, Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
WRITERS = (Role.PIT_BOSS, Role.ADMIN)
#: what a player's play is worth: the floor and compliance, not the tablet
FIGURES_READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
Tagged = tuple[PlayerJson, int, dict[str, str]]
LOCATION_HEADER = {
    "Location": {
        "description": "the new player's address, /api/v1/players/{club_number}",
        "schema": {"type": "string", "format": "uri-reference"},
    }
}
MALFORMED = "invalid_field: the club number in the path is not 1 to 20 capital letters and digits"
IF_MATCH_NAME: dict[str, Any] = {
    "in": "header",
    "name": "If-Match",
    "required": True,
    "description": 'the ETag the GET of this player answered (e.g. "name-2"): the name this change replaces; '
    "a stale one is 412 stale_version, none (or *) 428 if_match_required",
    "schema": {"type": "string"},
    "example": '"name-1"',
}


def tagged(player: PlayerView, status: int = 200) -> Tagged:
    return player_json(player), status, {"ETag": etag("name", player.name.version)}


@blp.route("")
class Players(MethodView):
    @blp.arguments(PlayersQuerySchema, location="query")
    @blp.response(200, PlayerSchema(many=True), headers=LINK_HEADER)
    @roles(*READERS)
    def get(self, query: PlayersQueryJson) -> tuple[list[PlayerJson], int, dict[str, str]]:
        """Players in the order they were enrolled (``order=newest``: the
        latest first), ``limit`` a page, with a Link header by cursor;
        ``search``: a club number's start or a part of the name now."""
        order, at = keyset_start(query)
        page = player_page(db(), order, query["limit"], at, query.get("search", ""))
        return [player_json(player) for player in page.items], 200, keyset_links(order, page)

    @blp.arguments(PlayerInSchema)
    @blp.response(201, PlayerSchema, headers={**LOCATION_HEADER, **ETAG_HEADER})
    @blp.error(409, "player_exists: the club number is enrolled already (field club_number)")
    @roles(*WRITERS)
    def post(self, body: PlayerInJson) -> Tagged:
        """Enrol a member of the player club by the club number the
        player-tracking system gave, with the name the club holds (a
        ``player_enrolled`` event)."""
        player = committed(
            lambda: enrol_player(db(), current_user(), body["club_number"], body["name"], now())
        )
        shown, status, headers = tagged(player, 201)
        return shown, status, {**headers, "Location": f"/api/v1/players/{player.club_number}"}


@blp.route("/<club_number>")
class OnePlayer(MethodView):
    @blp.response(200, PlayerSchema, headers=ETAG_HEADER)
    @blp.error(422, MALFORMED)
    @roles(*READERS)
    def get(self, club_number: str) -> Tagged:
        """The player with the name now, every former name and who enrolled
        them when; 404 ``player_not_found`` for a club number not enrolled."""
        return tagged(find_player(db(), club_number))

    @blp.arguments(PlayerRenameSchema)
    @blp.doc(parameters=[IF_MATCH_NAME])
    @blp.response(200, PlayerSchema, headers=ETAG_HEADER)
    @blp.error(409, "no_change: the player has that name already (field name)")
    @blp.error(412, STALE)
    @blp.error(428, REQUIRED)
    @roles(*WRITERS)
    def patch(self, body: PlayerRenameJson, club_number: str) -> Tagged:
        """A change of name: a new version, the former kept (a
        ``player_renamed`` event). Send the ETag of the GET as If-Match."""

        def change() -> PlayerView:
            player = find_player(db(), club_number)
            name = player.name
            current = Change(name.version, name.named_at, name.named_by)
            require_match("name", "player's name", current, f"/players/{player.club_number}")
            return rename_player(db(), current_user(), club_number, body["name"], now())

        return tagged(committed(change))


@blp.route("/<club_number>/figures")
@blp.arguments(PlayerFiguresQuerySchema, location="query")
@blp.response(200, PlayerFiguresSchema)
@blp.error(422, MALFORMED)
@roles(*FIGURES_READERS)
def figures_view(query: PlayerFiguresQueryJson, club_number: str) -> PlayerFiguresJson:
    """The player's figures over the ratings seated in the period: their
    exact sums added and rounded once (never a sum of rounded figures),
    comps summed rating by rating."""
    return player_figures(db(), club_number, query["period"], now())


@blp.route("/<club_number>/ratings")
@blp.arguments(PlayerRatingsQuerySchema, location="query")
@blp.response(200, RatingSlipSchema(many=True), headers=LINK_HEADER)
@blp.error(422, MALFORMED)
@roles(*FIGURES_READERS)
def ratings_view(
    query: PlayerRatingsQueryJson, club_number: str
) -> tuple[list[SlipJson], int, dict[str, str]]:
    """The player's ratings, the latest started first (``order=oldest``:
    the first), ``limit`` a page with a Link header by cursor, each with
    its slip: live while open, final once seated out, with the comps it
    earned."""
    order, at = keyset_start(query)
    page = player_ratings(db(), club_number, order, query["limit"], at, now())
    return page.items, 200, keyset_links(order, page)
