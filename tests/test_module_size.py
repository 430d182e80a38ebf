"""No module of the project is over 300 lines (issue 41): a reader takes in
a module at a sitting, and a rule or a control is found by its file's name.
Counted over every Python and JavaScript file git tracks, the tests, the
benchmarks and the migrations included."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOST_LINES = 300


def tracked_sources() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.py", "*.js"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def test_it_reads_the_whole_tree():
    names = {path.relative_to(ROOT).parts[0] for path in tracked_sources()}
    assert {"service", "workers", "dealer_ui", "tests"} <= names
    assert len(tracked_sources()) > 500


def test_no_module_is_over_300_lines():
    over = {
        str(path.relative_to(ROOT)): lines
        for path in tracked_sources()
        if path.exists() and (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert over == {}
