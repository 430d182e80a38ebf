"""Schemas of a stored round as the API shows it, of its void and
correction requests, and of the preview of a round not yet entered (the
shapes of ``service.rounds.showing`` and ``service.rounds.preview``)."""

from __future__ import annotations

from datetime import date
from typing import Any, NotRequired, TypedDict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.fields import CARD_CODE
from service.api.rounds.settlement_schemas import (
    SETTING_SHAPES,
    seat_fields,
)
from service.engine.table_config import FoulPolicy
from service.rounds.preview import FoulJson, PreviewJson, PreviewSeatJson
from service.rounds.recall import RecalledRoundJson
from service.rounds.showing import ExceptionSummaryJson, RoundPageJson
from service.rounds.status import KINDS, DecisionState, RoundStatus

STATES = tuple(DecisionState)
ROUND_ID_HELP = "a string; a whole number for a round stored when one was still taken"
#: A round_id's shapes: a string, or a legacy whole number.
ROUND_ID_SHAPES = ({"type": "string"}, {"type": "integer"})
#: An entered field's shapes: card codes, a setting, or a stake in minor units.
ENTERED_SHAPES = (
    {"type": "array", "items": {"type": "string", "pattern": CARD_CODE}},
    *SETTING_SHAPES,
    {"type": "integer"},
)


class RoundsQueryJson(TypedDict):
    """The query of a table's rounds as RoundsQuerySchema loads it."""

    from_: NotRequired[date]
    to: NotRequired[date]
    shift: NotRequired[int]
    order: str
    cursor: NotRequired[str]
    page: NotRequired[int]
    per_page: int


def round_id_field(description: str, required: bool = True) -> fields.Raw:
    """A round_id: a string, or for a legacy round a number (the document
    names both shapes; marshmallow passes either through as stored)."""
    return fields.Raw(
        required=required, metadata={"description": description, "oneOf": list(ROUND_ID_SHAPES)}
    )


def exception_summary_fields() -> dict[str, fields.Field[Any]]:
    """A request's kind and state, as choices of their values (an enum's
    field would drop the document's string type). Made anew for each schema."""
    return {
        "kind": api_fields.choice(KINDS, "what is asked for"),
        "state": api_fields.choice(STATES, "pending until decided"),
    }


ExceptionSummarySchema = answer(ExceptionSummaryJson, "ExceptionSummarySchema", **exception_summary_fields())


RoundSchema: type[Schema] = answer(
    RecalledRoundJson,
    "RoundSchema",
    round_id=round_id_field(ROUND_ID_HELP),
    status=api_fields.choice(
        tuple(RoundStatus), "settled (counts), void, or superseded by an approved correction"
    ),
    current=fields.Nested(
        lambda: RoundSchema(),
        allow_none=True,
        metadata={"description": "recall: the approved correction that stands for this game"},
    ),
)


FoulSchema = answer(
    FoulJson,
    "FoulSchema",
    low=api_fields.cards(2, "as the player set it"),
    high=api_fields.cards(3, "as the player set it"),
    policy=api_fields.choice(
        [policy.value for policy in FoulPolicy], "the table's foul policy (rule book section 8)"
    ),
)


PreviewSeatSchema = answer(PreviewSeatJson, "PreviewSeatSchema", **seat_fields())


RoundPreviewSchema = answer(
    PreviewJson,
    "RoundPreviewSchema",
    round_id=api_fields.text("as sent"),
    foul_policy=api_fields.choice(
        [policy.value for policy in FoulPolicy], "what a foul would lead to at this table"
    ),
)


RoundPageSchema = answer(
    RoundPageJson,
    "RoundPageSchema",
    items=api_fields.nested_list(RoundSchema, "the page's rounds, in order"),
    order=api_fields.choice(["oldest", "newest"], "oldest or newest first"),
)
