"""An answer's schema derived from the service's typed value of it, so a
field is declared once: its key, type and description stand in the
service's ``TypedDict`` (``rounds: Annotated[int, "the counting rounds"]``)
and the schema follows them: a whole number, text, a flag, a figure, an
instant (``datetime``), a date, an enum's member (by value), one of a
``Literal``'s strings, a list of text or numbers, a nested value or a list
of them, each nullable with ``| None``. Only what the type cannot say is
given here (cards, free-form JSON), or a key two answers describe
differently.

>>> from typing import Annotated, TypedDict
>>> class PointJson(TypedDict):
...     x: Annotated[int, "across, minor units"]
...     label: Annotated[str | None, "what it is; null: unnamed"]
>>> PointSchema = answer(PointJson, "PointSchema")
>>> PointSchema().dump({"x": 3, "label": None})
{'x': 3, 'label': None}
>>> PointSchema._declared_fields["label"].allow_none
True
>>> PointSchema._declared_fields["x"].metadata["description"]
'across, minor units'
"""

from __future__ import annotations

import importlib
import pkgutil
import types
from collections.abc import Callable
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from marshmallow import Schema, fields

from service.api.http import fields as api_fields

#: the schema of each typed value, for the values nested in others
_SCHEMAS: dict[type, type[Schema]] = {}

_PLAIN: dict[type, Callable[..., fields.Field[Any]]] = {
    datetime: api_fields.instant,
    date: api_fields.calendar_date,
    int: api_fields.integer,
    str: api_fields.text,
    bool: api_fields.flag,
    float: api_fields.number,
}
_LISTS: dict[type, Callable[..., fields.Field[Any]]] = {str: api_fields.texts, int: api_fields.integers}


class UndescribedField(TypeError):
    """A typed value's key the schema can neither derive nor was given."""


def answer(value: type, name: str, /, **given: fields.Field[Any]) -> type[Schema]:
    """The schema ``name`` of the typed value ``value`` (a ``TypedDict``):
    a field each key in its order, ``given`` ones as they are, the others
    from their annotated type and description. It is the schema a key of
    that type nests, wherever it stands. ``value`` and ``name`` are
    positional, so a given key may be called ``name``."""
    hints = get_type_hints(value, include_extras=True)
    unknown = set(given) - set(hints)
    if unknown:
        raise UndescribedField(f"{name}: {sorted(unknown)} are not keys of {value.__name__}")
    declared = {
        key: given[key] if key in given else _derived(value, key, hint) for key, hint in hints.items()
    }
    schema: type[Schema] = type(name, (Schema,), declared)
    if _SCHEMAS.setdefault(value, schema) is not schema:
        raise UndescribedField(f"{value.__name__} has a schema already: {_SCHEMAS[value].__name__}")
    return schema


def schema_of(value: type) -> type[Schema]:
    """The schema :func:`answer` made of ``value``. A value nests in another
    whose schema module need not import its schema's, so the API's schema
    modules are all imported before a value is said to have none."""
    if value not in _SCHEMAS:
        _import_schema_modules()
    try:
        return _SCHEMAS[value]
    except KeyError:
        raise UndescribedField(f"no answer schema of {value.__name__} in service.api") from None


def _import_schema_modules() -> None:
    import service.api

    for module in pkgutil.walk_packages(service.api.__path__, "service.api."):
        if module.name.endswith(("_schemas", "_routes")):
            importlib.import_module(module.name)


def _derived(value: type, key: str, hint: Any) -> fields.Field[Any]:
    if get_origin(hint) is not Annotated:
        raise UndescribedField(f"{value.__name__}.{key} has no description: annotate it or give its field")
    kind, *extras = get_args(hint)
    described = [extra for extra in extras if isinstance(extra, str)]
    if len(described) != 1:
        raise UndescribedField(f"{value.__name__}.{key} wants exactly one description")
    kind, allow_none = _optional(kind)
    return _field(value, key, kind, described[0], allow_none)


def _optional(kind: Any) -> tuple[Any, bool]:
    """``kind`` without its ``| None``, and whether it had one."""
    if get_origin(kind) in (Union, types.UnionType):
        rest = [arg for arg in get_args(kind) if arg is not type(None)]
        if len(rest) == 1 and len(get_args(kind)) == 2:
            return rest[0], True
    return kind, False


def _field(value: type, key: str, kind: Any, description: str, allow_none: bool) -> fields.Field[Any]:
    if kind in _PLAIN:
        return _PLAIN[kind](description, allow_none=allow_none)
    if isinstance(kind, type) and issubclass(kind, Enum) and not allow_none:
        return api_fields.enum(kind, description)
    if get_origin(kind) is Literal and all(isinstance(arg, str) for arg in get_args(kind)):
        return api_fields.choice(list(get_args(kind)), description, allow_none=allow_none)
    if get_origin(kind) is list:
        (item,) = get_args(kind)
        if item in _LISTS:
            return _LISTS[item](description, allow_none=allow_none)
        if is_typeddict(item):
            return api_fields.nested_list(_later(item), description, allow_none=allow_none)
    if is_typeddict(kind):
        return api_fields.nested(_later(kind), description, allow_none=allow_none)
    raise UndescribedField(f"{value.__name__}.{key}: no field for {kind!r}; give it")


def _later(value: type) -> Any:
    """The nested value's schema when first used: made where that value's
    module is, which need not be imported yet."""
    return lambda: schema_of(value)
