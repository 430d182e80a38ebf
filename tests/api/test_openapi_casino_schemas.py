"""The OpenAPI document describes the casino's settings and a player's
identification field by field (no free-form objects), and their schemas
answer with exactly what the service builds."""

from __future__ import annotations

import json
from datetime import date

from service.api.casino.settings_schemas import CasinoSettingsSchema
from service.api.players.identification_schemas import IdentificationSchema, ReceiptSchema
from service.config.currency import Currency
from service.players.casino_settings import DEFAULTS, CasinoSettings, Thresholds
from service.players.identification import IdentificationJson, ReceiptJson
from service.store.db import utc_now
from tests.support.openapi import document, free_form_dicts, free_form_objects, undescribed


def as_json(value):
    """A value as the API's JSON writes it: dates and instants ISO 8601."""
    return json.loads(json.dumps(value, default=lambda item: item.isoformat()))


SHAPES = ("CasinoSettings", "CasinoSettingsChange", "Receipt", "Identification", "IdentificationIn")


def test_every_field_is_described_and_none_is_free_form(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []
    for schema in (CasinoSettingsSchema(), ReceiptSchema(), IdentificationSchema()):
        assert free_form_dicts(schema) == []


def test_a_document_type_is_one_of_its_types(client):
    kinds = document(client)["IdentificationIn"]["properties"]["document_type"]["enum"]
    assert kinds == ["passport", "driving_licence", "national_id_card", "other"]


def test_the_settings_schema_dumps_what_the_service_answers():
    saved = CasinoSettings(3, 1234, (Thresholds(Currency("JPY", 0), 5, 9),), utc_now(), "admin")
    for settings in (DEFAULTS, saved):
        answer = settings.json(Currency("USD", 2))
        assert CasinoSettingsSchema().dump(answer) == as_json(answer)


def test_the_identification_schemas_dump_what_the_service_answers():
    receipt: ReceiptJson = {
        "club_number": "C1",
        "version": 2,
        "recorded_at": utc_now(),
        "recorded_by": "cage",
    }
    found: IdentificationJson = {
        **receipt,
        "document_type": "passport",
        "number": "X 12-3",
        "expiry": date(2030, 1, 2),
        "date_of_birth": date(1970, 3, 4),
    }
    assert ReceiptSchema().dump(receipt) == as_json(receipt)
    assert IdentificationSchema().dump(found) == as_json(found)
