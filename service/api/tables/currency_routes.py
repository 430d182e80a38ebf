"""The currencies a table may be kept in (ISO 4217), for the pages that
create tables: a list to choose from, with the floor's default marked."""

from __future__ import annotations

from service.api.http.answers import answer
from service.api.http.blueprint import Blueprint
from service.api.http.security import ANY_ROLE, roles
from service.api.http.work import settings
from service.config.currency import CurrencyChoiceJson, currency_choices

blp = Blueprint("currencies", __name__, url_prefix="/currencies", description="Currencies a table may use")


CurrencyChoiceSchema = answer(CurrencyChoiceJson, "CurrencyChoiceSchema")


@blp.route("", methods=["GET"])
@blp.response(200, CurrencyChoiceSchema(many=True))
@roles(*ANY_ROLE)
def currencies_view() -> list[CurrencyChoiceJson]:
    """Every currency a table may be created in, by code."""
    return currency_choices(settings().currency.code)
