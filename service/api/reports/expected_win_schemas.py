"""Schemas of a report's expected win from the hands dealt
(:mod:`service.reports.expected_win`): per bet the expected win and its
band beside the par sheet's, and what the players' own settings cost them
per dealer and per table. Money is integer minor units, rounded at the
edge; each rounded figure has its exact value beside it as a fraction."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import per_bet
from service.reports.expected_win import DealerCostJson, ExpectedBetJson, ExpectedWinJson, TableCostJson

EXACT = "the exact value, minor units, as numerator/denominator"


def _exact(of: str) -> fields.String:
    return api_fields.text(f"{of}: {EXACT}")


class BandSchema(Schema):
    """The whole minor units inside expected win ± band_z × sd_bound."""

    low = api_fields.money("the lowest win inside, minor units")
    high = api_fields.money("the highest win inside, minor units")


ExpectedBetSchema = answer(
    ExpectedBetJson,
    "ExpectedBetSchema",
    band=api_fields.nested(BandSchema, "expected win ± band_z × sd_bound, minor units"),
    narrower=api_fields.choice(
        ("hands_dealt", "par_sheet"),
        "which band is narrower: hands_dealt or par_sheet; null: theory pending",
        allow_none=True,
    ),
)


class SettingsCostSchema(Schema):
    """What the players' own settings cost them on the Main Bet, over the
    counting seats with values (a foul counts as settled)."""

    seats_with_values = api_fields.integer("counting seats whose expected values are stored")
    seats_without_values = api_fields.integer(
        "counting seats the job has not valued yet (or cannot: table not built)"
    )
    main_handle = api_fields.money("the Main Bet stakes of the seats with values, minor units")
    against_best = api_fields.money("Σ stake × (EV of the best setting − EV played), rounded minor units")
    against_best_exact = _exact("against_best")
    against_best_rate = api_fields.number("against_best / main_handle; null when it is 0", allow_none=True)
    against_house_way = api_fields.money(
        "Σ stake × (EV of the house way − EV of the setting played), rounded minor units: "
        "negative when the players set better than the house way"
    )
    against_house_way_exact = _exact("against_house_way")
    against_house_way_rate = api_fields.number(
        "against_house_way / main_handle; null when it is 0", allow_none=True
    )


DealerCostSchema = answer(DealerCostJson, "DealerCostSchema")


TableCostSchema = answer(TableCostJson, "TableCostSchema")


ExpectedBetsSchema = per_bet(ExpectedBetSchema, "ExpectedBetsSchema")


ExpectedWinSchema = answer(
    ExpectedWinJson,
    "ExpectedWinSchema",
    bets=api_fields.nested(ExpectedBetsSchema, "per bet"),
    settings_cost=api_fields.nested(SettingsCostSchema, "the players' settings, the whole scope"),
)
