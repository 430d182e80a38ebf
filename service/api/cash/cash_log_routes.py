"""The multiple transaction log and the report days (rule book section
14, docs/cash-rules.md). The pit logs an unknown patron's cash at a
table; the pit and compliance read the log (the pit keeps it on the
floor, compliance reviews it); compliance alone reads the player-days
listed for a currency transaction report, which it files. The admin,
who sets the thresholds, reads neither: they are the players' money, not
settings. No answer holds a player's identification."""

from __future__ import annotations

from service.accounts.roles import Role
from service.api.cash.cash_log_schemas import (
    CashLogEntrySchema,
    CashLogQueryJson,
    CashLogQuerySchema,
    ReportDaySchema,
    ReportDaysQueryJson,
    ReportDaysQuerySchema,
    UnknownPatronInJson,
    UnknownPatronInSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.paging import LINK_HEADER, keyset_links, keyset_start
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.players.cash_log import (
    LogEntryJson,
    ReportDayJson,
    cash_log_page,
    log_unknown_patron,
    report_day_page,
)
from service.tables.tables import get_table

blp = Blueprint(
    "cash_log", __name__, url_prefix="", description="The cash rules: the transaction log and the report days"
)

LOG_READERS = (Role.PIT_BOSS, Role.COMPLIANCE)


@blp.route("/tables/<id:table_id>/cash-transactions", methods=["POST"])
@blp.arguments(UnknownPatronInSchema)
@blp.response(201, CashLogEntrySchema)
@blp.error(404, "table_not_found")
@roles(Role.PIT_BOSS)
def unknown_patron_view(body: UnknownPatronInJson, table_id: int) -> LogEntryJson:
    """Log an unknown patron's cash transaction at the table (no club
    number): the amount in the table's currency, at least the log
    threshold (else 422 ``invalid_amount``), and a description of the
    patron. A player's buy-ins are logged by the buy-in itself."""
    table = get_table(db(), table_id)
    return committed(
        lambda: log_unknown_patron(db(), table, current_user(), body["amount"], body["description"], now())
    )


@blp.route("/compliance/cash-transactions", methods=["GET"])
@blp.arguments(CashLogQuerySchema, location="query")
@blp.response(200, CashLogEntrySchema(many=True), headers=LINK_HEADER)
@roles(*LOG_READERS)
def cash_log_view(query: CashLogQueryJson) -> tuple[list[LogEntryJson], int, dict[str, str]]:
    """The multiple transaction log, ``limit`` entries a page with a Link
    header by cursor; of one gaming day (``day``), one table (``table``),
    or both."""
    order, at = keyset_start(query)
    page = cash_log_page(db(), order, query["limit"], at, query.get("day"), query.get("table"))
    return page.items, 200, keyset_links(order, page)


@blp.route("/compliance/report-days", methods=["GET"])
@blp.arguments(ReportDaysQuerySchema, location="query")
@blp.response(200, ReportDaySchema(many=True), headers=LINK_HEADER)
@roles(Role.COMPLIANCE)
def report_days_view(query: ReportDaysQueryJson) -> tuple[list[ReportDayJson], int, dict[str, str]]:
    """The player-days listed for a currency transaction report: each
    player's gaming day (a currency at a time) whose cash in passed the
    report threshold, with the day's cash in now, a page at a time."""
    order, at = keyset_start(query)
    page = report_day_page(db(), order, query["limit"], at, query.get("day"))
    return page.items, 200, keyset_links(order, page)
