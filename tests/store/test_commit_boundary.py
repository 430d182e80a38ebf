"""One commit boundary: the service commits in one place, the unit of work
(service/store/work.py), so that every write of the API gets the retry of
a lost race and no route or use case ends a transaction behind its
caller's back. A ``.commit()`` anywhere else in the service or the
workers fails here."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the one module that commits
BOUNDARY = ROOT / "service" / "store" / "work.py"


def commits_in(path: Path) -> list[int]:
    """The lines of the ``.commit()`` calls in the module at ``path``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"
    )


def test_nothing_commits_outside_the_unit_of_work():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("service", "workers")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != BOUNDARY
        for line in commits_in(path)
    ]
    assert found == [], f"commit through service.store.work instead: {found}"


def test_the_unit_of_work_commits():
    assert commits_in(BOUNDARY), "the boundary the test keeps moved: point BOUNDARY at it"
