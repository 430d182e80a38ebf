"""Settling rounds given as JSON lines: the use case behind ``breakpoker settle``.

Each line is settled on its own: a bad line gives an error object naming the
problem and never stops the lines after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from service.engine.errors import RulesError
from service.engine.round_json import round_from_json, round_id_of, settlement_to_json
from service.engine.settlement import settle_round
from service.engine.table_config import DEFAULT_CONFIG, TableConfig

CONFIG_KEY = "config"


def settle_object(data: object) -> dict[str, Any]:
    """One round object in, its settlement or an error object out."""
    try:
        config = DEFAULT_CONFIG
        if isinstance(data, dict) and CONFIG_KEY in data:
            config = TableConfig.from_json(data[CONFIG_KEY])
        round_ = round_from_json(data, extra_keys=frozenset({CONFIG_KEY}))
        return settlement_to_json(settle_round(round_, config))
    except RulesError as error:
        return {"round_id": round_id_of(data), "error": error.to_json()}


def settle_line(line: str | bytes) -> dict[str, Any]:
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError as error:  # bad JSON, bad UTF-8, absurd nesting or numbers
        return _error(None, "invalid_json", f"the line is not valid JSON: {error}")
    try:
        return settle_object(data)
    except Exception as error:  # noqa: BLE001 - one broken round must not stop the batch
        return _error(
            round_id_of(data), "internal_error", f"could not settle the round ({type(error).__name__})"
        )


def _error(round_id: object, code: str, message: str) -> dict[str, Any]:
    return {"round_id": round_id, "error": {"code": code, "message": message}}


def settle_lines(lines: Iterable[str | bytes]) -> Iterator[dict[str, Any]]:
    """Settlements in input order; blank lines are skipped."""
    for line in lines:
        if line.strip():
            yield settle_line(line)
