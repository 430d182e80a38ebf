"""The field makers the report schemas share."""

from __future__ import annotations

from marshmallow import fields


def count_field(description: str) -> fields.Integer:
    return fields.Integer(required=True, metadata={"description": description})


def day_field(description: str) -> fields.String:
    return fields.String(required=True, metadata={"description": description, "format": "date"})
