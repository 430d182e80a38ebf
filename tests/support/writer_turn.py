"""Watching SQLite's writer's turn from a test: whether a transaction
held it each time a function of the service was called."""

from __future__ import annotations

from typing import Any

import pytest

from service.store import db as store
from service.store.db import Db


def turn_held_at(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, db: Db) -> list[bool]:
    """Wrap ``module.name``: each call appends whether ``db`` held
    the writer's turn then, to the list returned."""
    held: list[bool] = []
    original = getattr(module, name)

    def watched(*arguments: Any) -> Any:
        held.append(store._TURN in db.info)
        return original(*arguments)

    monkeypatch.setattr(module, name, watched)
    return held


def holds_turn(db: Db) -> bool:
    """Whether the session's transaction holds the turn (on SQLite; there is
    none on PostgreSQL)."""
    return store._TURN in db.info or db.get_bind().dialect.name != "sqlite"
