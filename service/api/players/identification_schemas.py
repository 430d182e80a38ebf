"""A player's identification as sent by the pit or the cage, the receipt
they get back (which holds none of it), and the identification as
compliance reads it."""

from __future__ import annotations

from datetime import date
from typing import TypedDict

from marshmallow import fields, validate

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema
from service.players.identification import DocumentType, IdentificationJson, ReceiptJson

NUMBER_HELP = "the document's number: 1 to 40 letters (A-Z), digits, spaces and hyphens"
TYPE_HELP = "the kind of document: passport, driving_licence, national_id_card or other"


def _date(description: str) -> fields.Date:
    return fields.Date(required=True, metadata={"description": description})


class IdentificationInSchema(StrictSchema):
    document_type = api_fields.choice([kind.value for kind in DocumentType], TYPE_HELP)
    number = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9 -]{1,40}$"),
        metadata={"description": NUMBER_HELP},
    )
    expiry = _date(
        "the last day the document is valid, ISO 8601; one before today is refused (document_expired)"
    )
    date_of_birth = _date("the player's, ISO 8601: a day before today")


class IdentificationInJson(TypedDict):
    document_type: str
    number: str
    expiry: date
    date_of_birth: date


ReceiptSchema = answer(ReceiptJson, "ReceiptSchema")


IdentificationSchema = answer(
    IdentificationJson,
    "IdentificationSchema",
    document_type=api_fields.choice([kind.value for kind in DocumentType], TYPE_HELP),
)
