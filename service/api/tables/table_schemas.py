"""Schemas of a table: its creation, its configuration and schedule
changed, the table as shown, and the house way asked for."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.config.currency import CurrencyJson
from service.engine.break_bonus import BreakBonusCategory
from service.engine.dealing import DealStyle
from service.engine.table_config import MAX_SEATS, BetType, FoulPolicy
from service.store.models import DEFAULT_SHIFT_STARTS
from service.tables.deal_order import DealOrderJson
from service.tables.gaming_day import MAX_SHIFTS
from service.tables.status import TableStatus
from service.tables.table_json import TableJson
from service.tables.versions import SHIFT_STARTS_HELP
from service.tables.views import BetJson, ConfigJson


def config_change_doc() -> dict[str, Any]:
    """What the OpenAPI document says a ``config`` sent in may hold. Only
    said: the field stays a dict, so the rules (TableConfig.from_json) check
    it and answer with their own codes, as they always have."""
    pair = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
    return {
        "type": "object",
        "properties": {
            "seats": {"type": "integer", "minimum": 1, "maximum": MAX_SEATS},
            "limits": {
                "type": "object",
                "description": "[minimum, maximum] of a bet, minor units (cents); bets left out keep theirs",
                "properties": {bet.value: pair for bet in BetType},
            },
            "foul_policy": {"type": "string", "enum": [policy.value for policy in FoulPolicy]},
            "break_bonus_pays": {
                "type": "object",
                "description": "odds to 1 of each Break Bonus category: a pay table names all five",
                "properties": {category.value: {"type": "integer"} for category in BreakBonusCategory},
                "required": [category.value for category in BreakBonusCategory],
            },
            "dealer_qualifier": {"type": "string", "description": 'e.g. "K-3-2"'},
        },
    }


SHIFT_STARTS_DOC = {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_SHIFTS}


class TableCreateSchema(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    currency = fields.String(
        metadata={
            "description": "ISO 4217 code of the currency every amount of the table counts the minor "
            "unit of (JPY: yen, USD: cents); fixed once the table is created; default "
            "BREAKPOKER_CURRENCY (USD)",
            "example": "USD",
        }
    )
    timezone = fields.String(load_default="UTC", metadata={"description": "IANA zone of the casino"})
    # Raw, not a List: check_shift_starts answers a bad one with its own message.
    shift_starts = fields.Raw(
        load_default=lambda: list(DEFAULT_SHIFT_STARTS),
        metadata={"description": SHIFT_STARTS_HELP, **SHIFT_STARTS_DOC},
    )
    config = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": "table configuration fields as in the rule book; omitted fields keep defaults",
            **config_change_doc(),
        },
    )


class TableCreateJson(TypedDict):
    name: str
    currency: NotRequired[str]
    timezone: str
    shift_starts: Any  # Raw: the tables module checks it and names the field
    config: dict[str, object]


class ScheduleChangeSchema(StrictSchema):
    timezone = fields.String(metadata={"description": "IANA zone of the casino"})
    shift_starts = fields.Raw(metadata={"description": SHIFT_STARTS_HELP, **SHIFT_STARTS_DOC})


class ScheduleChangeJson(TypedDict, total=False):
    timezone: str
    shift_starts: Any  # Raw: the tables module checks it and names the field


class ConfigChangeSchema(StrictSchema):
    config = fields.Dict(
        keys=fields.String(),
        required=True,
        metadata={"description": "the fields to change (rule book names)", **config_change_doc()},
    )


class ConfigChangeJson(TypedDict):
    config: dict[str, object]


def _limits_schema() -> type[Schema]:
    """A [minimum, maximum] for each bet, named as BetType names them."""
    limits: dict[str, fields.Field[Any]] = {
        bet.value: fields.List(
            fields.Integer(),
            required=True,
            validate=validate.Length(equal=2),
            metadata={"description": f"the {bet.label.name} bet's [minimum, maximum], minor units (cents)"},
        )
        for bet in BetType
    }
    return Schema.from_dict(limits, name="LimitsSchema")


def _pays_schema() -> type[Schema]:
    """The odds of each Break Bonus category, as BreakBonusCategory names them."""
    pays: dict[str, fields.Field[Any]] = {
        category.value: fields.Integer(
            required=True, metadata={"description": f"{category.label}: pays this many to 1"}
        )
        for category in BreakBonusCategory
    }
    return Schema.from_dict(pays, name="BreakBonusPaysSchema")


ConfigSchema = answer(
    ConfigJson,
    "ConfigSchema",
    limits=fields.Nested(_limits_schema(), metadata={"description": "each bet's table minimum and maximum"}),
    foul_policy=fields.String(
        validate=validate.OneOf([policy.value for policy in FoulPolicy]),
        metadata={"description": "what a fouled player setting leads to (rule book section 8)"},
    ),
    break_bonus_pays=fields.Nested(
        _pays_schema(), metadata={"description": "the Break Bonus odds of each category"}
    ),
    dealer_qualifier=fields.String(
        metadata={"description": 'the lowest high hand the dealer qualifies with, e.g. "K-3-2"'}
    ),
)


BetSchema = answer(
    BetJson,
    "BetSchema",
    key=api_fields.choice(
        [bet.value for bet in BetType], "the bet's name in a round's bets, the limits and a settlement"
    ),
)


DealOrderSchema = answer(
    DealOrderJson,
    "DealOrderSchema",
    style=api_fields.choice(
        [style.value for style in DealStyle],
        "consecutive: seven cards a hand; round_robin: a card to each hand in turn",
    ),
)


CurrencySchema = answer(CurrencyJson, "CurrencySchema")


TableSchema = answer(
    TableJson,
    "TableSchema",
    status=api_fields.choice(
        [status.value for status in TableStatus],
        "open: a session is open (its tray counted), closed: none is",
    ),
    config_created_at=fields.DateTime(metadata={"description": "when the current version was saved"}),
)


class PlayerSettingSchema(StrictSchema):
    low = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    high = fields.List(fields.String(), required=True, validate=validate.Length(equal=3))


class HouseWayInSchema(StrictSchema):
    cards = fields.List(fields.String(), required=True, validate=validate.Length(equal=7))
    setting = fields.Nested(
        PlayerSettingSchema, metadata={"description": "a player's own low and high: is it a foul?"}
    )


class PlayerSettingJson(TypedDict):
    low: list[str]
    high: list[str]


class HouseWayInJson(TypedDict):
    cards: list[str]
    setting: NotRequired[PlayerSettingJson]
