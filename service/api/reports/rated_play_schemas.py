"""Schemas of the floor's rated-play report: what it asks (a period and the
tables, as the floor report) and what it answers (a rating slip's figures
per table, per dealer and for the floor, with the share of handle rated)."""

from __future__ import annotations

from typing import NotRequired

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.reports.report_query_schemas import PeriodQueryJson, _PeriodQuery
from service.api.reports.report_schemas import _HeaderSchema
from service.api.tables.table_schemas import CurrencySchema
from service.reports.rated_play import HandleJson, PartsJson, RatedDealerJson, RatedTableJson, RatedUnitsJson


class RatedPlayQuerySchema(_PeriodQuery):
    tables = fields.String(metadata={"description": "table ids separated by commas; default every table"})


class RatedPlayQueryJson(PeriodQueryJson):
    tables: NotRequired[str]


_HandleSchema = answer(HandleJson, "_HandleSchema")


_PartsSchema = answer(PartsJson, "_PartsSchema")


class RatedLineSchema(Schema):
    rated_rounds = api_fields.integer("rated seats of the rounds that count, with their values stored")
    pending_rounds = api_fields.integer("rated seats that count whose values the figures still wait for")
    handle = api_fields.nested(_HandleSchema, "the rated handle per bet")
    rated_handle = api_fields.money("the rated handle of the three bets")
    all_handle = api_fields.money("the handle of all play at the same tables and dealers")
    rated_share = api_fields.number("rated_handle ÷ all_handle; null with no handle", allow_none=True)
    average_bet = api_fields.money("rated handle ÷ rated rounds, halves to even", allow_none=True)
    theoretical_win = api_fields.money("halves to even")
    actual_win = api_fields.money("the house's: −Σ the rated players' nets")
    parts = api_fields.nested(_PartsSchema, "the actual win's four parts: they add up to it exactly")
    player_cards_sd = api_fields.number(
        "the player's-cards part's exact standard deviation; null without a card spread", allow_none=True
    )
    dealer_cards_sd = api_fields.number("the dealer's-cards part's exact standard deviation")
    sd_missing = api_fields.text("why player_cards_sd is null; else null", allow_none=True)
    comps = api_fields.money("the comp rate of the exact theoretical win, rounded down")


RatedTableSchema = answer(RatedTableJson, "RatedTableSchema")


RatedDealerSchema = answer(RatedDealerJson, "RatedDealerSchema")


_RatedUnitsSchema = answer(RatedUnitsJson, "_RatedUnitsSchema")


class RatedPlaySchema(_HeaderSchema):
    currency = api_fields.nested(
        CurrencySchema, "the currency of every amount (null: no tables)", allow_none=True
    )
    comp_rate = api_fields.text("the casino's comp rate, a percentage, exact (20, 25/2)")
    units = api_fields.nested(_RatedUnitsSchema, "what the figures mean")
    floor = api_fields.nested(RatedLineSchema, "every table of the report together")
    tables = api_fields.nested_list(
        RatedTableSchema, "per table with rated or other play, in the scope's order"
    )
    dealers = api_fields.nested_list(RatedDealerSchema, "per dealer with rated or other play, by name")
