"""Marshmallow schemas: request checking and the OpenAPI document."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from service.accounts.roles import ROLES
from service.engine.table_config import BetType
from service.store.models import DEFAULT_SHIFT_STARTS
from service.tables.gaming_day import MAX_SHIFTS

SHIFT_STARTS_HELP = (
    'local times HH:MM each shift starts, in order; the first starts the gaming day (default ["06:00", '
    '"14:00", "22:00"])'
)


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class LoginSchema(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    password = fields.String(required=True, validate=validate.Length(min=1, max=1000))


class SignInSchema(Schema):
    token = fields.String(required=True)
    expires_at = fields.DateTime(required=True)
    name = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(ROLES))


class TableCreateSchema(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    timezone = fields.String(load_default="UTC", metadata={"description": "IANA zone of the casino"})
    shift_starts = fields.Raw(
        load_default=lambda: list(DEFAULT_SHIFT_STARTS),
        metadata={"description": SHIFT_STARTS_HELP},
    )
    config = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": "table configuration fields as in the rule book; omitted fields keep defaults"
        },
    )


class ScheduleChangeSchema(StrictSchema):
    timezone = fields.String(metadata={"description": "IANA zone of the casino"})
    shift_starts = fields.Raw(metadata={"description": SHIFT_STARTS_HELP})


class ConfigChangeSchema(StrictSchema):
    config = fields.Dict(keys=fields.String(), required=True)


class ConfigSchema(Schema):
    version = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    limits = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()))
    foul_policy = fields.String()
    break_bonus_pays = fields.Dict(keys=fields.String(), values=fields.Integer())
    dealer_qualifier = fields.String()


class BetSchema(Schema):
    key = fields.String(
        required=True,
        validate=validate.OneOf([bet.value for bet in BetType]),
        metadata={"description": "the bet's name in a round's bets, the limits and a settlement"},
    )
    name = fields.String(required=True, metadata={"description": "the bet's name in full, as people read it"})
    short = fields.String(
        required=True, metadata={"description": "a short label for a column or a seat's field (DBB)"}
    )
    required = fields.Boolean(
        required=True, metadata={"description": "whether every playing seat must place it"}
    )


class TableSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True)
    timezone = fields.String(required=True)
    shift_starts = fields.List(fields.String(), required=True)
    config = fields.Nested(ConfigSchema, required=True)
    config_created_at = fields.DateTime()
    bets = fields.List(
        fields.Nested(BetSchema),
        required=True,
        metadata={"description": "the game's bets, in the order a page lists them"},
    )
    seat_numbers = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "the table's seats, 1 to config.seats: where a seat can play"},
    )


class ConfigPreviewSchema(Schema):
    config = fields.Nested(ConfigSchema, required=True)
    break_bonus_house_edge = fields.Float(
        required=True, metadata={"description": "as a fraction, house ahead > 0"}
    )
    break_bonus_house_edge_exact = fields.String(required=True)


class PlayerSettingSchema(StrictSchema):
    low = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    high = fields.List(fields.String(), required=True, validate=validate.Length(equal=3))


class HouseWayInSchema(StrictSchema):
    cards = fields.List(fields.String(), required=True, validate=validate.Length(equal=7))
    setting = fields.Nested(
        PlayerSettingSchema, metadata={"description": "a player's own low and high: is it a foul?"}
    )


class RoundsQuerySchema(StrictSchema):
    from_ = fields.Date(data_key="from", metadata={"description": "first gaming day"})
    to = fields.Date(metadata={"description": "last gaming day"})
    shift = fields.Integer(validate=validate.Range(min=1, max=MAX_SHIFTS))
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


def per_bet(inner: type[Schema], name: str) -> type[Schema]:
    """A schema of one required ``inner`` for each bet, named as BetType
    names them: the bets are listed once, in the engine."""
    nested: dict[str, fields.Field[Any]] = {
        bet.value: fields.Nested(inner, required=True, metadata={"description": f"the {bet.label.name} bet"})
        for bet in BetType
    }
    return Schema.from_dict(nested, name=name)


class BetsSchema(StrictSchema):
    main = fields.Integer(required=True, metadata={"description": "the Main Bet, minor units (cents)"})
    dealer_break_bonus = fields.Integer(metadata={"description": "minor units; left out or 0: not placed"})
    break_bonus = fields.Integer(metadata={"description": "minor units; left out or 0: not placed"})


class RoundSeatInSchema(StrictSchema):
    seat = fields.Integer(required=True, metadata={"description": "the seat's number at the table"})
    cards = fields.List(fields.String(), required=True, metadata={"description": "the player's seven cards"})
    setting = fields.Raw(metadata={"description": '"house_way" or {"low": [2 cards], "high": [3 cards]}'})
    bets = fields.Nested(BetsSchema, required=True, metadata={"description": "the stakes"})


class RoundInSchema(StrictSchema):
    """The shape ``breakpoker settle`` reads, without ``config`` (the table's)."""

    round_id = fields.String(required=True, metadata={"description": "string of 1-100 characters"})
    dealer = fields.List(fields.String(), required=True)
    seats = fields.List(fields.Nested(RoundSeatInSchema), required=True)
