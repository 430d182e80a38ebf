"""The field builders every schema shares, so that a schema says of a field
only what is its own (its description) and the same kind of field is
written one way everywhere: a figure, money in minor units, text, an
instant, a gaming day, a choice, cards, a nested record or a list of them,
an id, a bounded number, amounts by denomination.

An answer's field is required (the answer always has it) and not null
unless ``allow_none``: a null is then a value the description explains.
A request's field (``bounded``, ``record_id``,
``sized_text``) is checked
here, before any service reads it."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from marshmallow import fields, missing, validate

Member = TypeVar("Member", bound=Enum)

MAX_ID = 2**31 - 1  # integer primary keys on PostgreSQL
#: Output is always canonical (rule book section 1): rank and suit, or the joker.
CARD_CODE = r"^(?:[2-9TJQKA][shdc]|JK)$"


def _about(description: str) -> dict[str, Any]:
    return {"description": description}


def integer(description: str, *, allow_none: bool = False) -> fields.Integer:
    """A whole number: a count, an id, a seat, a version."""
    return fields.Integer(required=True, allow_none=allow_none, metadata=_about(description))


def money(description: str, *, allow_none: bool = False) -> fields.Integer:
    """An amount in integer minor units of the table's currency (cents)."""
    return integer(description, allow_none=allow_none)


def number(description: str, *, allow_none: bool = False) -> fields.Float:
    """A fraction or a statistic: a hold, a probability, a deviation."""
    return fields.Float(required=True, allow_none=allow_none, metadata=_about(description))


def text(description: str, *, allow_none: bool = False) -> fields.String:
    return fields.String(required=True, allow_none=allow_none, metadata=_about(description))


def flag(description: str, *, allow_none: bool = False) -> fields.Boolean:
    return fields.Boolean(required=True, allow_none=allow_none, metadata=_about(description))


def instant(description: str, *, allow_none: bool = False) -> fields.DateTime:
    """A moment, ISO 8601 in UTC."""
    return fields.DateTime(required=True, allow_none=allow_none, metadata=_about(description))


def day(description: str) -> fields.String:
    """A gaming day as an ISO 8601 date."""
    return fields.String(required=True, metadata={"description": description, "format": "date"})


def calendar_date(description: str, *, allow_none: bool = False) -> fields.Date:
    """A date (a gaming day, a birth date, an expiry) as ISO 8601."""
    return fields.Date(required=True, allow_none=allow_none, metadata=_about(description))


def enum(members: type[Member], description: str) -> fields.Enum[Member]:
    """A member of the enum ``members``, shown by its value."""
    return fields.Enum(members, by_value=True, required=True, metadata=_about(description))


def choice(values: Any, description: str, *, allow_none: bool = False) -> fields.String:
    """One of ``values`` (an enum's values, or names): the document lists them."""
    return fields.String(
        required=True, allow_none=allow_none, validate=validate.OneOf(values), metadata=_about(description)
    )


def texts(description: str, *, allow_none: bool = False) -> fields.List[str]:
    """A list of strings: card codes, names."""
    return fields.List(fields.String(), required=True, allow_none=allow_none, metadata=_about(description))


def integers(description: str, *, allow_none: bool = False) -> fields.List[int]:
    """A list of whole numbers: seats, round ids."""
    return fields.List(fields.Integer(), required=True, allow_none=allow_none, metadata=_about(description))


def cards(count: int, description: str) -> fields.List[str]:
    """Exactly ``count`` canonical card codes."""
    return fields.List(
        fields.String(validate=validate.Regexp(CARD_CODE)),
        required=True,
        validate=validate.Length(equal=count),
        metadata=_about(description),
    )


def nested(schema: Any, description: str, *, allow_none: bool = False) -> fields.Nested:
    """A record inside the answer: ``schema`` says its shape."""
    return fields.Nested(schema, required=True, allow_none=allow_none, metadata=_about(description))


def nested_list(schema: Any, description: str, *, allow_none: bool = False) -> fields.List[Any]:
    """Records inside the answer, each of ``schema``'s shape."""
    return fields.List(
        fields.Nested(schema), required=True, allow_none=allow_none, metadata=_about(description)
    )


def record_id(description: str) -> fields.Integer:
    """A query's or a body's optional id of a record (or number of a link):
    one the database can hold."""
    return fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata=_about(description))


def bounded(least: int, most: int, description: str, *, default: Any = missing) -> fields.Integer:
    """An optional whole number from ``least`` to ``most`` (``default`` when left out)."""
    return fields.Integer(
        load_default=default, validate=validate.Range(min=least, max=most), metadata=_about(description)
    )


def sized_text(least: int, most: int, description: str) -> fields.String:
    """Required text of ``least`` to ``most`` characters."""
    return fields.String(
        required=True, validate=validate.Length(min=least, max=most), metadata=_about(description)
    )


def each_denomination(denominations: tuple[int, ...]) -> dict[str, object]:
    """The document's properties of amounts by denomination: one per denomination."""
    return {
        "properties": {
            str(value): {
                "type": "integer",
                "minimum": 0,
                "multipleOf": value,
                "description": f"minor units in pieces of {value // 100}.{value % 100:02d}",
            }
            for value in denominations
        },
    }


def denominations_in(description: str, denominations: tuple[int, ...]) -> fields.Dict:
    """Amounts by denomination as sent: read by the service, not by
    marshmallow, so a bad key or amount is a 422 naming
    lines.<denomination> with the denominations in use."""
    return fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        required=True,
        metadata={"description": description, **each_denomination(denominations)},
    )


def denominations_out(description: str, denominations: tuple[int, ...]) -> fields.Dict:
    """Amounts by denomination as stored (a denomination with nothing is left out)."""
    return fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={
            "description": f"{description}; a denomination with nothing is left out",
            **each_denomination(denominations),
        },
    )
