"""``python -m tests.bench bench-strategy``: its check of the built table's
optimal sheet against the one the tests pin (the build itself takes minutes
of a core: not run here)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import click
import pytest

from service.analysis.optimal_sheet import sheet_file
from tests.bench import strategy

PINNED = Path(__file__).resolve().parents[1] / "analysis" / "fixtures" / "optimal_K-3-2.json"


def test_a_built_sheet_equal_to_the_pinned_one_passes_the_check(tmp_path, capsys):
    built = sheet_file(tmp_path)
    built.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(PINNED, built)
    strategy._compare_with_fixture(tmp_path)
    shown = capsys.readouterr().out
    assert shown == "strategy table, check: its optimal sheet is exactly optimal_K-3-2.json's\n"


def test_a_built_sheet_unlike_the_pinned_one_fails_the_check(tmp_path):
    sheet = json.loads(PINNED.read_text())
    sheet["exact"] = {"changed": True}
    built = sheet_file(tmp_path)
    built.parent.mkdir(parents=True, exist_ok=True)
    built.write_text(json.dumps(sheet))
    with pytest.raises(click.ClickException, match=r"differs from .*optimal_K-3-2\.json"):
        strategy._compare_with_fixture(tmp_path)
