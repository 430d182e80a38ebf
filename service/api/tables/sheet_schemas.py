"""Schemas of what a table's rules work out to: the house way of seven cards
and the exact par sheet (so the OpenAPI document shows the whole shape)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from service.analysis.par_sheet import EXACT_FIGURES, BetOutcomeJson, BetSheetJson, DealsJson, OutcomeLineJson
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.tables.table_schemas import ConfigSchema
from service.engine.table_config import BetType
from service.rounds.house_way_report import HandJson, HouseWayReportJson, SettingReportJson

HandSchema = answer(HandJson, "HandSchema")


SettingCheckSchema = answer(SettingReportJson, "SettingCheckSchema")


HouseWaySchema = answer(
    HouseWayReportJson,
    "HouseWaySchema",
    setting=fields.Nested(SettingCheckSchema, metadata={"description": "the player's own setting, if sent"}),
)


OutcomeLineSchema = answer(OutcomeLineJson, "OutcomeLineSchema")


BetOutcomeSchema = answer(BetOutcomeJson, "BetOutcomeSchema")


BetSheetSchema = answer(BetSheetJson, "BetSheetSchema")


DealsSchema = answer(DealsJson, "DealsSchema")


class DottedKeys(Schema):
    """Its fields' names hold a dot ("main.win"), which marshmallow would
    otherwise read as a path into a nested value."""

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        return obj.get(attr, default)


def _exact_schema() -> type[Schema]:
    """The sheet's exact figures, named as the par sheet names them."""
    exact: dict[str, fields.Field[Any]] = {
        "lucky_break_probability": fields.String(
            required=True, metadata={"description": "of a seven-card hand, a fraction"}
        ),
        "dealer_qualifies_probability": fields.String(required=True, metadata={"description": "a fraction"}),
    }
    for bet in BetType:
        for figure in EXACT_FIGURES:
            exact[f"{bet.value}.{figure}"] = fields.String(
                required=True, metadata={"description": f"the {bet.label.name} bet's {figure}, a fraction"}
            )
    return DottedKeys.from_dict(exact, name="ExactFiguresSchema")


class ParSheetSchema(Schema):
    format = api_fields.integer("the sheet's JSON format")
    config_digest = api_fields.text("SHA-256 of the rules the sheet is of")
    config = api_fields.nested(ConfigSchema, "the configuration the sheet is of")
    deals = api_fields.nested(DealsSchema, "how many deals the counts are of")
    main = api_fields.nested(BetSheetSchema, "the Main Bet's sheet")
    dealer_break_bonus = api_fields.nested(BetSheetSchema, "the Dealer Break Bonus's sheet")
    break_bonus = api_fields.nested(BetSheetSchema, "the Break Bonus's sheet")
    lucky_break_probability = api_fields.number("of a seven-card hand")
    dealer_qualifies_probability = api_fields.number("of the dealer's house way")
    house_way_rules = api_fields.nested_list(OutcomeLineSchema, "how often each house-way rule fires")
    exact = api_fields.nested(_exact_schema(), 'the figures as exact fractions ("p/q")')
    seconds = api_fields.number("what the exact computation took")
    optimal_strategy = api_fields.nested(
        "OptimalStrategySchema", "the Main Bet with the player setting optimally, or its table's progress"
    )


class ParSheetPendingSchema(Schema):
    status = api_fields.text("computing")
    config_version = api_fields.integer("the version being computed")
