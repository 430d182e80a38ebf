"""Schemas of the dealers at the tables (a session, a sign-in's answer,
the table's dealer now) and of the per dealer and shift figures, every
field described."""

from __future__ import annotations

from datetime import date
from typing import NotRequired, TypedDict

from marshmallow import fields

from service.accounting.dealer_values import CurrentDealerJson, DealerSessionJson, SignedInJson, SignOutReason
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.protection.luck_figures import PlayersResultsJson
from service.reports.dealer_shifts import DealerShiftJson, DealerShiftsJson, DealerTableJson, SessionCheckJson
from service.reports.dealer_time import StintJson
from service.tables.gaming_day import MAX_SHIFTS

REASON_HELP = (
    "why it ended: sign_out (the dealer), relief (another dealer signed in at the table), "
    "moved (the dealer signed in at another table), table_closed; null: signed in now"
)


def _reason() -> fields.Enum[SignOutReason]:
    return fields.Enum(SignOutReason, by_value=True, allow_none=True, metadata={"description": REASON_HELP})


DealerSessionSchema = answer(
    DealerSessionJson,
    "DealerSessionSchema",
    sign_out_reason=_reason(),
)


SignedInSchema = answer(SignedInJson, "SignedInSchema")


CurrentDealerSchema = answer(CurrentDealerJson, "CurrentDealerSchema")


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


StintSchema = answer(
    StintJson,
    "StintSchema",
    sign_out_reason=_reason(),
)


DealerTableSchema = answer(DealerTableJson, "DealerTableSchema")


SessionCheckSchema = answer(SessionCheckJson, "SessionCheckSchema")


PlayersResultsSchema = answer(PlayersResultsJson, "PlayersResultsSchema")


DealerShiftSchema = answer(DealerShiftJson, "DealerShiftSchema")


DealerShiftsSchema = answer(DealerShiftsJson, "DealerShiftsSchema")
