"""The text a request may carry: every string of a body or a query, at any
depth and the keys of its objects too, is text a database stores and a
page shows. A NUL (PostgreSQL's text refuses it) or a lone surrogate
(JSON's "\\ud800", which no encoding takes) is refused here, as a 422
naming where it is, before any service sees it: one rule for every field,
where each service checking its own had left some to fail as a 500.

:class:`service.api.http.schemas.StrictSchema` applies it to every request's
schema. Only two kinds of field are left as sent: those compared with a
stored secret (a sign-in's or a co-signature's name and password), where
such text is a wrong one, counted as any other, never a malformed
request; and those a service checks itself to record each refusal (a
shoe's deck: a ``deck_refused`` event)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields

_UNTEXTUAL = re.compile("[\x00\ud800-\udfff]")
REFUSAL = "must be text: no NUL and no lone surrogate (half of a UTF-16 pair)"


def refuse_untextual(schema: Schema, data: object, as_sent: Collection[str]) -> None:
    """Raise a ValidationError naming the first string of ``data`` (a
    request's body or query as sent) that holds a NUL or a lone surrogate.
    Nested schemas check their own part; ``as_sent`` names keys left as
    sent."""
    if not isinstance(data, Mapping):
        return  # not an object: the schema itself refuses it
    nested = _nested_keys(schema)
    for key, value in data.items():
        if key in as_sent or key in nested:
            continue
        path = _first_untextual(value, (_shown(key),))
        if _is_untextual(key):
            path = (_shown(key),)
        if path is not None:
            raise ValidationError(_messages(path))


def _first_untextual(value: object, path: tuple[str, ...]) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return path if _is_untextual(value) else None
    if isinstance(value, Mapping):
        items: Any = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        step = (*path, _shown(key))
        if isinstance(key, str) and _is_untextual(key):
            return step
        found = _first_untextual(item, step)
        if found is not None:
            return found
    return None


def _is_untextual(text: object) -> bool:
    return isinstance(text, str) and _UNTEXTUAL.search(text) is not None


def _shown(key: object) -> str:
    """A key as a field's name can show it: as sent, or escaped."""
    text = str(key)
    return text if text.isprintable() else ascii(text)


def _messages(path: tuple[str, ...]) -> dict[str, Any]:
    """Marshmallow's nested messages for ``path``: the error answer joins
    the keys into the field's name (``round.dealer.1``)."""
    messages: Any = [REFUSAL]
    for step in reversed(path):
        messages = {step: messages}
    result: dict[str, Any] = messages
    return result


def _nested_keys(schema: Schema) -> set[str]:
    """The keys whose values a nested schema loads (and checks) itself."""
    keys = set()
    for name, field in schema.load_fields.items():
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Nested):
            keys.add(field.data_key or name)
    return keys
