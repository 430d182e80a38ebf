"""ARCHITECTURE.md stays true: every file or folder it names exists, and
every module of ``service/`` is named in it (a new one must find its part)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = (ROOT / "ARCHITECTURE.md").read_text()
NAMED = set(re.findall(r"`((?:service|workers|dealer_ui|ops|lint_contracts|tests)/[\w./]*)`", MAP))


def test_every_path_it_names_exists():
    assert len(NAMED) > 50
    missing = sorted(path for path in NAMED if not (ROOT / path).exists())
    assert missing == []


def test_every_service_module_is_in_a_part():
    modules = {
        f"service/{path.name}" for path in (ROOT / "service").glob("*.py") if path.name != "__init__.py"
    }
    unplaced = sorted(modules - NAMED)
    assert unplaced == [], "name these in ARCHITECTURE.md's table of parts"
