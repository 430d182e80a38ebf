"""The import contract that keeps the rules core on the standard library must
itself catch a violation (a contract that cannot fail guards nothing)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


CONTRACTS_HEADER = (
    '[tool.importlinter]\nroot_packages = ["fakeservice"]\ninclude_external_packages = true\n'
    'contract_types = ["stdlib_only: lint_contracts.stdlib_only.StdlibOnlyContract"]\n\n'
    "[[tool.importlinter.contracts]]\n"
)


def lint(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports on the contracts written in ``tmp_path``."""
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    return subprocess.run(
        [str(LINT_IMPORTS), str(tmp_path / "contracts.toml"), "--no-cache", "--no-logo"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def run_contract(tmp_path: Path, engine_source: str) -> subprocess.CompletedProcess[str]:
    package = tmp_path / "fakeservice"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine" / "__init__.py").write_text("")
    (package / "engine" / "rules.py").write_text(engine_source)
    (package / "api.py").write_text("import click\nfrom fakeservice.engine import rules\n")
    (tmp_path / "contracts.toml").write_text(
        f'{CONTRACTS_HEADER}name = "engine is stdlib only"\ntype = "stdlib_only"\n'
        'package = "fakeservice.engine"\n'
    )
    return lint(tmp_path)


def test_standard_library_imports_keep_the_contract(tmp_path):
    done = run_contract(
        tmp_path, "import json\nfrom collections import Counter\nfrom fakeservice.engine import rules\n"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "KEPT" in done.stdout


def test_a_third_party_import_breaks_it(tmp_path):
    done = run_contract(tmp_path, "import json\nimport click\n")
    assert done.returncode != 0
    assert "fakeservice.engine.rules imports click (l.2), which is not the standard library" in done.stdout


def test_an_import_of_the_outer_service_breaks_it(tmp_path):
    done = run_contract(tmp_path, "from fakeservice import api\n")
    assert done.returncode != 0
    assert "fakeservice.engine.rules imports fakeservice.api" in done.stdout


def run_also_contract(tmp_path: Path, room_source: str) -> subprocess.CompletedProcess[str]:
    """A second pure package that may import the first one's ``cards`` only."""
    package = tmp_path / "fakeservice"
    for folder in ("engine", "room"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "engine" / "cards.py").write_text("import json\n")
    (package / "engine" / "hands.py").write_text("import json\n")
    (package / "room" / "games.py").write_text(room_source)
    (tmp_path / "contracts.toml").write_text(
        f'{CONTRACTS_HEADER}name = "room is stdlib only"\ntype = "stdlib_only"\n'
        'package = "fakeservice.room"\nalso = ["fakeservice.engine.cards"]\n'
    )
    return lint(tmp_path)


def test_a_module_named_in_also_keeps_the_contract(tmp_path):
    done = run_also_contract(tmp_path, "import json\nfrom fakeservice.engine import cards\n")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_module_not_named_in_also_breaks_it(tmp_path):
    done = run_also_contract(tmp_path, "from fakeservice.engine import cards, hands\n")
    assert done.returncode != 0
    assert "fakeservice.room.games imports fakeservice.engine.hands" in done.stdout
