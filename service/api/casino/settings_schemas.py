"""The casino's settings for comps and the cash rules as JSON: a version as
shown, and a change as sent."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.api.tables.table_schemas import CurrencySchema
from service.players.casino_settings import BASIS_POINTS, LUCK_THRESHOLD_RANGE, MAX_THRESHOLD

COMP_RATE_HELP = "the comp rate in basis points, hundredths of a percent of the theoretical win: 2000 is 20 %"
LUCK_HELP = (
    "game protection's results beyond luck: an alert when the house's z falls below minus this, "
    "in hundredths of a standard deviation: 400 is 4"
)


class ThresholdsSchema(Schema):
    currency = api_fields.nested(CurrencySchema, "the currency the thresholds count the minor unit of")
    log_threshold = api_fields.money(
        "a cash buy-in of at least this goes into the multiple transaction log (minor units)"
    )
    report_threshold = api_fields.money(
        "a player's cash in over a gaming day passing this needs their identification (minor units)"
    )
    default = api_fields.flag(
        "true: no version named this currency, the rule book's 3,000 and 10,000 of it hold"
    )


class CasinoSettingsSchema(Schema):
    version = api_fields.integer("0: the rule book's defaults, none saved; then one more each change")
    comp_rate_basis_points = api_fields.integer(COMP_RATE_HELP)
    comp_rate = api_fields.text('the comp rate as an exact fraction, e.g. "1/5"')
    thresholds = api_fields.nested_list(
        ThresholdsSchema,
        "the cash rules' thresholds a currency: the default currency's first when no version named it; "
        "a currency not listed has the rule book's 3,000 and 10,000 of it",
    )
    luck_threshold_hundredths = api_fields.integer(LUCK_HELP)
    created_at = api_fields.instant("when this version was saved (null: the defaults)", allow_none=True)
    created_by = api_fields.text("the name of who saved it (null: the defaults)", allow_none=True)


def _threshold(description: str) -> fields.Integer:
    return fields.Integer(
        required=True,
        validate=validate.Range(min=0, max=MAX_THRESHOLD),
        metadata={"description": description},
    )


class ThresholdsChangeSchema(StrictSchema):
    currency = api_fields.sized_text(3, 3, "ISO 4217 code, e.g. USD")
    log_threshold = _threshold("minor units of the currency, at most report_threshold")
    report_threshold = _threshold("minor units of the currency")


class CasinoSettingsChangeSchema(StrictSchema):
    comp_rate_basis_points = fields.Integer(
        validate=validate.Range(min=0, max=BASIS_POINTS),
        metadata={"description": f"{COMP_RATE_HELP}, 0 to 10000"},
    )
    thresholds = fields.List(
        fields.Nested(ThresholdsChangeSchema),
        validate=validate.Length(max=50),
        metadata={"description": "the thresholds of these currencies; the others keep theirs"},
    )
    luck_threshold_hundredths = fields.Integer(
        validate=validate.Range(min=LUCK_THRESHOLD_RANGE[0], max=LUCK_THRESHOLD_RANGE[1]),
        metadata={"description": f"{LUCK_HELP}; 100 to 10000"},
    )


class ThresholdsChangeJson(TypedDict):
    currency: str
    log_threshold: int
    report_threshold: int


class CasinoSettingsChangeJson(TypedDict):
    comp_rate_basis_points: NotRequired[int]
    thresholds: NotRequired[list[ThresholdsChangeJson]]
    luck_threshold_hundredths: NotRequired[int]
