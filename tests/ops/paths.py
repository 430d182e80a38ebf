"""Where the operations kit lives, and promtool when it can be had."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OPS = ROOT / "ops"
PROMETHEUS = OPS / "prometheus"
GRAFANA = OPS / "grafana"
ENTRYPOINT = OPS / "entrypoint.sh"
GUNICORN_CONF = OPS / "gunicorn.conf.py"


def promtool() -> str | None:
    """$PROMTOOL, the copy .ci/fetch-promtool leaves in .tools/, or one on PATH."""
    for candidate in (
        os.environ.get("PROMTOOL"),
        str(ROOT / ".tools" / "promtool"),
        shutil.which("promtool"),
    ):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None
