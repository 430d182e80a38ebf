"""Settling rounds given as JSON lines: the use case behind ``breakpoker settle``.

Each line is settled on its own: a bad line gives an error object naming the
problem and never stops the lines after it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, TypedDict

from service.engine.errors import RulesError
from service.engine.round_json import SettlementJson, round_from_json, round_id_of, settlement_to_json
from service.engine.settlement import RoundSettlement, settle_round
from service.engine.table_config import DEFAULT_CONFIG, TableConfig

CONFIG_KEY = "config"
_EXTRA_KEYS = frozenset({CONFIG_KEY})


class ErrorJson(TypedDict):
    code: str
    message: str
    field: str | None  # the API's: where in the round the fault is, or null


class RoundErrorJson(TypedDict):
    round_id: object  # as sent, when it can be echoed; else null
    error: ErrorJson


#: One output line: the round's settlement, or why it has none.
Line = SettlementJson | RoundErrorJson


# dict[str, Any]: any JSON object of the input line, before it is read as a round.
def _object_without_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # JSON lets a key repeat with the last one winning; for stakes that would
    # settle an amount the sender may not have meant, so it is refused.
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {repeated!r} appears twice in one object")
    return data


def _no_constants(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str | bytes) -> object:
    """Strict JSON: no repeated keys, no NaN or Infinity."""
    return json.loads(text, object_pairs_hook=_object_without_duplicate_keys, parse_constant=_no_constants)


def settle_data(data: object) -> RoundSettlement:
    """One round object, with its optional ``config``, settled; or a
    :class:`RulesError` naming the field at fault."""
    config = DEFAULT_CONFIG
    if isinstance(data, dict) and CONFIG_KEY in data:
        config = TableConfig.from_json(data[CONFIG_KEY])
    return settle_round(round_from_json(data, extra_keys=_EXTRA_KEYS), config)


def settle_object(data: object) -> Line:
    """One round object in, its settlement or an error object out."""
    try:
        return settlement_to_json(settle_data(data))
    except RulesError as error:
        return _error(round_id_of(data), error.code, error.message, error.field)


def settle_line(line: str | bytes, number: int = 1) -> Line:
    """Settle one input line; ``number`` (from 1) names it in JSON errors."""
    try:
        data = parse_json(line)
    except json.JSONDecodeError as error:
        return _error(
            None, "invalid_json", f"line {number} is not valid JSON: {error.msg} at column {error.colno}"
        )
    except (ValueError, RecursionError) as error:  # bad UTF-8, repeated keys, absurd nesting
        return _error(None, "invalid_json", f"line {number} is not valid JSON: {error}")
    try:
        return settle_object(data)
    except Exception as error:  # noqa: BLE001 - one broken round must not stop the batch
        return _error(
            round_id_of(data), "internal_error", f"could not settle the round ({type(error).__name__})"
        )


def _error(round_id: object, code: str, message: str, field: str | None = None) -> RoundErrorJson:
    return {"round_id": round_id, "error": {"code": code, "message": message, "field": field}}


def settle_lines(lines: Iterable[str | bytes], first_number: int = 1) -> Iterator[Line]:
    """Settlements in input order; blank lines are skipped (but counted)."""
    for number, line in enumerate(lines, start=first_number):
        if line.strip():
            yield settle_line(line, number)
