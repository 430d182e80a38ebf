"""A table's day for the report tests: rounds entered through the API, a
void approved and one pending, the aggregates counted, and two notes on
the Main Bet's line; and a check of a value against its TypedDict."""

from __future__ import annotations

import types
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from sqlalchemy import select

from service.rounds.aggregates import aggregate_round, out_of_step
from service.store.models import RoundRecord
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.rounds_data import enter, void_approved


def count_directly(app: Any) -> None:
    """What the aggregate job does, without a worker."""
    with databases(app)() as db:
        ids = list(db.scalars(select(RoundRecord.id).where(out_of_step())))
    for round_id in ids:
        with unit_of_work(databases(app)) as db:
            aggregate_round(db, round_id)


def noted_day(app: Any, client: Any, as_role: dict[str, Any], table: dict[str, Any]) -> str:
    """Fill the table's current gaming day; that day, ISO 8601."""
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    ids = [enter(client, dealer, table, round_id)["id"] for round_id in ("r1", "r2", "r3")]
    void_approved(client, boss, sign_in(client, "pit_boss2"), ids[2])
    asked = client.post(f"/api/v1/rounds/{ids[1]}/void", json={"reason": "misdeal"}, headers=boss)
    assert asked.status_code == 201, asked.json
    count_directly(app)
    day = client.get(f"/api/v1/reports/tables/{table['id']}", headers=boss).json["day"]
    for text in ("Looking into it.", "Reviewed: nothing irregular."):
        body = {"table_id": table["id"], "period": "day", "day": day, "bet": "main", "note": text}
        noted = client.post("/api/v1/reports/variance-notes", json=body, headers=boss)
        assert noted.status_code == 201, noted.json
    return str(day)


def mismatches(value: Any, hint: Any, path: str = "$") -> list[str]:
    """Where ``value`` is not exactly of type ``hint`` (a TypedDict's keys,
    all of them and no other; an int is not a float, nor a bool an int)."""
    origin = get_origin(hint)
    if is_typeddict(hint):
        return _typed_dict_mismatches(value, hint, path)
    if origin in (Union, types.UnionType):
        tries = [mismatches(value, option, path) for option in get_args(hint)]
        return [] if [] in tries else min(tries, key=len)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{path}: {value!r} not in {get_args(hint)}"]
    if origin is list:
        if type(value) is not list:
            return [f"{path}: {type(value).__name__}, not a list"]
        return [
            found
            for index, item in enumerate(value)
            for found in mismatches(item, get_args(hint)[0], f"{path}[{index}]")
        ]
    if origin is dict:
        return _dict_mismatches(value, *get_args(hint), path)
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r}, not None"]
    return (
        []
        if type(value) is hint
        or (isinstance(hint, type) and issubclass(hint, Enum) and isinstance(value, hint))
        else [f"{path}: {value!r} is not {hint.__name__}"]
    )


def _typed_dict_mismatches(value: Any, hint: Any, path: str) -> list[str]:
    if type(value) is not dict:
        return [f"{path}: {type(value).__name__}, not a {hint.__name__}"]
    hints = get_type_hints(hint)
    found = (
        [f"{path}: keys {sorted(set(value) ^ set(hints))} ({hint.__name__})"]
        if set(value) != set(hints)
        else []
    )
    for key in sorted(set(value) & set(hints)):
        found += mismatches(value[key], hints[key], f"{path}.{key}")
    return found


def _dict_mismatches(value: Any, key_type: Any, value_type: Any, path: str) -> list[str]:
    if type(value) is not dict:
        return [f"{path}: {type(value).__name__}, not a dict"]
    found = []
    if isinstance(key_type, type) and issubclass(key_type, Enum) and list(value) != list(key_type):
        found.append(f"{path}: keys {list(value)}, not every {key_type.__name__} in order")
    for key, item in value.items():
        found += mismatches(key, key_type, f"{path} key {key!r}")
        found += mismatches(item, value_type, f"{path}[{key!r}]")
    return found
