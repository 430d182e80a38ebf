"""Reading the OpenAPI document the way the schema tests do: its
components, what a property refers to, what a shape reaches, and the two
faults they look for (a field that says nothing of itself, a free-form
object)."""

from __future__ import annotations

import json
from typing import Any

from marshmallow import Schema, fields


def document(client: Any) -> dict[str, Any]:
    return client.get("/api/v1/openapi.json").json["components"]["schemas"]


def refs(prop: dict[str, Any]) -> list[str]:
    """The components a property names (directly, in allOf/anyOf, or as items)."""
    found = []
    if "$ref" in prop:
        found.append(prop["$ref"].rsplit("/", 1)[-1])
    for key in ("allOf", "anyOf", "oneOf"):
        for part in prop.get(key, []):
            found += refs(part)
    if "items" in prop:
        found += refs(prop["items"])
    return found


def reachable(components: dict[str, Any], starts: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for prop in components[name].get("properties", {}).values():
            todo += refs(prop)
    return seen


def component(components: dict[str, Any], owner: str, name: str) -> dict[str, Any]:
    (found,) = refs(components[owner]["properties"][name])
    return components[found]


def undescribed(components: dict[str, Any], starts: tuple[str, ...]) -> list[str]:
    """Every field reachable from ``starts`` without a description."""
    return sorted(
        f"{name}.{field}"
        for name in reachable(components, starts)
        for field, prop in components[name].get("properties", {}).items()
        if "description" not in prop
    )


def free_form_objects(components: dict[str, Any], starts: tuple[str, ...]) -> list[str]:
    """Every field reachable from ``starts`` that is an object of no named
    properties (what a bare fields.Dict() documents)."""
    return sorted(
        f"{name}.{field}"
        for name in reachable(components, starts)
        for field, prop in components[name].get("properties", {}).items()
        for shape in (prop, prop.get("items", {}))
        if shape.get("type") == "object" and "properties" not in shape and not refs(shape)
    )


def untyped(prop: dict[str, Any]) -> bool:
    """A property that says nothing of its shape: no type, no reference, no
    alternatives (what a bare fields.Raw() documents)."""
    return not ({"type", "$ref", "allOf", "anyOf", "oneOf"} & set(prop))


def free_form_dicts(schema: Schema, path: str = "") -> list[str]:
    """Every fields.Dict() without keys, here and in the schemas nested in it."""
    found = []
    for name, field in schema.fields.items():
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Dict) and inner.key_field is None and inner.value_field is None:
            found.append(f"{path}{name}")
        if isinstance(inner, fields.Nested) and not isinstance(inner.schema, type(schema)):
            found += free_form_dicts(inner.schema, f"{path}{name}.")
    return found


def as_json(value: Any) -> Any:
    """A value as it comes back from JSON (dates as their ISO text)."""
    return json.loads(json.dumps(value, default=str))
