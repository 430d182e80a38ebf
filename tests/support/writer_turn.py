"""Watching SQLite's writer's turn from a test: whether a transaction
held it each time a function of the service was called."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.orm import Session

from service.store import db


def turn_held_at(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, session: Session) -> list[bool]:
    """Wrap ``module.name``: each call appends whether ``session`` held
    the writer's turn then, to the list returned."""
    held: list[bool] = []
    original = getattr(module, name)

    def watched(*arguments: Any) -> Any:
        held.append(db._TURN in session.info)
        return original(*arguments)

    monkeypatch.setattr(module, name, watched)
    return held


def holds_turn(session: Session) -> bool:
    """Whether the session's transaction holds the turn (on SQLite; there is
    none on PostgreSQL)."""
    return db._TURN in session.info or session.get_bind().dialect.name != "sqlite"
