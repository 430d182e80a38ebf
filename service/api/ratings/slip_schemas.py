"""Schemas of a rating's slip and of a player's figures (rule book section
14), every field described: money in whole minor units, each rounded once
from the exact sums the workers keep; standard deviations as numbers."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.paging import MAX_CURSOR, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.players.player_figures import CurrencyFiguresJson, Period, PlayerFiguresJson
from service.players.rating_feed import RatingFeedJson
from service.players.rating_lists import FloorRatingJson
from service.players.slip_json import RatedFiguresJson, RatedHandleJson, SlipJson
from service.store.paging import Order

RatedHandleSchema = answer(RatedHandleJson, "RatedHandleSchema")


RatedFiguresSchema = answer(RatedFiguresJson, "RatedFiguresSchema")


RatingSlipSchema = answer(SlipJson, "RatingSlipSchema")


class PlayerFiguresQuerySchema(StrictSchema):
    period = fields.Enum(
        Period,
        by_value=True,
        load_default=Period.LIFETIME,
        metadata={"description": "day (the last 24 hours), 30d (the last 30 days) or lifetime (the default)"},
    )


class PlayerFiguresQueryJson(TypedDict):
    period: Period


CurrencyFiguresSchema = answer(CurrencyFiguresJson, "CurrencyFiguresSchema")


PlayerFiguresSchema = answer(PlayerFiguresJson, "PlayerFiguresSchema")


class RatingFeedQuerySchema(StrictSchema):
    after = fields.String(
        validate=validate.Length(min=1, max=MAX_CURSOR),
        metadata={
            "description": "the position to read on from: the next of the page before (opaque); "
            "none: from the feed's first entry"
        },
    )
    limit = api_fields.bounded(1, 500, "ratings a page", default=100)


class RatingFeedQueryJson(TypedDict):
    after: NotRequired[str]
    limit: int


RatingFeedSchema = answer(RatingFeedJson, "RatingFeedSchema")


FloorRatingSchema = answer(FloorRatingJson, "FloorRatingSchema")


class PlayerRatingsQuerySchema(StrictSchema):
    limit = api_fields.bounded(1, 200, "ratings a page", default=25)
    order = order_field(Order.NEWEST, "ratings (by when they were started)")
    cursor = cursor_field()


class PlayerRatingsQueryJson(TypedDict):
    limit: int
    order: str
    cursor: NotRequired[str]
