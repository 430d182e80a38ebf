"""A player's comps as answered (balances a currency, redemptions the
newest first) and what a redemption sends; money in whole minor units of
the currency named beside it."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.accounting.accounting_schemas import SignatureInJson, SignatureInSchema
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.players.buy_ins import MAX_AMOUNT
from service.players.comps import MAX_REASON, CompBalanceJson, PlayerCompsJson, RedemptionJson

CompBalanceSchema = answer(CompBalanceJson, "CompBalanceSchema")


CompRedemptionSchema = answer(RedemptionJson, "CompRedemptionSchema")


PlayerCompsSchema = answer(PlayerCompsJson, "PlayerCompsSchema")


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
