"""The OpenAPI document describes a player field by field (no free-form
object), says what a club number may be, and the player's schema dumps
exactly what the service builds."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from service.api.players.player_schemas import PlayerNameSchema, PlayerSchema
from service.players.players import NameView, PlayerView
from service.players.views import NameJson, PlayerJson, player_json
from tests.support.openapi import document, free_form_objects, undescribed

SHAPES = ("Player", "PlayerIn", "PlayerRename")
MOMENT = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)


def test_every_field_of_a_player_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []
    assert free_form_objects(components, SHAPES) == []


def test_a_club_number_sent_is_described_by_its_pattern(client):
    sent = document(client)["PlayerIn"]["properties"]["club_number"]
    assert (sent["pattern"], sent["maxLength"]) == ("^[A-Z0-9]{1,20}$", 20)


def test_the_schema_dumps_exactly_the_typed_value():
    names = (NameView(1, "Ann Lee", MOMENT, "admin"), NameView(2, "Ann Park", MOMENT, "pit_boss"))
    shown = player_json(PlayerView("C1", MOMENT, "admin", names))
    assert set(PlayerJson.__annotations__) == set(PlayerSchema().fields)
    assert set(NameJson.__annotations__) == set(PlayerNameSchema().fields)
    # Instants as the API writes them: ISO 8601
    assert PlayerSchema().dump(shown) == json.loads(json.dumps(shown, default=datetime.isoformat))
    assert (shown["name"], shown["name_version"]) == ("Ann Park", 2)
