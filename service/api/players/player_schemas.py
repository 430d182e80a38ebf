"""A player as answered, and what enrolling, renaming and listing send."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.paging import KeysetQueryJson, cursor_field, order_field
from service.api.http.schemas import StrictSchema
from service.players.club_numbers import CLUB_NUMBER_RULE, MAX_CLUB_NUMBER, MAX_NAME
from service.players.listing import MAX_SEARCH
from service.players.views import NameJson, PlayerJson
from service.store.paging import Order

CLUB_NUMBER_PATTERN = f"^[A-Z0-9]{{1,{MAX_CLUB_NUMBER}}}$"


def club_number_in() -> fields.String:
    """A club number sent: the service checks it (422 naming club_number);
    the document says what it may be."""
    return fields.String(
        required=True,
        metadata={
            "description": f"the club number the player-tracking system gave: {CLUB_NUMBER_RULE}",
            "pattern": CLUB_NUMBER_PATTERN,
            "maxLength": MAX_CLUB_NUMBER,
        },
    )


def name_in() -> fields.String:
    return api_fields.sized_text(
        1, MAX_NAME, f"the name the club holds: 1 to {MAX_NAME} printable characters once trimmed"
    )


PlayerNameSchema = answer(NameJson, "PlayerNameSchema")


PlayerSchema = answer(PlayerJson, "PlayerSchema")


class PlayerInSchema(StrictSchema):
    club_number = club_number_in()
    name = name_in()


class PlayerInJson(TypedDict):
    club_number: str
    name: str


class PlayerRenameSchema(StrictSchema):
    name = name_in()


class PlayerRenameJson(TypedDict):
    name: str


class PlayersQuerySchema(StrictSchema):
    search = fields.String(
        validate=validate.Length(min=1, max=MAX_SEARCH),
        metadata={
            "description": "players whose club number starts with it, or whose name holds it (any case)"
        },
    )
    limit = api_fields.bounded(1, 1000, "players a page", default=100)
    order = order_field(Order.OLDEST, "enrolled")
    cursor = cursor_field()


class PlayersQueryJson(KeysetQueryJson):
    search: NotRequired[str]
