"""Schemas of a report's expected win from the hands dealt
(:mod:`service.reports.expected_win`): per bet the expected win and its
band beside the par sheet's, and what the players' own settings cost them
per dealer and per table. Money is integer minor units, rounded at the
edge; each rounded figure has its exact value beside it as a fraction."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.tables.table_schemas import per_bet

EXACT = "the exact value, minor units, as numerator/denominator"


def _integer(description: str) -> fields.Integer:
    return fields.Integer(required=True, metadata={"description": description})


def _exact(of: str) -> fields.String:
    return fields.String(required=True, metadata={"description": f"{of}: {EXACT}"})


def _rate(description: str) -> fields.Float:
    return fields.Float(required=True, allow_none=True, metadata={"description": description})


class BandSchema(Schema):
    """The whole minor units inside expected win ± band_z × sd_bound."""

    low = _integer("the lowest win inside, minor units")
    high = _integer("the highest win inside, minor units")


class ExpectedBetSchema(Schema):
    expected_win = _integer(
        "Σ stake × (−EV) over the counting seats with values: the house's expected win given the "
        "players' cards, rounded to the minor unit (halves away from zero)"
    )
    expected_win_exact = _exact("expected_win")
    sd_bound = fields.Float(
        required=True,
        metadata={"description": "upper bound of the win's sd, minor units (see band_method)"},
    )
    band = fields.Nested(
        BandSchema, required=True, metadata={"description": "expected win ± band_z × sd_bound, minor units"}
    )
    par_sheet_sd = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "the par sheets' theoretical_win_sd of the bet line; null: theory pending"},
    )
    narrower = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(("hands_dealt", "par_sheet")),
        metadata={"description": "which band is narrower: hands_dealt or par_sheet; null: theory pending"},
    )


class SettingsCostSchema(Schema):
    """What the players' own settings cost them on the Main Bet, over the
    counting seats with values (a foul counts as settled)."""

    seats_with_values = _integer("counting seats whose expected values are stored")
    seats_without_values = _integer("counting seats the job has not valued yet (or cannot: table not built)")
    main_handle = _integer("the Main Bet stakes of the seats with values, minor units")
    against_best = _integer("Σ stake × (EV of the best setting − EV played), rounded minor units")
    against_best_exact = _exact("against_best")
    against_best_rate = _rate("against_best / main_handle; null when it is 0")
    against_house_way = _integer(
        "Σ stake × (EV of the house way − EV of the setting played), rounded minor units: "
        "negative when the players set better than the house way"
    )
    against_house_way_exact = _exact("against_house_way")
    against_house_way_rate = _rate("against_house_way / main_handle; null when it is 0")


class DealerCostSchema(SettingsCostSchema):
    dealer_id = _integer("the dealer's user id (who entered the rounds)")
    name = fields.String(required=True, metadata={"description": "the dealer's name"})


class TableCostSchema(SettingsCostSchema):
    table_id = _integer("the table's id")
    name = fields.String(required=True, metadata={"description": "the table's name"})


ExpectedBetsSchema = per_bet(ExpectedBetSchema, "ExpectedBetsSchema")


class ExpectedWinSchema(Schema):
    """The expected win from the hands dealt: what the house should have won
    given the cards the players received, only the dealer's cards left to
    chance (rule book section 12)."""

    rounds_with_values = _integer("counting rounds whose expected values are stored")
    rounds_without_values = _integer("counting rounds the job has not valued yet")
    seats_with_values = _integer("their seats")
    seats_without_values = _integer("the seats of the rounds without values")
    band_z = fields.Float(required=True, metadata={"description": "the band's multiple of sd_bound (2)"})
    band_method = fields.String(required=True, metadata={"description": "how the band is computed, in words"})
    bets = fields.Nested(ExpectedBetsSchema, required=True, metadata={"description": "per bet"})
    settings_cost = fields.Nested(
        SettingsCostSchema, required=True, metadata={"description": "the players' settings, the whole scope"}
    )
    dealers = fields.List(
        fields.Nested(DealerCostSchema), required=True, metadata={"description": "per dealer, by name"}
    )
    tables = fields.List(
        fields.Nested(TableCostSchema), required=True, metadata={"description": "per table, by name"}
    )
