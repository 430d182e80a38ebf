"""Schemas of a rating's slip and of a player's figures (rule book section
14), every field described: money in whole minor units, each rounded once
from the exact sums the workers keep; standard deviations as numbers."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from marshmallow import Schema, fields, validate

from service.api.http import fields as api_fields
from service.api.http.paging import MAX_CURSOR, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.api.ratings.rating_schemas import RatingCorrectionSchema, RatingSchema
from service.api.tables.table_schemas import CurrencySchema
from service.players.player_figures import Period
from service.players.rating_values import RatingState
from service.store.paging import Order


def _at(field: fields.Field[Any], attribute: str) -> Any:
    """``field`` read from another attribute of the value (a dotted path)."""
    field.attribute = attribute
    return field


class RatedHandleSchema(Schema):
    main = api_fields.money("the Main Bet's handle, minor units")
    dealer_break_bonus = api_fields.money("the Dealer Break Bonus's handle, minor units")
    break_bonus = api_fields.money("the Break Bonus's handle, minor units")
    total = api_fields.money("the three bets' handle, minor units")


class RatedFiguresSchema(Schema):
    rated_rounds = api_fields.integer("rated rounds that count whose values are figured")
    pending_rounds = api_fields.integer(
        "rated rounds that count whose values (or figures) the workers have not stored yet: "
        "the figures leave them out until then"
    )
    handle = api_fields.nested(RatedHandleSchema, "the handle per bet")
    average_bet = api_fields.money(
        "the three bets' handle per rated round, halves to even (null: no rated round)", allow_none=True
    )
    theoretical_win = _at(
        api_fields.money("the theoretical win (part 1), halves to even, minor units"), "parts.theoretical"
    )
    actual_win = _at(api_fields.money("the house's actual win, minor units"), "parts.actual")
    decisions = _at(
        api_fields.money("part 2: the player's decisions against the house way, minor units"),
        "parts.decisions",
    )
    player_cards = _at(api_fields.money("part 3: the player's cards (luck)"), "parts.player_cards")
    dealer_cards = _at(api_fields.money("part 4: the dealer's cards (luck)"), "parts.dealer_cards")
    player_cards_sd = api_fields.number(
        "part 3's standard deviation, minor units (null: no card spread yet, see sd_missing)", allow_none=True
    )
    dealer_cards_sd = _at(
        api_fields.number("part 4's standard deviation, minor units"), "parts.dealer_cards_sd"
    )
    sd_missing = api_fields.text("why player_cards_sd is null (null: it is not)", allow_none=True)
    comps = api_fields.money("comps earned: the comp rate of each rating's exact theoretical win, down")


class RatingSlipSchema(Schema):
    rating_id = api_fields.integer("the rating")
    player_id = api_fields.integer("the player's id")
    club_number = api_fields.text("the player's club number")
    table_id = api_fields.integer("the table")
    seat = api_fields.integer("the seat")
    state = api_fields.enum(RatingState, "open, paused or closed (seated out)")
    final = api_fields.flag("seated out: the slip is final (else live, to as_of)")
    seated_at = api_fields.instant("when the player sat down")
    as_of = api_fields.instant("the seat-out, or now while the rating is open")
    seconds_played = api_fields.integer("time played, whole seconds: seat-in to as_of less the pauses")
    pace = api_fields.integer("rated rounds an hour, halves to even (null: none played)", allow_none=True)
    up_to_date = api_fields.flag("the kept figures reflect every rated round that counts now")
    figures = api_fields.nested(RatedFiguresSchema, "the figures, rounded once from the exact sums")
    cash = api_fields.money("cash bought in, minor units")
    chips_brought = api_fields.money("chips brought from elsewhere, minor units")
    chips_taken = api_fields.money(
        "chips taken away at seat-out, minor units, as a pit boss corrected them last (null: open)",
        allow_none=True,
    )
    chips_check = api_fields.integer(
        "chips taken away − (cash + chips brought + the player's nets), minor units: 0 when every chip "
        "is accounted for (null: open)",
        allow_none=True,
    )
    corrections = api_fields.nested_list(
        RatingCorrectionSchema, "a pit boss's corrections of the rating, oldest first (the figures use them)"
    )


class PlayerFiguresQuerySchema(StrictSchema):
    period = fields.Enum(
        Period,
        by_value=True,
        load_default=Period.LIFETIME,
        metadata={"description": "day (the last 24 hours), 30d (the last 30 days) or lifetime (the default)"},
    )


class PlayerFiguresQueryJson(TypedDict):
    period: Period


class CurrencyFiguresSchema(Schema):
    currency = api_fields.nested(CurrencySchema, "the currency of every amount of these figures")
    ratings = api_fields.integer("the player's ratings in the period at tables of this currency")
    figures = api_fields.nested(
        RatedFiguresSchema, "their exact figures summed, rounded once (never a sum of rounded figures)"
    )


class PlayerFiguresSchema(Schema):
    club_number = api_fields.text("the player's club number")
    period = api_fields.enum(Period, "the period asked")
    since = api_fields.instant("ratings seated from then on (null: lifetime)", allow_none=True)
    ratings = api_fields.integer("the player's ratings in the period")
    currency = api_fields.nested(
        CurrencySchema,
        "the one currency of the tables the player was rated at; null when several (see by_currency) or none",
        allow_none=True,
    )
    figures = api_fields.nested(
        RatedFiguresSchema,
        "their exact figures summed, rounded once (never a sum of rounded figures); null when the player "
        "was rated at tables of several currencies, which are never added (see by_currency)",
        allow_none=True,
    )
    by_currency = api_fields.nested_list(
        CurrencyFiguresSchema, "the figures a currency at a time, by currency code"
    )


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


class RatingFeedSchema(Schema):
    items = api_fields.nested_list(
        RatingSlipSchema,
        "closed ratings, each at its seat-out and again each time its slip changed since (keep the "
        "newest of each rating_id)",
    )
    next = api_fields.text(
        "the after of the next page: where this one ends (the after asked for when it is empty; "
        "null: no closed rating yet); poll with it for ratings closed or changed since",
        allow_none=True,
    )


class FloorRatingSchema(Schema):
    rating = api_fields.nested(RatingSchema, "the open rating: who sits where, paused or not")
    slip = api_fields.nested(RatingSlipSchema, "its live slip, to now")


class PlayerRatingsQuerySchema(StrictSchema):
    limit = api_fields.bounded(1, 200, "ratings a page", default=25)
    order = order_field(Order.NEWEST, "ratings (by when they were started)")
    cursor = cursor_field()


class PlayerRatingsQueryJson(TypedDict):
    limit: int
    order: str
    cursor: NotRequired[str]
