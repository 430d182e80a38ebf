"""The casino's settings for comps and the cash rules as JSON: a version as
shown, and a change as sent."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.players.casino_settings import (
    BASIS_POINTS,
    LUCK_THRESHOLD_RANGE,
    MAX_THRESHOLD,
    CasinoSettingsJson,
    ThresholdsJson,
)

COMP_RATE_HELP = "the comp rate in basis points, hundredths of a percent of the theoretical win: 2000 is 20 %"
LUCK_HELP = (
    "game protection's results beyond luck: an alert when the house's z falls below minus this, "
    "in hundredths of a standard deviation: 400 is 4"
)


ThresholdsSchema = answer(ThresholdsJson, "ThresholdsSchema")


CasinoSettingsSchema = answer(CasinoSettingsJson, "CasinoSettingsSchema")


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
