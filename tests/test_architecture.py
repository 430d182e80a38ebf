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


#: packages named as a whole: their modules are listed in their own docs
AS_A_WHOLE = ("engine", "analysis", "api", "cli")


def test_every_module_is_in_a_package_row():
    modules = {
        path.relative_to(ROOT).as_posix()
        for path in [
            *(ROOT / "service").glob("*/*.py"),
            *(ROOT / "service").glob("*.py"),
            *(ROOT / "workers").glob("*.py"),
        ]
        if path.name != "__init__.py" and path.parent.name not in AS_A_WHOLE
    }
    assert len(modules) > 60
    unplaced = sorted(modules - NAMED)
    assert unplaced == [], "name these in ARCHITECTURE.md's table of packages"


def test_every_package_is_named():
    packages = {f"service/{path.parent.name}/" for path in (ROOT / "service").glob("*/__init__.py")}
    named = {path for path in NAMED if path.endswith("/")} | {
        "/".join(path.split("/")[:2]) + "/" for path in NAMED if path.startswith("service/")
    }
    assert packages - named == set()


def test_every_package_says_what_it_owns_and_may_import():
    for init in (ROOT / "service").glob("*/__init__.py"):
        if init.parent.name in AS_A_WHOLE:
            continue
        text = init.read_text()
        assert text.startswith('"""'), init
        assert "May import" in text, init


def test_the_readme_and_the_runbook_name_only_paths_that_exist():
    for document in ("README.md", "ops/README.md"):
        text = (ROOT / document).read_text()
        named = set(re.findall(r"`((?:service|workers|dealer_ui|lint_contracts)/[\w./]*)`", text))
        missing = sorted(path for path in named if not (ROOT / path).exists())
        assert missing == [], document


#: test folders that mirror no package: the pages, faults across the stack, shared helpers
NOT_A_PACKAGE = {"ui", "resilience", "support"}


def test_the_tests_mirror_the_packages():
    folders = {path.parent.name for path in (ROOT / "tests").glob("*/__init__.py")}
    packages = {path.parent.name for path in (ROOT / "service").glob("*/__init__.py")} | {"workers"}
    assert folders - NOT_A_PACKAGE <= packages
    # every business package has tests of its own
    assert packages - folders <= {"jobs"}, "tests/<package>/ for each package"
