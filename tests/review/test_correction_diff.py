"""A correction's change list holds only the shapes the OpenAPI document
names for it: each changed field's value is card codes, a setting or a
stake (minor units), or null; and the schema dumps it unchanged."""

from __future__ import annotations

import json
import re

from service.api.review.exception_schemas import ChangesSchema
from service.engine.round_json import round_from_json
from service.engine.settlement import settle_round
from service.engine.table_config import DEFAULT_CONFIG
from service.review.correction_diff import ChangesJson, changes_of, entry_view
from service.rounds.storing import seat_rows
from service.store.models import RoundRecord, SeatRecord
from tests.support.rounds_data import round_body


def matches(value, shape, components) -> bool:
    """``value`` is of ``shape`` (the few keywords the change list's use)."""
    if "$ref" in shape:
        return matches(value, components[shape["$ref"].rsplit("/", 1)[-1]], components)
    if "enum" in shape and value not in shape["enum"]:
        return False
    kind = shape.get("type")
    if kind == "string":
        return isinstance(value, str) and re.fullmatch(shape.get("pattern", ".*"), value) is not None
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "array":
        if not isinstance(value, list):
            return False
        sized = shape.get("minItems", 0) <= len(value) <= shape.get("maxItems", len(value))
        return sized and all(matches(v, shape["items"], components) for v in value)
    if kind == "object":
        properties = shape["properties"]
        return (
            isinstance(value, dict)
            and set(shape.get("required", [])) <= set(value) <= set(properties)
            and all(matches(v, properties[k], components) for k, v in value.items())
        )
    return False


def stored(body) -> RoundRecord:
    """A round as stored (not in a database): its seats and house net."""
    round_ = round_from_json(body)
    settled = settle_round(round_, DEFAULT_CONFIG)
    seats = [SeatRecord(**row) for row in seat_rows(round_, settled)]
    return RoundRecord(house_net=settled.house_net, seats=seats)


def a_correction() -> ChangesJson:
    before = round_body("c1")
    after = round_body("c1")
    after["dealer"] = list(reversed(after["dealer"]))  # the same cards: no change
    after["seats"][2]["cards"][6] = "5c"  # for the 2d
    after["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    after["seats"][2]["bets"]["main"] = 2500
    del after["seats"][0]  # seat 1 removed
    original, corrected = round_from_json(before), round_from_json(after)
    settled = settle_round(corrected, DEFAULT_CONFIG)
    return changes_of(entry_view(original), stored(before), entry_view(corrected), settled)


def test_each_changed_value_is_of_a_shape_the_document_names(client):
    components = client.get("/api/v1/openapi.json").json["components"]["schemas"]
    properties = components["FieldChange"]["properties"]
    changes = a_correction()
    assert [change["field"] for change in changes["fields"]][:2] == [
        "seats.1.bets.break_bonus",
        "seats.1.bets.dealer_break_bonus",
    ]
    for change in changes["fields"]:
        for side in ("before", "after"):
            value = change[side]
            shapes = [shape for shape in properties[side]["oneOf"] if matches(value, shape, components)]
            assert value is None or len(shapes) == 1, (change, side)
    kinds = {change["field"].rsplit(".", 1)[-1] for change in changes["fields"]}
    assert kinds == {"cards", "setting", "main", "dealer_break_bonus", "break_bonus"}
    assert "dealer" not in {change["field"] for change in changes["fields"]}


def test_the_change_list_schema_dumps_it_unchanged():
    changes = a_correction()
    assert ChangesSchema().dump(changes) == json.loads(json.dumps(changes))
    removed = next(seat for seat in changes["seats"] if seat["seat"] == 1)
    assert removed["net_after"] == 0
    assert removed["difference"] == -removed["net_before"]
