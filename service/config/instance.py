"""The instance folder: all local state (the SQLite file, cached par sheets,
the embedded Redis) lives there; ``./instance`` unless
``BREAKPOKER_INSTANCE`` names another."""

from __future__ import annotations

from pathlib import Path

from service.config.environment import read_environment


def instance_path() -> Path:
    return read_environment().instance.resolve()
