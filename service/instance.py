"""The instance folder: all local state (the SQLite file, cached par sheets,
the embedded Redis) lives there; ``./instance`` unless
``BREAKPOKER_INSTANCE`` names another."""

from __future__ import annotations

import os
from pathlib import Path


def instance_path() -> Path:
    return Path(os.environ.get("BREAKPOKER_INSTANCE") or "instance").resolve()
