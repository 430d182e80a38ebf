"""Game protection's alerts: the pit boss, compliance and the admin read
them (a list a keyset page at a time, one alert with its rounds and
their times, to pull the video); a pit boss acknowledges one, with a
note, once."""

from __future__ import annotations

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.protection.alert_schemas import (
    AcknowledgementInJson,
    AcknowledgementInSchema,
    AlertDetailSchema,
    AlertQueryJson,
    AlertQuerySchema,
    AlertSchema,
)
from service.protection.alerts import acknowledge
from service.protection.listing import alert_page, alert_view
from service.protection.values import AlertDetailJson, AlertJson

blp = Blueprint("alerts", __name__, url_prefix="/alerts", description="Game protection: alerts")

ALERT_READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)


@blp.route("", methods=["GET"])
@blp.arguments(AlertQuerySchema, location="query")
@blp.response(200, AlertSchema(many=True), headers=LINK_HEADER)
@roles(*ALERT_READERS)
def alerts_view(query: AlertQueryJson) -> tuple[list[AlertJson], int, dict[str, str]]:
    """The alerts in a state (open by default), newest first, ``limit`` a
    page with a Link header by cursor."""
    order, at = keyset_start(query)
    page = alert_page(db(), query["state"], order, query["limit"], at)
    return page.items, 200, keyset_links(order, page)


@blp.route("/<id:alert_id>", methods=["GET"])
@blp.response(200, AlertDetailSchema)
@blp.error(404, "alert_not_found")
@roles(*ALERT_READERS)
def alert_detail_view(alert_id: int) -> AlertDetailJson:
    """One alert with the rounds behind it and their times (the rounds
    dealt from its decks since it was raised too)."""
    return alert_view(db(), alert_id)


@blp.route("/<id:alert_id>/acknowledgement", methods=["POST"])
@blp.arguments(AcknowledgementInSchema)
@blp.response(201, AlertDetailSchema)
@blp.error(404, "alert_not_found")
@blp.error(409, "alert_acknowledged (field alert_id): a pit boss acknowledged it already")
@blp.error(422, "invalid_field (field note): a blank note")
@roles(Role.PIT_BOSS)
def acknowledgement_view(body: AcknowledgementInJson, alert_id: int) -> AlertDetailJson:
    """A pit boss acknowledges the alert with a note (an
    ``alert_acknowledged`` event); it is no longer open."""
    user = current_user()

    def acknowledged() -> AlertDetailJson:
        acknowledge(db(), alert_id, user, body["note"], now())
        return alert_view(db(), alert_id)

    return committed(acknowledged)
