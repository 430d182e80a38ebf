"""Schemas of the floor's rated-play report: what it asks (a period and the
tables, as the floor report) and what it answers (a rating slip's figures
per table, per dealer and for the floor, with the share of handle rated)."""

from __future__ import annotations

from typing import NotRequired

from marshmallow import fields

from service.api.http.answers import answer
from service.api.reports.report_query_schemas import PeriodQueryJson, _PeriodQuery
from service.api.reports.report_schemas import header_fields
from service.reports.rated_play import (
    HandleJson,
    PartsJson,
    RatedDealerJson,
    RatedLineJson,
    RatedPlayJson,
    RatedTableJson,
    RatedUnitsJson,
)


class RatedPlayQuerySchema(_PeriodQuery):
    tables = fields.String(metadata={"description": "table ids separated by commas; default every table"})


class RatedPlayQueryJson(PeriodQueryJson):
    tables: NotRequired[str]


_HandleSchema = answer(HandleJson, "_HandleSchema")


_PartsSchema = answer(PartsJson, "_PartsSchema")


RatedLineSchema = answer(RatedLineJson, "RatedLineSchema")


RatedTableSchema = answer(RatedTableJson, "RatedTableSchema")


RatedDealerSchema = answer(RatedDealerJson, "RatedDealerSchema")


_RatedUnitsSchema = answer(RatedUnitsJson, "_RatedUnitsSchema")


RatedPlaySchema = answer(RatedPlayJson, "RatedPlaySchema", **header_fields())
