"""Reports for the pit and compliance: a table or the floor by shift, gaming
day, month and year to date; per-dealer figures; investigation notes on a
hold variance."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.api.reports.rated_play_schemas import RatedPlayQueryJson, RatedPlayQuerySchema, RatedPlaySchema
from service.api.reports.report_query_schemas import (
    DealerReportQueryJson,
    DealerReportQuerySchema,
    FloorReportQueryJson,
    FloorReportQuerySchema,
    TableReportQueryJson,
    TableReportQuerySchema,
    VarianceNoteInJson,
    VarianceNoteInSchema,
    VarianceNoteSchema,
)
from service.api.reports.report_schemas import DealerReportSchema, ReportSchema
from service.reports.currency_reports import floor_report as floor_by_currency
from service.reports.periods import Scope, floor_scope, parse_table_ids, table_scope
from service.reports.rated_play import RatedPlayJson, rated_play_report
from service.reports.report_values import ByCurrencyReportJson, DealerReportJson, ReportJson
from service.reports.table_reports import dealer_report, report
from service.reports.variance_notes import VarianceNoteJson, add_variance_note, note_json

Answer = TypeVar("Answer")

blp = Blueprint(
    "reports",
    __name__,
    url_prefix="/reports",
    description="Hold by shift, day, month and year to date against the theory; dealers; variance notes",
)

READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)


@blp.route("/tables/<id:table_id>")
@blp.arguments(TableReportQuerySchema, location="query")
@blp.response(200, ReportSchema)
@roles(*READERS)
def table_report(query: TableReportQueryJson, table_id: int) -> ReportJson:
    """One table: rounds, seats, handle, win and hold per bet against the
    theoretical hold of the rules the rounds were played under; a variance
    flag when the win is outside the confidence interval; the dealers; the
    win and hold from the chips of the counted sessions beside them, and the
    cards-against-chips difference. ``day`` defaults to the table's current gaming day."""
    return _report(report, table_scope(db(), table_id), query)


@blp.route("/floor")
@blp.arguments(FloorReportQuerySchema, location="query")
@blp.response(200, ReportSchema)
@roles(*READERS)
def floor_report(query: FloorReportQueryJson) -> ReportJson | ByCurrencyReportJson:
    """Every table (or ``tables=1,2``) together. ``day`` defaults to the
    current gaming day of the first table; ``shift`` is each table's shift
    of that number. Tables in more than one currency are never added: the
    money figures are null and ``by_currency`` has each currency's report."""
    ids = parse_table_ids(query["tables"]) if "tables" in query else None
    return _report(floor_by_currency, floor_scope(db(), ids), query)


def _report(make: Callable[..., Answer], scope: Scope, query: TableReportQueryJson) -> Answer:
    """A report of ``scope`` for the query's period, made by ``make`` (one
    table's or the floor's, by currency) at this moment and tolerance."""
    return make(
        db(),
        settings().instance,
        scope,
        query["period"],
        query.get("day"),
        query.get("shift"),
        query["confidence"],
        now(),
        settings().chips_tolerance,
    )


@blp.route("/dealers")
@blp.arguments(DealerReportQuerySchema, location="query")
@blp.response(200, DealerReportSchema)
@blp.error(404, "table_not_found: no table with the id given as table")
@roles(*READERS)
def dealers_report(query: DealerReportQueryJson) -> DealerReportJson:
    """Per dealer (who entered the rounds): rounds, seats, fouls, handle and
    win per bet, and the approved and pending voids and corrections of their
    rounds; for the floor or one ``table``. A floor whose tables are in more
    than one currency is a 422 naming ``tables``: ask a table at a time."""
    scope = table_scope(db(), query["table"], "table") if "table" in query else floor_scope(db())
    return dealer_report(db(), scope, query["period"], query.get("day"), query.get("shift"), now())


@blp.route("/rated-play")
@blp.arguments(RatedPlayQuerySchema, location="query")
@blp.response(200, RatedPlaySchema)
@roles(*READERS)
def rated_play(query: RatedPlayQueryJson) -> RatedPlayJson:
    """The floor's rated play (rule book section 14): a rating slip's
    figures per table, per dealer and for the floor (or ``tables=1,2``) over
    the period, rounded once from exact sums kept by the workers, with the
    share of the handle that was rated. Tables in more than one currency
    are a 422 naming ``tables``: ask for the tables of one."""
    ids = parse_table_ids(query["tables"]) if "tables" in query else None
    scope = floor_scope(db(), ids)
    return rated_play_report(db(), scope, query["period"], query.get("day"), query.get("shift"), now())


@blp.route("/variance-notes", methods=["POST"])
@blp.arguments(VarianceNoteInSchema)
@blp.response(201, VarianceNoteSchema)
@blp.error(404, "table_not_found: no table with that table_id")
@roles(Role.PIT_BOSS, Role.ADMIN)
def post_variance_note(body: VarianceNoteInJson) -> VarianceNoteJson:
    """Add an investigation note to a bet's hold in a period (omit
    ``table_id`` for the floor). Notes are kept; the report shows the latest."""
    note, writer = committed(
        lambda: add_variance_note(
            db(),
            current_user(),
            body.get("table_id"),
            body["period"],
            body["day"],
            body.get("shift"),
            body["bet"],
            body["note"],
            now(),
        )
    )
    return note_json(note, writer)
