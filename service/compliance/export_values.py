"""Values as a compliance export's files show them: the round id as the
dealer entered it, cards, a seat's setting, and JSON documents compact;
and a JSON column's text loaded as the column type would load it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

import orjson
from sqlalchemy import ColumnElement, Text, cast, type_coerce
from sqlalchemy.orm import InstrumentedAttribute
from sqlalchemy.types import NullType

from service.compliance.export_cells import plain_text
from service.store.db import Db, UTCDateTime

# How a JSON document can start (after white space): any other text is no
# JSON, so a ref such as ``bench-17`` is not handed to the parser to fail.
_JSON_STARTS = frozenset('"-0123456789tfn[{')


def as_text(column: InstrumentedAttribute[Any]) -> ColumnElement[str]:
    """A JSON column read as the text stored (CAST in SQL: PostgreSQL's
    driver would otherwise parse it, SQLAlchemy's JSON type on SQLite too),
    for :func:`loaded`: an export reads hundreds of thousands of them."""
    return cast(column, Text)


def as_stored(column: InstrumentedAttribute[Any]) -> ColumnElement[Any]:
    """A column read as the database driver gives it (SQLite: a date's
    text, a flag's 0 or 1), for :func:`stored_cells`: SQLAlchemy's rows
    cost about a third more with a column type's conversion in them."""
    return type_coerce(column, NullType())


# The most stored values a reader remembers: a column of few values.
REMEMBERED = 1024


def stored_cells(column: InstrumentedAttribute[Any], db: Db) -> Callable[[object], object]:
    """A column read :func:`as_stored`, read as its type would have read it,
    a date or a flag then made the text a cell shows (the rest is left to
    the writer, as it was). Each value's is remembered: for a column of few
    values (the gaming days of a period, a flag)."""
    dialect = db.get_bind().dialect
    process = column.type.dialect_impl(dialect).result_processor(dialect, None)

    # typed: 1 and True, or a date's text and the date, are told apart.
    @lru_cache(maxsize=REMEMBERED, typed=True)
    def read(value: object) -> object:
        return plain_text(value if process is None else process(value))

    return read


def instant_cells(column: InstrumentedAttribute[Any], db: Db) -> Callable[[object], str | None]:
    """A :class:`UTCDateTime` column read :func:`as_stored`, as the ISO text
    of the UTC time the column type reads (a time stored without its zone
    is UTC), as a cell or a chain line shows it: the type's own reading
    took two Python calls a time (the rounds' and the chain's times)."""
    if not isinstance(column.type, UTCDateTime):
        raise TypeError(f"{column} is not a UTCDateTime column")
    dialect = db.get_bind().dialect
    parse = column.type.impl_instance.dialect_impl(dialect).result_processor(dialect, None)

    def read(value: Any) -> str | None:  # the driver's: SQLite's text, PostgreSQL's datetime
        moment: datetime | None = value if parse is None else parse(value)
        if moment is None:
            return None
        if moment.tzinfo is None:  # as UTCDateTime reads it: UTC
            return f"{moment.isoformat()}+00:00"
        return moment.astimezone(UTC).isoformat()

    return read


# Nineteen digits in a row: maybe an integer past 64 bits, which orjson
# reads as a float without an error (-2**63 - 1 became -2**63). Text with
# such a run anywhere, in a string too, goes to the standard library.
_LONG_NUMBER = re.compile(r"[0-9]{19}")


def loaded(text: str | None) -> Any:
    """A JSON column's text as ``json.loads`` (the column type's loader)
    gives it, by orjson: about six times faster on a short document (the
    export's largest cost was the standard library's decoder). What orjson
    refuses and the standard library takes (NaN, a lone surrogate), and
    what it reads otherwise (integers past 64 bits), goes to the standard
    library, so the value is the same."""
    if text is None:
        return None
    if _LONG_NUMBER.search(text) is not None:
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _plain_string(text: str) -> str | None:
    """The string a JSON text is when it is a quoted string with nothing to
    unescape (most refs): what ``json.loads`` gives, without the call."""
    inner = text[1:-1]
    quoted = len(text) > 1 and text[0] == text[-1] == '"'
    # isprintable: no control character, which json.loads refuses in a string.
    if quoted and inner.isprintable() and '"' not in inner and "\\" not in inner:
        return inner
    return None


def round_id(ref: str, revision: int) -> object:
    """The round_id as the dealer entered it; a correction's ref carries its
    revision after ``#``."""
    for text in (ref, ref.rsplit("#", 1)[0] if revision else None):
        plain = None if text is None else _plain_string(text)
        if plain is not None:
            return plain
        if text is not None and text.lstrip(" \t\n\r")[:1] in _JSON_STARTS:
            try:
                return json.loads(text)
            except ValueError:
                continue
    return ref


def cards(codes: Sequence[str] | None) -> str:
    return " ".join(codes or ())


def setting(entered: Any) -> str:
    if isinstance(entered, dict):
        return f"{cards(entered.get('low'))} / {cards(entered.get('high'))}"
    return str(entered)


def card_text(text: str | None) -> str:
    """A JSON column of cards, as its text, as a cell shows it."""
    return cards(loaded(text))


def setting_text(text: str | None) -> str:
    """A seat's setting as entered, as its JSON text, as a cell shows it."""
    return setting(loaded(text))


# json.dumps with these options builds an encoder a call; one does (the same text).
_COMPACT = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


# A JSON line of an export (audit_chain.jsonl): sorted keys, no spaces,
# Unicode as itself (the chain's canonical JSON); one encoder for every line.
json_line = _COMPACT


def compact(document: Any) -> str:
    if document is None:
        return ""
    return _COMPACT(document)
