"""Schemas of a report's expected win from the hands dealt
(:mod:`service.reports.expected_win`): per bet the expected win and its
band beside the par sheet's, and what the players' own settings cost them
per dealer and per table. Money is integer minor units, rounded at the
edge; each rounded figure has its exact value beside it as a fraction."""

from __future__ import annotations

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import per_bet
from service.reports.expected_win import (
    BandJson,
    DealerCostJson,
    ExpectedBetJson,
    ExpectedWinJson,
    SettingsCostJson,
    TableCostJson,
)

BandSchema = answer(BandJson, "BandSchema")


ExpectedBetSchema = answer(ExpectedBetJson, "ExpectedBetSchema")


SettingsCostSchema = answer(SettingsCostJson, "SettingsCostSchema")


DealerCostSchema = answer(DealerCostJson, "DealerCostSchema")


TableCostSchema = answer(TableCostJson, "TableCostSchema")


ExpectedBetsSchema = per_bet(ExpectedBetSchema, "ExpectedBetsSchema")


ExpectedWinSchema = answer(
    ExpectedWinJson,
    "ExpectedWinSchema",
    bets=api_fields.nested(ExpectedBetsSchema, "per bet"),
)
