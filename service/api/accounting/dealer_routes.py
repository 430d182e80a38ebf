"""The dealers at the tables: a dealer signs in at a table from the tablet
(another dealer there is relieved at the same instant, the dealer's own
session at another table ends) and signs out; who is signed in at a
table; and the per dealer and shift figures for the pit and compliance."""

from __future__ import annotations

from service.accounting.dealer_sessions import SignedIn, current_at, sign_in, sign_out, signed_in_json
from service.accounting.dealer_values import CurrentDealerJson, DealerSessionJson, SignedInJson
from service.accounts.roles import Role
from service.api.accounting.dealer_schemas import (
    CurrentDealerSchema,
    DealerSessionSchema,
    DealerShiftsQueryJson,
    DealerShiftsQuerySchema,
    DealerShiftsSchema,
    SignedInSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.reports.dealer_shifts import DealerShiftsJson, current_shift, dealer_shifts
from service.tables.tables import get_table

blp = Blueprint("dealers", __name__, url_prefix="", description="Dealers at the tables and their shifts")

READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)


@blp.route("/tables/<id:table_id>/dealer-sessions", methods=["POST"])
@blp.response(201, SignedInSchema)
@blp.alt_response(
    200, schema=SignedInSchema, description="the dealer was signed in here already", success=True
)
@blp.error(404, "table_not_found")
@blp.error(409, "table_closed (field table_id): no open session at the table")
@roles(Role.DEALER)
def sign_in_view(table_id: int) -> tuple[SignedInJson, int]:
    """The signed-in dealer signs in at the table: the dealer signed in
    there is relieved (their session ends at the same instant), and the
    dealer's own session at another table ends (``moved``)."""
    user = current_user()

    def signed() -> SignedIn:
        return sign_in(db(), get_table(db(), table_id), user, now)

    found = committed(signed)
    return signed_in_json(found), 201 if found.created else 200


@blp.route("/tables/<id:table_id>/dealer-sessions/current/sign-out", methods=["POST"])
@blp.response(200, DealerSessionSchema)
@blp.error(404, "table_not_found")
@blp.error(409, "dealer_not_signed_in (field table_id): the dealer is not signed in at the table")
@roles(Role.DEALER)
def sign_out_view(table_id: int) -> DealerSessionJson:
    """The signed-in dealer signs out at the table: their session ends."""
    user = current_user()
    return committed(lambda: sign_out(db(), get_table(db(), table_id), user, now))


@blp.route("/tables/<id:table_id>/dealer-sessions/current", methods=["GET"])
@blp.response(200, CurrentDealerSchema)
@blp.error(404, "table_not_found")
@roles(Role.DEALER, *READERS)
def current_view(table_id: int) -> CurrentDealerJson:
    """The dealer signed in at the table now, if any."""
    return current_at(db(), get_table(db(), table_id))


@blp.route("/reports/dealer-shifts", methods=["GET"])
@blp.arguments(DealerShiftsQuerySchema, location="query")
@blp.response(200, DealerShiftsSchema)
@roles(*READERS)
def dealer_shifts_view(query: DealerShiftsQueryJson) -> DealerShiftsJson:
    """Per dealer in the gaming day's shift: time at each table (from the
    sessions), rounds and rounds per hour, voids and corrections, rounds
    dealt from a deck and the cards changed by hand, and the cards against
    chips of each table session they were signed in at. Without a day or a
    shift, the current ones at the first table (UTC without a table)."""
    day, shift = current_shift(db(), now(), query.get("day"), query.get("shift"))
    return dealer_shifts(db(), day, shift, now(), query.get("dealer"))
