"""``breakpoker strategy build``: the blocks missing, then the sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from service.analysis.optimal_sheet import sheet_file
from service.analysis.strategy_table import BLOCKS, block_file, load_block, store_block, table_folder
from service.cli import main
from service.engine.qualifier import parse_qualifier
from tests.analysis.test_strategy_table import _fake_block

FIXTURES = Path(__file__).parent / "fixtures"


def test_build_resumes_and_reports_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    qualifier = parse_qualifier("A-3-2")
    folder = table_folder(qualifier, tmp_path)
    for number in range(1, BLOCKS):  # all but the first, as a stopped build leaves them
        store_block(_fake_block(number, qualifier), folder)
    shutil.copyfile(FIXTURES / "optimal_A-3-2.json", sheet_file(folder))
    result = CliRunner().invoke(main, ["strategy", "build", "--qualifier", "a-3-2"])
    assert result.exit_code == 0, result.output
    built = load_block(block_file(folder, 0))
    assert built is not None
    assert len(built) == 1_000
    assert "Strategy table A-3-2" in result.stderr
    assert "A-3-2:" in result.stdout
    assert "optimal-strategy Main Bet house edge 2.08326957 % (house way 2.47345411 %)" in result.stdout


def test_a_bad_qualifier_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    result = CliRunner().invoke(main, ["strategy", "build", "--qualifier", "A-A-2"])
    assert result.exit_code == 2
    assert "--qualifier" in result.stderr
    assert "A-A-2" in result.stderr
