"""JSON in one canonical text: sorted keys, no spaces, Unicode as itself.

The audit chain hashes an event's canonical JSON. Storing an event's
payload in that same text lets a verifier rebuild the hashed document by
joining strings, without decoding and re-encoding the payload (which was
most of a link's cost); a payload stored any other way, by an older
release or by SQL, is decoded and re-encoded as before.

>>> canonical_json({"b": [1, 2.5, None], "a": "é"})
'{"a":"é","b":[1,2.5,null]}'
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import JSON
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

# One encoder for every call: json.dumps with options builds a new one each
# time, which cost more than encoding a short string.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """``value`` as JSON with sorted keys, no spaces and Unicode unescaped."""
    return _ENCODER.encode(value)


class CanonicalJSON(TypeDecorator[Any]):
    """A JSON column written in :func:`canonical_json`'s text and read back
    as the JSON type reads it. PostgreSQL's ``json`` type and SQLite keep
    the text as written."""

    impl = JSON
    cache_ok = True

    def bind_processor(self, dialect: Dialect) -> Any:
        # The whole binding is replaced, not composed with JSON's own: that
        # would encode the text a second time. The database casts the text.
        def process(value: Any) -> str | None:
            return None if value is None else canonical_json(value)

        return process
