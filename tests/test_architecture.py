"""The map stays true. ARCHITECTURE.md (and docs/controls.md, its table of
where each rule and control lives) names only paths that exist and every
package; each package's ``__init__`` docstring names every module and
subpackage of it, and nothing that is not one (a new module must find its
line)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = (ROOT / "ARCHITECTURE.md").read_text()
CONTROLS = (ROOT / "docs" / "controls.md").read_text()
PATH = r"`((?:service|workers|dealer_ui|ops|lint_contracts|tests)/[\w./]*)`"
NAMED = set(re.findall(PATH, MAP))

#: every package of the code; the migrations' versions are named by number
PACKAGES = sorted(
    {
        init.parent
        for init in (ROOT / "service").glob("**/__init__.py")
        if "versions" not in init.relative_to(ROOT).parts
    }
    | {ROOT / "workers", ROOT / "dealer_ui"}
)

#: a file or folder of the package, as its docstring names it: ``check.py``, ``bench/``
OWN_PATH = r"``([\w/]+\.(?:py|js|css|html|txt)|\w+/)``"
#: a module by its dotted name: :mod:`~service.engine.cards`
DOTTED = r":mod:`~?((?:service|workers|dealer_ui)(?:\.\w+)+)`"


def docstring(package: Path) -> str:
    return ast.get_docstring(ast.parse((package / "__init__.py").read_text())) or ""


def dotted(package: Path) -> str:
    return ".".join(package.relative_to(ROOT).parts)


def named_in(package: Path) -> set[str]:
    """The package's own files and folders its docstring names, as paths relative to it."""
    text = docstring(package)
    own = set(re.findall(OWN_PATH, text))
    prefix = dotted(package) + "."
    for name in re.findall(DOTTED, text):
        if name.startswith(prefix) and "." not in name[len(prefix) :]:
            own.add(name[len(prefix) :] + ".py")
    return own


def modules_of(package: Path) -> set[str]:
    """Its module files, its subpackages (a folder with an ``__init__.py``)
    and the pages' JavaScript modules."""
    files = {path.name for path in package.glob("*.py") if path.name != "__init__.py"}
    folders = {f"{path.parent.name}/" for path in package.glob("*/__init__.py")}
    scripts = {path.relative_to(package).as_posix() for path in package.glob("static/**/*.js")}
    return files | folders | scripts


def test_every_path_it_names_exists():
    assert len(NAMED) > 50
    missing = sorted(path for path in NAMED if not (ROOT / path).exists())
    assert missing == []


def test_every_path_the_controls_name_exists():
    named = set(re.findall(PATH, CONTROLS))
    assert len(named) > 50
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert missing == []


def test_the_map_links_the_controls():
    assert "(docs/controls.md)" in MAP


def test_every_module_is_named_in_its_package_docstring():
    assert len(PACKAGES) > 20
    unplaced = {
        package.relative_to(ROOT).as_posix(): sorted(modules_of(package) - named_in(package))
        for package in PACKAGES
    }
    assert {package: names for package, names in unplaced.items() if names} == {}, (
        "name these in their package's __init__ docstring"
    )
    assert sum(len(modules_of(package)) for package in PACKAGES) > 300


def test_every_name_in_a_package_docstring_is_a_file():
    missing = {
        package.relative_to(ROOT).as_posix(): sorted(
            name for name in named_in(package) if not (package / name).exists()
        )
        for package in PACKAGES
    }
    assert {package: names for package, names in missing.items() if names} == {}


def test_every_module_a_docstring_names_by_its_dotted_name_exists():
    for package in PACKAGES:
        for name in re.findall(DOTTED, docstring(package)):
            path = ROOT / Path(*name.split("."))
            assert path.with_suffix(".py").exists() or (path / "__init__.py").exists(), (package, name)


def test_every_package_is_named():
    packages = {f"service/{path.parent.name}/" for path in (ROOT / "service").glob("*/__init__.py")}
    named = {path for path in NAMED if path.endswith("/")} | {
        "/".join(path.split("/")[:2]) + "/" for path in NAMED if path.startswith("service/")
    }
    assert packages - named == set()


#: packages whose docstring names their modules but not what they may import
AS_A_WHOLE = ("engine", "analysis", "api", "cli")


def test_every_package_says_what_it_owns_and_may_import():
    for init in (ROOT / "service").glob("*/__init__.py"):
        if init.parent.name in AS_A_WHOLE:
            continue
        text = init.read_text()
        assert text.startswith('"""'), init
        assert "May import" in text, init


#: the README, the runbook and the guides the README's text moved to
DOCUMENTS = (
    "README.md",
    "ops/README.md",
    *sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob("docs/**/*.md")),
)


def test_the_readme_the_runbook_and_the_guides_name_only_paths_that_exist():
    assert "docs/api.md" in DOCUMENTS
    for document in DOCUMENTS:
        text = (ROOT / document).read_text()
        named = set(re.findall(r"`((?:service|workers|dealer_ui|lint_contracts)/[\w./]*)`", text))
        missing = sorted(path for path in named if not (ROOT / path).exists())
        assert missing == [], document


#: test folders that mirror no package: the pages, faults across the stack, shared
#: helpers, the benchmarks (not shipped) and their tests, the rules' reference
NOT_A_PACKAGE = {"ui", "resilience", "support", "bench", "reference_rules"}


def test_the_tests_mirror_the_packages():
    folders = {path.parent.name for path in (ROOT / "tests").glob("*/__init__.py")}
    packages = {path.parent.name for path in (ROOT / "service").glob("*/__init__.py")} | {"workers"}
    assert folders - NOT_A_PACKAGE <= packages
    # every business package has tests of its own
    assert packages - folders <= {"jobs"}, "tests/<package>/ for each package"
