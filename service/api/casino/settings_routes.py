"""The casino's settings for comps and the cash rules: read by the pit,
compliance and the admin, with their ETag; changed by the admin only, a
new version, with that ETag as If-Match (:mod:`service.api.http.etags`)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.casino.settings_schemas import (
    CasinoSettingsChangeJson,
    CasinoSettingsChangeSchema,
    CasinoSettingsSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.etags import ETAG_HEADER, IF_MATCH_PARAMETER, REQUIRED, STALE, etag, require_match
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.players.casino_settings import CasinoSettings, change_settings, current_settings
from service.players.settings_checks import check_change
from service.tables.versions import Change

blp = Blueprint(
    "casino_settings",
    __name__,
    url_prefix="/casino-settings",
    description="The casino's comp rate and cash thresholds, in versions changed with If-Match",
)
PATH = "/casino-settings"
KIND = "casino-settings"
SAVED_AT_ONCE = "conflict: another admin saved a version at the same moment; read again and retry"

Tagged = tuple[Any, dict[str, str]]  # an answer and its ETag header


def tagged(found: CasinoSettings) -> Tagged:
    return found.json(settings().currency), {"ETag": etag(KIND, found.version)}


@blp.route("")
class CasinoSettingsView(MethodView):
    @blp.response(200, CasinoSettingsSchema, headers=ETAG_HEADER)
    @roles(Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
    def get(self) -> Tagged:
        """The settings in force (the rule book's defaults while none is
        saved); the ETag is what a PUT sends back as If-Match."""
        return tagged(current_settings(db()))

    @blp.arguments(CasinoSettingsChangeSchema)
    @blp.doc(parameters=[IF_MATCH_PARAMETER])
    @blp.response(200, CasinoSettingsSchema, headers=ETAG_HEADER)
    @blp.error(409, SAVED_AT_ONCE)
    @blp.error(412, STALE)
    @blp.error(428, REQUIRED)
    @roles(Role.ADMIN)
    def put(self, body: CasinoSettingsChangeJson) -> Tagged:
        """A new version: the comp rate, the thresholds of the currencies
        named (the others keep theirs), results beyond luck's threshold, or
        several. Send the ETag of the GET as If-Match."""
        change = check_change(
            body.get("comp_rate_basis_points"), body.get("thresholds"), body.get("luck_threshold_hundredths")
        )

        def save() -> CasinoSettings:
            current = current_settings(db())
            require_match(
                KIND, "casino settings", Change(current.version, current.created_at, current.created_by), PATH
            )
            return change_settings(db(), current_user(), change, now())

        return tagged(committed(save))
