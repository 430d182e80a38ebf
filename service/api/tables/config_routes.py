"""A table's configuration versions and gaming-day schedule: read with
their ETag, changed with it as If-Match (:mod:`service.api.http.etags`), and a
configuration's preview with its Break Bonus pay table and house edge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.views import MethodView
from marshmallow import Schema

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint, stacked
from service.api.http.etags import ETAG_HEADER, IF_MATCH_PARAMETER, REQUIRED, STALE, etag, require_match
from service.api.http.security import ANY_ROLE, current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.tables.config_schemas import ConfigPreviewSchema, ConfigVersionSchema, TableScheduleSchema
from service.api.tables.table_routes import SAVED_AT_ONCE, table_json
from service.api.tables.table_schemas import (
    ConfigChangeJson,
    ConfigChangeSchema,
    ScheduleChangeJson,
    ScheduleChangeSchema,
    TableSchema,
)
from service.store.models import GameTable
from service.tables.config_preview import ConfigPreviewJson, config_preview
from service.tables.tables import change_config, change_schedule, get_table, proposed_config
from service.tables.versions import (
    ConfigVersionJson,
    config_change,
    config_versions,
    current_version,
    lock_table,
    schedule_change,
    schedule_json,
)

EditView = Callable[..., Any]

blp = Blueprint(
    "table_versions",
    __name__,
    url_prefix="/tables",
    description="A table's configuration versions and schedule, changed with If-Match",
)


Tagged = tuple[Any, dict[str, str]]  # an answer and its ETag header


def schedule_tag(table: GameTable) -> dict[str, str]:
    return {"ETag": etag("schedule", schedule_change(db(), table).version)}


def config_tag(table: GameTable) -> dict[str, str]:
    return {"ETag": etag("config", config_change(db(), table).version)}


def admin_edit(schema: type[Schema]) -> Callable[[EditView], EditView]:
    """An admin's edit of a versioned setting: its body, If-Match, the table
    and its new ETag answered, and the refusals of a stale or missing tag."""
    return stacked(
        blp.arguments(schema),
        blp.doc(parameters=[IF_MATCH_PARAMETER]),
        blp.response(200, TableSchema, headers=ETAG_HEADER),
        blp.error(409, SAVED_AT_ONCE),
        blp.error(412, STALE),
        blp.error(428, REQUIRED),
        roles(Role.ADMIN),
    )


@blp.route("/<id:table_id>/schedule")
class TableScheduleView(MethodView):
    @blp.response(200, TableScheduleSchema, headers=ETAG_HEADER)
    @roles(*ANY_ROLE)
    def get(self, table_id: int) -> Tagged:
        """The gaming-day schedule, its version and who made it; its ETag
        is what a PUT sends back as If-Match."""
        table = get_table(db(), table_id)
        return schedule_json(db(), table), schedule_tag(table)

    @admin_edit(ScheduleChangeSchema)
    def put(self, body: ScheduleChangeJson, table_id: int) -> Tagged:
        """Move the gaming-day and shift boundaries (``shift_starts``) or the
        zone they are read in; stored rounds keep their day and shift. Send
        the ETag of the GET as If-Match."""
        path = f"/tables/{table_id}/schedule"

        def change() -> tuple[GameTable, dict[str, str]]:
            table = get_table(db(), table_id)
            lock_table(db(), table)
            require_match("schedule", "schedule", schedule_change(db(), table), path)
            change_schedule(
                db(), table, current_user(), body.get("timezone"), body.get("shift_starts"), now()
            )
            return table, schedule_tag(table)

        table, tag = committed(change)
        return table_json(table), tag


@blp.route("/<id:table_id>/config")
class TableConfigView(MethodView):
    @blp.response(200, ConfigVersionSchema, headers=ETAG_HEADER)
    @roles(*ANY_ROLE)
    def get(self, table_id: int) -> Tagged:
        """The current configuration version, who saved it and when; its
        ETag is what a PUT sends back as If-Match."""
        table = get_table(db(), table_id)
        current = current_version(db(), table)
        return current, {"ETag": etag("config", current["version"])}

    @admin_edit(ConfigChangeSchema)
    def put(self, body: ConfigChangeJson, table_id: int) -> Tagged:
        """Change the rules: a new configuration version (fields as in the
        rule book). Send the ETag of the GET as If-Match."""
        path = f"/tables/{table_id}/config"

        def change() -> tuple[GameTable, dict[str, str]]:
            table = get_table(db(), table_id)
            require_match("config", "configuration", config_change(db(), table), path)
            change_config(db(), table, current_user(), body["config"], now())
            return table, config_tag(table)

        table, tag = committed(change)
        return table_json(table), tag


@blp.route("/<id:table_id>/configs")
class TableConfigsView(MethodView):
    @blp.response(200, ConfigVersionSchema(many=True))
    @roles(Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
    def get(self, table_id: int) -> list[ConfigVersionJson]:
        """Every configuration version of the table, newest first."""
        return config_versions(db(), get_table(db(), table_id))


@blp.route("/<id:table_id>/config/preview", methods=["POST"])
@blp.arguments(ConfigChangeSchema)
@blp.response(200, ConfigPreviewSchema)
@roles(Role.ADMIN)
def preview_config(body: ConfigChangeJson, table_id: int) -> ConfigPreviewJson:
    """The configuration a change would make and its Break Bonus house edge,
    before anything is saved."""
    return config_preview(proposed_config(db(), get_table(db(), table_id), body["config"]))
