"""Schemas of the dealers at the tables (a session, a sign-in's answer,
the table's dealer now) and of the per dealer and shift figures, every
field described."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import Schema, fields

from service.accounting.dealer_values import SignOutReason
from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.tables.gaming_day import MAX_SHIFTS

REASON_HELP = (
    "why it ended: sign_out (the dealer), relief (another dealer signed in at the table), "
    "moved (the dealer signed in at another table), table_closed; null: signed in now"
)


def _reason() -> fields.Enum[SignOutReason]:
    return fields.Enum(SignOutReason, by_value=True, allow_none=True, metadata={"description": REASON_HELP})


class DealerSessionSchema(Schema):
    id = api_fields.integer("the dealer session's id")
    table_id = api_fields.integer("the table")
    table_name = api_fields.text("the table's name")
    dealer_id = api_fields.integer("the dealer's user id")
    dealer = api_fields.text("the dealer's user name")
    table_session_id = api_fields.integer("the table's session (opener to closer) it was in")
    gaming_day = api_fields.text("the gaming day of the sign-in, ISO 8601")
    shift = api_fields.integer("the shift of the sign-in")
    signed_in_at = api_fields.text("when the dealer signed in, ISO 8601 UTC")
    relieved_id = api_fields.integer(
        "the session this sign-in ended at the table (a relief); null: none", allow_none=True
    )
    signed_out_at = api_fields.text("when it ended, ISO 8601 UTC; null: signed in now", allow_none=True)
    sign_out_reason = _reason()
    seconds = api_fields.integer("whole seconds signed in; null while signed in", allow_none=True)


class SignedInSchema(Schema):
    session = api_fields.nested(DealerSessionSchema, "the dealer's session at the table")
    ended = api_fields.nested_list(
        DealerSessionSchema,
        "the sessions this sign-in ended at the same instant: the table's previous dealer's (a relief) "
        "and the dealer's own at another table",
    )


class CurrentDealerSchema(Schema):
    session = api_fields.nested(
        DealerSessionSchema, "the session of the dealer signed in at the table; null: none", allow_none=True
    )


class DealerShiftsQueryJson(TypedDict):
    day: NotRequired[date]
    shift: NotRequired[int]
    dealer: NotRequired[int]


class DealerShiftsQuerySchema(StrictSchema):
    day = fields.Date(
        metadata={"description": "the gaming day, ISO 8601; default: the current one at the first table"}
    )
    shift = api_fields.bounded(
        1, MAX_SHIFTS, "the shift of the gaming day (1 is the first); default: the current one"
    )
    dealer = api_fields.record_id("one dealer's user id; default every dealer of the shift")


class StintSchema(Schema):
    id = api_fields.integer("the dealer session's id")
    signed_in_at = api_fields.text("when the dealer signed in, ISO 8601 UTC")
    signed_out_at = api_fields.text("when it ended, ISO 8601 UTC; null: signed in now", allow_none=True)
    sign_out_reason = _reason()
    seconds = api_fields.integer("whole seconds of it within the shift (an open one: up to now)")


class DealerTableSchema(Schema):
    table_id = api_fields.integer("the table")
    table_name = api_fields.text("the table's name")
    seconds = api_fields.integer("whole seconds signed in at the table within the shift")
    rounds = api_fields.integer("the counting rounds the dealer entered at the table in the shift")
    rounds_per_hour = api_fields.integer(
        "rounds per hour signed in, halves to even; null without time signed in", allow_none=True
    )
    rounds_per_hour_exact = api_fields.text(
        "rounds per hour exactly, a fraction n/d (or a whole n); null without time signed in",
        allow_none=True,
    )
    dealer_sessions = api_fields.nested_list(StintSchema, "the dealer's sessions at the table in the shift")


class SessionCheckSchema(Schema):
    session_id = api_fields.integer("the table session (opener to closer)")
    table_id = api_fields.integer("its table")
    table_name = api_fields.text("its table's name")
    number = api_fields.integer("the session's number at its table")
    currency = api_fields.text("the currency its amounts count (ISO 4217)")
    counted = api_fields.flag("its drop is counted and its figures kept: the amounts below are known")
    win = api_fields.money("the chips' win; null until counted", allow_none=True)
    rounds_net = api_fields.money(
        "the house's net of its counting rounds; null until counted", allow_none=True
    )
    difference = api_fields.money(
        "cards against chips: win - rounds_net; null until counted", allow_none=True
    )


class PlayersResultsSchema(Schema):
    currency = api_fields.text("the currency, ISO 4217")
    rounds = api_fields.integer("the dealer's counting rounds whose results are added")
    seats = api_fields.integer("the seats of those rounds")
    actual = api_fields.integer("the house's actual win, minor units")
    theoretical = api_fields.integer(
        "the theoretical win (the bets' house edges), minor units, halves to even"
    )
    decisions = api_fields.integer(
        "what the players' settings cost or gained against the house way, minor units (the three "
        "parts below the theoretical win are apportioned so that the four add up to the actual win)"
    )
    player_cards = api_fields.integer("the luck of the players' seven cards, minor units")
    dealer_cards = api_fields.integer("the luck of the dealer's hands, minor units")
    luck_sd = api_fields.integer(
        "the two luck parts' standard deviation together, minor units, truncated: a bound, the "
        "seats of a round share the dealer's hand (rule book section 15, results beyond luck)"
    )


class DealerShiftSchema(Schema):
    dealer_id = api_fields.integer("the dealer's user id")
    name = api_fields.text("the dealer's user name")
    seconds = api_fields.integer("whole seconds signed in at any table within the shift")
    rounds = api_fields.integer("the counting rounds the dealer entered in the shift, every table")
    rounds_per_hour = api_fields.integer(
        "rounds per hour signed in, halves to even; null without time signed in", allow_none=True
    )
    rounds_per_hour_exact = api_fields.text(
        "rounds per hour exactly, a fraction n/d (or a whole n); null without time signed in",
        allow_none=True,
    )
    tables = api_fields.nested_list(DealerTableSchema, "the dealer's time and rounds at each table")
    voids = api_fields.integer("approved voids of the dealer's rounds of the shift")
    corrections = api_fields.integer("approved corrections of the dealer's rounds of the shift")
    pending_voids = api_fields.integer("voids asked for, not decided")
    pending_corrections = api_fields.integer("corrections asked for, not decided")
    dealt_rounds = api_fields.integer("the dealer's rounds dealt from a shoe's deck")
    cards_changed = api_fields.integer("the cards the dealer changed by hand in them (rule book section 15)")
    sessions = api_fields.nested_list(
        SessionCheckSchema,
        "the table sessions the dealer was signed in at, each with its cards against chips",
    )
    players_results = api_fields.nested_list(
        PlayersResultsSchema,
        "the four parts of the players' results over the dealer's rounds of the shift (rule book "
        "section 14), a currency at a time; empty until the workers have added a round's luck",
    )


class DealerShiftsSchema(Schema):
    gaming_day = api_fields.text("the gaming day, ISO 8601")
    shift = api_fields.integer("the shift")
    generated_at = api_fields.text("when the figures were read, ISO 8601 UTC (an open session runs to it)")
    pending_rounds = api_fields.integer("stored rounds of the shift the aggregates do not count yet")
    dealers = api_fields.nested_list(DealerShiftSchema, "each dealer of the shift, by name")
