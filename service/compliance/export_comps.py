"""The comp redemptions' file of a compliance export: every redemption up
to the cut, whatever the period, with the balance it was held against and
who signed it.

The register as a whole, as the players': a balance is what every rating
of the player ever earned less every redemption, so a redemption of the
period is read beside the ones before it; and redemptions are few (a
player's now and then, never a table's every round). Their events are in
the audit files of the export whose window holds them; the verification
matches every row to its sealed event
(:mod:`service.compliance.comp_claims`)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import aliased

from service.compliance.export_queries import Query, Scope
from service.store.models import CompRedemption, Player, User

COMP_COLUMNS = (
    "redemption_id",
    "player_id",
    "club_number",
    "currency",
    "minor_unit",
    "amount",
    "balance_before",
    "reason",
    "redeemed_by",
    "cosigned_by",
    "at_utc",
)
DESCRIPTION = (
    "every comp redemption up to the export's cut, whatever the period (the register as a whole): the "
    "player, the amount in minor units of its currency, the player's balance in that currency before it "
    "(what their closed ratings earned less what was redeemed), the reason, the pit boss who redeemed it "
    "and the second pit boss who signed (empty: none; required past the balance)"
)


def comps_query(scope: Scope) -> Query:
    cosigner = aliased(User)
    return (
        select(
            CompRedemption.id,
            CompRedemption.player_id,
            Player.club_number,
            CompRedemption.currency,
            CompRedemption.minor_unit,
            CompRedemption.amount,
            CompRedemption.balance,
            CompRedemption.reason,
            User.name,
            cosigner.name,
            CompRedemption.at,
        )
        .join(Player, Player.id == CompRedemption.player_id)
        .join(User, User.id == CompRedemption.redeemed_by)
        .outerjoin(cosigner, cosigner.id == CompRedemption.cosigned_by)
        .where(CompRedemption.id <= scope.cut.comp_redemption_id)
        .order_by(CompRedemption.id)
    )
