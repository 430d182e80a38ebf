"""The devices' figures (the shuffler checks, rule book section 15): per
shuffler or shoe, its decks received, repeated orders, the chi-square
test of card positions and the cards changed by hand, for a gaming day
and the 30 days ending with it. The pit boss, compliance and the admin
read them."""

from __future__ import annotations

from service.api.http.blueprint import Blueprint
from service.api.http.security import roles
from service.api.http.work import db
from service.api.protection.alert_routes import ALERT_READERS
from service.api.protection.device_schemas import (
    DeviceDetailSchema,
    DeviceQueryJson,
    DeviceQuerySchema,
    DevicesSchema,
)
from service.protection.device_figures import DeviceDetailJson, DevicesJson, device_detail, device_list

blp = Blueprint("devices", __name__, url_prefix="/devices", description="Game protection: shufflers")


@blp.route("", methods=["GET"])
@blp.arguments(DeviceQuerySchema, location="query")
@blp.response(200, DevicesSchema)
@roles(*ALERT_READERS)
def devices_view(query: DeviceQueryJson) -> DevicesJson:
    """Every device with decks in the 30 days to the gaming day, with its
    figures for the day and for the 30 days."""
    return device_list(db(), query.get("gaming_day"))


@blp.route("/<device_id>", methods=["GET"])
@blp.arguments(DeviceQuerySchema, location="query")
@blp.response(200, DeviceDetailSchema)
@blp.error(404, "device_not_found (field device_id): no deck from it in the 30 days")
@roles(*ALERT_READERS)
def device_view(query: DeviceQueryJson, device_id: str) -> DeviceDetailJson:
    """One device's figures, and each of its days in the 30 with its own."""
    return device_detail(db(), device_id, query.get("gaming_day"))
