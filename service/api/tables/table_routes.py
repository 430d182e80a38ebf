"""Tables, their versioned configurations and the house way at a table."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView

from service.accounts.roles import Role
from service.analysis.cache import cached_par_sheet
from service.analysis.optimal_sheet import optimal_state
from service.api.http.blueprint import Blueprint
from service.api.http.security import ANY_ROLE, current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, sessionless, settings
from service.api.tables.sheet_schemas import HouseWaySchema, ParSheetPendingSchema, ParSheetSchema
from service.api.tables.strategy_schemas import optimal_strategy_json
from service.api.tables.table_schemas import (
    HouseWayInJson,
    HouseWayInSchema,
    TableCreateJson,
    TableCreateSchema,
    TableSchema,
)
from service.engine.errors import RulesError
from service.engine.house_way import house_way
from service.errors import Invalid
from service.rounds.house_way_report import (
    HouseWayReportJson,
    house_way_report,
    player_setting,
    setting_report,
    seven_cards,
)
from service.store.models import GameTable
from service.tables.table_json import TableJson
from service.tables.table_json import table_json as shown_table
from service.tables.tables import (
    config_of,
    create_table,
    current_config,
    get_table,
    list_tables,
)

blp = Blueprint("tables", __name__, url_prefix="/tables", description="Tables and their rules")

SAVED_AT_ONCE = "conflict: another admin saved a change at the same moment; read again and retry"


def table_json(table: GameTable) -> TableJson:
    """The table as shown, in the request's database and settings."""
    return shown_table(db(), table, sessionless=sessionless())


@blp.route("")
class Tables(MethodView):
    @blp.response(200, TableSchema(many=True))
    @roles(*ANY_ROLE)
    def get(self) -> list[TableJson]:
        """Every table with its current configuration."""
        return [table_json(table) for table in list_tables(db())]

    @blp.arguments(TableCreateSchema)
    @blp.response(201, TableSchema)
    @blp.error(409, "table_exists: a table of that name (in any letter case) is open already")
    @roles(Role.ADMIN)
    def post(self, body: TableCreateJson) -> TableJson:
        """Open a table; a body of just a name takes the default configuration."""
        currency = body.get("currency", settings().currency)
        table = committed(
            lambda: create_table(
                db(),
                current_user(),
                body["name"],
                body["config"],
                body["timezone"],
                body["shift_starts"],
                now(),
                currency,
            )
        )
        return table_json(table)


@blp.route("/<id:table_id>")
class OneTable(MethodView):
    @blp.response(200, TableSchema)
    @roles(*ANY_ROLE)
    def get(self, table_id: int) -> TableJson:
        return table_json(get_table(db(), table_id))


# A par sheet takes about 10 s from a cold start (docs/performance.md).
PAR_SHEET_RETRY_AFTER = 10
PENDING_HEADERS = {
    "Retry-After": {"description": "seconds to wait before asking again", "schema": {"type": "integer"}},
    "Location": {
        "description": "where to ask again: this par sheet's address (relative to the request's)",
        "schema": {"type": "string", "format": "uri-reference"},
    },
}


@blp.route("/<id:table_id>/par-sheet")
@blp.response(200, ParSheetSchema)
@blp.alt_response(
    202,
    schema=ParSheetPendingSchema,
    description="being computed: ask again at Location after Retry-After seconds",
    headers=PENDING_HEADERS,
    success=True,
)
@roles(*ANY_ROLE)
def par_sheet_view(table_id: int) -> Any:
    """The exact par sheet of the table's current rules (the theoretical
    hold), with the Main Bet under the optimal strategy once its strategy
    table is built; 202 while the background job computes the sheet."""
    version = current_config(db(), get_table(db(), table_id))
    sheet = cached_par_sheet(config_of(version), settings().instance)
    if sheet is None:
        # A Response, so the 200's schema does not reshape it.
        pending: Response = jsonify({"status": "computing", "config_version": version.version})
        pending.status_code = 202
        pending.headers["Retry-After"] = str(PAR_SHEET_RETRY_AFTER)
        pending.headers["Location"] = request.path  # this sheet's own address: asked again there
        return pending
    optimal = optimal_state(sheet.config.dealer_qualifier, settings().instance)
    return {**sheet.to_json(), "optimal_strategy": optimal_strategy_json(*optimal)}


@blp.route("/<id:table_id>/house-way", methods=["POST"])
@blp.arguments(HouseWayInSchema)
@blp.response(200, HouseWaySchema)
@roles(*ANY_ROLE)
def house_way_view(body: HouseWayInJson, table_id: int) -> HouseWayReportJson:
    """Seven cards in; the house-way setting, the rule and why out (what the
    tablet shows before the round is submitted). With a player's own
    ``setting`` (low and high), also whether it fouls and why."""
    config = config_of(current_config(db(), get_table(db(), table_id)))
    try:
        cards = seven_cards(body["cards"])
        setting = body.get("setting")
        entered = None if setting is None else player_setting(cards, setting["low"], setting["high"])
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field or "cards") from None
    way = house_way(cards)
    qualifier = config.dealer_qualifier
    report = house_way_report(way, qualifier.qualifies(way.high_value), qualifier.text)
    if entered is not None:
        report["setting"] = setting_report(entered)
    return report
