"""The currencies a table may be kept in (ISO 4217), for the pages that
create tables: a list to choose from, with the floor's default marked."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import Schema

from service.api.http import fields as api_fields
from service.api.http.blueprint import Blueprint
from service.api.http.security import ANY_ROLE, roles
from service.api.http.work import settings
from service.config.currency import CURRENCIES

blp = Blueprint("currencies", __name__, url_prefix="/currencies", description="Currencies a table may use")


class CurrencyChoiceJson(TypedDict):
    code: str
    minor_unit: int
    name: str
    default: bool


class CurrencyChoiceSchema(Schema):
    code = api_fields.text("ISO 4217 code, e.g. USD, JPY, KWD")
    minor_unit = api_fields.integer("digits after the point (ISO 4217): 2 for USD, 0 for JPY")
    name = api_fields.text("the currency's name, e.g. US Dollar")
    default = api_fields.flag("the floor's default (BREAKPOKER_CURRENCY): a new table's")


@blp.route("", methods=["GET"])
@blp.response(200, CurrencyChoiceSchema(many=True))
@roles(*ANY_ROLE)
def currencies_view() -> list[CurrencyChoiceJson]:
    """Every currency a table may be created in, by code."""
    default = settings().currency.code
    return [
        {"code": code, "minor_unit": unit, "name": name, "default": code == default}
        for code, (unit, name) in sorted(CURRENCIES.items())
    ]
