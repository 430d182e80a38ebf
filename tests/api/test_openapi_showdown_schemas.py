"""The OpenAPI document describes the poker room's showdown, bring-in,
first button and action check field by field (no free-form objects, every
integer bounded in what they take), and the schemas dump exactly what the
rules build."""

from __future__ import annotations

from service.api.poker_room.showdown_schemas import (
    ShowdownInSchema,
    ShowdownSchema,
)
from service.api.poker_room.stud_schemas import (
    ActionCheckInSchema,
    ActionCheckSchema,
    BringInInSchema,
    BringInSchema,
    FirstButtonInSchema,
    FirstButtonSchema,
)
from service.poker_room.betting import Action, ActionKind, check_action
from service.poker_room.bring_in import bring_in, first_button
from service.poker_room.deal_input import Game
from service.poker_room.room_cards import parse_room_card, room_cards
from service.poker_room.showdown import showdown
from service.poker_room.stud_json import action_check_json, bring_in_json, first_button_json
from tests.support.openapi import (
    as_json,
    document,
    free_form_dicts,
    free_form_objects,
    reachable,
    undescribed,
)

SHAPES = (
    "Showdown",
    "ShowdownIn",
    "BringIn",
    "BringInIn",
    "FirstButton",
    "FirstButtonIn",
    "ActionCheck",
    "ActionCheckIn",
)
INPUTS = ("ShowdownIn", "BringInIn", "FirstButtonIn", "ActionCheckIn")
SCHEMAS = (
    ShowdownSchema(),
    ShowdownInSchema(),
    BringInSchema(),
    BringInInSchema(),
    FirstButtonSchema(),
    FirstButtonInSchema(),
    ActionCheckSchema(),
    ActionCheckInSchema(),
)


def test_every_field_says_what_it_is(client):
    components = document(client)
    assert undescribed(components, SHAPES) == []


def test_no_free_form_object(client):
    assert free_form_objects(document(client), SHAPES) == []
    for schema in SCHEMAS:
        assert free_form_dicts(schema) == [], type(schema).__name__


def test_every_integer_and_list_taken_is_bounded(client):
    components = document(client)
    unbounded = []
    for name in reachable(components, INPUTS):
        for field, prop in components[name].get("properties", {}).items():
            if prop.get("type") == "integer" and "maximum" not in prop:
                unbounded.append(f"{name}.{field}")
            if prop.get("type") == "array" and "maxItems" not in prop:
                unbounded.append(f"{name}.{field}")
    assert unbounded == []


def test_the_schemas_dump_what_the_rules_build():
    dual = {
        "board": ["Qs", "Js", "8s", "5d", "2c"],
        "button": 3,
        "options": {"dual": True, "locked": True},
        "seats": [
            {"seat": 1, "cards": ["Qc", "JK1"], "contribution": 100},
            {"seat": 3, "cards": ["3d", "JK2"], "contribution": 40},
            {"seat": 5, "cards": ["Ks", "3s"], "contribution": 100, "folded": True},
        ],
    }
    stud = {
        "community": ["JK1", "7c"],
        "button": 1,
        "seats": [
            {"seat": 1, "cards": ["7s", "7h", "7d", "JK2", "9s"], "contribution": 50},
            {"seat": 2, "cards": ["Ad", "Kd", "Qd", "Td", "4c"], "contribution": 50},
        ],
    }
    answers = [
        (ShowdownSchema(), showdown(dual, Game.BREAKER)),
        (ShowdownSchema(), showdown(stud, Game.WILD_JOKER_STUD)),
        (BringInSchema(), bring_in_json(bring_in({1: room_cards("JK 9c"), 2: room_cards("2s 3s")}))),
        (
            FirstButtonSchema(),
            first_button_json(first_button({1: parse_room_card("2c"), 2: parse_room_card("2s")})),
        ),
        (ActionCheckSchema(), action_check_json(check_action(2, [], Action(ActionKind.BET, 5)))),
    ]
    for schema, answer in answers:
        assert as_json(schema.dump(answer)) == as_json(answer), type(schema).__name__
    six = showdown(stud, Game.WILD_JOKER_STUD)["pots"][0]["hands"][0]
    assert six["category"] == "six of a kind"  # the community's 7c is the fourth natural
    assert len(six["cards"]) == 6
    assert six["jokers"] == [{"joker": "JK2", "stands_for": "7"}, {"joker": "JK1", "stands_for": "7"}]
