"""A player's comps (rule book section 14): the balance in each currency
and the redemptions, read by the floor and compliance; a redemption
recorded by a pit boss (or an admin), past the balance only with a second
pit boss's signature typed at the same screen."""

from __future__ import annotations

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.accounting.cosigning import SIGNATURE_403, signed_by
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.players.comp_schemas import (
    CompRedemptionInJson,
    CompRedemptionInSchema,
    CompRedemptionSchema,
    PlayerCompsSchema,
)
from service.api.players.player_routes import FIGURES_READERS, MALFORMED
from service.players.comps import PlayerCompsJson, RedemptionAsked, RedemptionJson, player_comps, redeem

blp = Blueprint(
    "player_comps", __name__, url_prefix="/players", description="A player's comps: balances and redemptions"
)
REDEEMERS = (Role.PIT_BOSS, Role.ADMIN)


@blp.route("/<club_number>/comps")
@blp.response(200, PlayerCompsSchema)
@blp.error(422, MALFORMED)
@roles(*FIGURES_READERS)
def comps_view(club_number: str) -> PlayerCompsJson:
    """The player's comp balance in each currency (earned by their closed
    ratings whose figures are complete, less what was redeemed) and every
    redemption, the newest first."""
    return player_comps(db(), club_number)


@blp.route("/<club_number>/comp-redemptions")
class CompRedemptions(MethodView):
    @blp.arguments(CompRedemptionInSchema)
    @blp.response(201, CompRedemptionSchema)
    @blp.error(
        409,
        "comp_balance_exceeded (field amount): the amount is past the player's balance in the currency; "
        "send a second pit boss's signature (cosigner)",
    )
    @blp.error(
        403,
        "forbidden: only a pit boss or an admin redeems; same_person or wrong_role (field cosigner.name): "
        f"the second signature is another pit boss's; {SIGNATURE_403}",
    )
    @roles(*REDEEMERS)
    def post(self, body: CompRedemptionInJson, club_number: str) -> RedemptionJson:
        """Redeem comps from the player's balance in a currency (a
        ``comp_redeemed`` event); past the balance a second pit boss signs."""
        signature = body.get("cosigner")
        other = None if signature is None else signed_by(signature, "cosigner")
        asked = RedemptionAsked(body["amount"], body["currency"], body["reason"])
        return committed(lambda: redeem(db(), current_user(), club_number, asked, other, now()))
