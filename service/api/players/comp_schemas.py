"""A player's comps as answered (balances a currency, redemptions the
newest first) and what a redemption sends; money in whole minor units of
the currency named beside it."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.accounting.accounting_schemas import SignatureInJson, SignatureInSchema
from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.players.buy_ins import MAX_AMOUNT
from service.players.comps import MAX_REASON


def _of(field: fields.Field[Any], attribute: str) -> Any:
    """``field`` read from another attribute of the value (a dotted path)."""
    field.attribute = attribute
    return field


class CompBalanceSchema(Schema):
    currency = _of(
        api_fields.text("ISO 4217 code of the currency: the amounts count its minor unit"), "currency.code"
    )
    minor_unit = _of(
        api_fields.integer("the currency's digits after the point (USD 2, JPY 0)"), "currency.minor_unit"
    )
    earned = api_fields.money(
        "what the player's closed ratings earned at this currency's tables, each the comp rate in force at "
        "its seat-out × its theoretical win, rounded down; a rating whose figures still wait for rounds' "
        "values has earned nothing yet (pending_ratings)"
    )
    redeemed = api_fields.money("what was redeemed in this currency")
    balance = api_fields.money("earned − redeemed (negative when a void lowered what was earned)")
    pending_ratings = api_fields.integer("closed ratings whose figures wait: not in earned yet")


class CompRedemptionSchema(Schema):
    id = api_fields.integer("the redemption's id")
    amount = api_fields.money("the amount redeemed, minor units")
    currency = _of(api_fields.text("ISO 4217 code of its currency"), "currency.code")
    minor_unit = _of(api_fields.integer("the currency's digits after the point"), "currency.minor_unit")
    reason = api_fields.text("what the comps were redeemed for")
    redeemed_at = api_fields.instant("when (ISO 8601, UTC)")
    redeemed_by = api_fields.text("the pit boss who redeemed them")
    cosigned_by = api_fields.text("the second pit boss who signed (null: none)", allow_none=True)
    balance = api_fields.money("the balance in its currency it was held against, before it")


class PlayerCompsSchema(Schema):
    club_number = api_fields.text("the player's club number")
    balances = api_fields.nested_list(CompBalanceSchema, "the balance in each currency, by code")
    redemptions = api_fields.nested_list(CompRedemptionSchema, "every redemption, the newest first")


class CompRedemptionInSchema(StrictSchema):
    amount = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_AMOUNT),
        metadata={"description": "the amount to redeem, whole minor units, more than 0"},
    )
    currency = fields.String(
        required=True,
        validate=validate.Length(equal=3),
        metadata={"description": "ISO 4217 code of the balance to redeem from", "example": "USD"},
    )
    reason = api_fields.sized_text(1, MAX_REASON, "what the comps are redeemed for (a meal, a room)")
    cosigner = fields.Nested(
        SignatureInSchema,
        metadata={"description": "a second pit boss's signature: required past the balance"},
    )


class CompRedemptionInJson(TypedDict):
    amount: int
    currency: str
    reason: str
    cosigner: NotRequired[SignatureInJson]
