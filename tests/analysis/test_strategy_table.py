"""The strategy table on disk: blocks written whole, a stopped build that
resumes, the house way read back from it as the par kernel counts it, and
the optimal-strategy sheets kept as fixtures (the whole table is a minute
to build, so CI checks it block by block and `make bench` rebuilds it)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from service.analysis import pair_columns as kernel
from service.analysis import strategy_table
from service.analysis.main_bet import DEALS, player_rows
from service.analysis.optimal_sheet import (
    cached_optimal_sheet,
    setting_columns,
    sheet_file,
    sheet_from_json,
    sheet_json,
)
from service.analysis.strategy_table import (
    BLOCK,
    BLOCKS,
    StrategyBlock,
    block_file,
    build_table,
    compute_block,
    load_block,
    store_block,
    table_folder,
)
from service.engine.qualifier import DEFAULT_QUALIFIER, parse_qualifier

FIXTURES = Path(__file__).parent / "fixtures"
A32 = parse_qualifier("A-3-2")


def fixture(qualifier) -> dict:
    return json.loads((FIXTURES / f"optimal_{qualifier.text}.json").read_text())


@pytest.fixture(scope="module")
def block_three():
    return compute_block(3, DEFAULT_QUALIFIER)


def test_a_block_reads_back_as_it_was_written(tmp_path, block_three):
    path = store_block(block_three, tmp_path)
    again = load_block(path)
    assert again is not None
    for name in strategy_table._ARRAYS:
        assert np.array_equal(getattr(again, name), getattr(block_three, name)), name
    assert again.first == 3 * BLOCK
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_a_damaged_block_reads_as_missing(tmp_path, block_three):
    path = store_block(block_three, tmp_path)
    path.write_bytes(path.read_bytes()[:200])
    assert load_block(path) is None


def test_the_house_way_read_from_a_block_is_the_par_kernel_s(block_three):
    """Outcome by outcome, for every player of the block."""
    columns = setting_columns(block_three, block_three.house)
    rows = player_rows(slice(3 * BLOCK, 4 * BLOCK), DEFAULT_QUALIFIER)
    assert np.array_equal(columns, rows[:, : kernel.DEALER_HAS_LUCKY_BREAK])
    # The Dealer Break Bonus column: dealer hands with a Lucky Break.
    assert np.array_equal(block_three.groups[:, 1], rows[:, kernel.DEALER_HAS_LUCKY_BREAK])


def test_the_optimal_setting_is_never_worse_than_the_house_way(block_three):
    value = block_three.won - block_three.lost
    starts = block_three.offsets[:-1]
    assert (value[starts + block_three.best] >= value[starts + block_three.house]).all()


def _fake_block(number: int, qualifier) -> StrategyBlock:
    one = np.zeros(1, dtype=np.int64)
    return StrategyBlock(
        first=number * BLOCK,
        offsets=np.array([0, 1]),
        low_position=one,
        high_position=one,
        lucky=np.zeros(1, dtype=np.bool_),
        won=one,
        lost=one,
        groups=np.zeros((1, 3), dtype=np.int64),
        best=one,
        house=one,
        better=one,
        beaten=one,
    )


def test_a_stopped_build_resumes_with_the_blocks_missing(tmp_path, monkeypatch):
    computed: list[int] = []

    def compute(number, qualifier):
        computed.append(number)
        if number == 40 and len(computed) == 41:
            raise KeyboardInterrupt  # stopped half way
        return _fake_block(number, qualifier)

    monkeypatch.setattr(strategy_table, "compute_block", compute)
    with pytest.raises(KeyboardInterrupt):
        build_table(DEFAULT_QUALIFIER, tmp_path)
    folder = table_folder(DEFAULT_QUALIFIER, tmp_path)
    assert len(list(folder.glob("block-*.npz"))) == 40
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]
    block_file(folder, 7).write_bytes(b"damaged")
    computed.clear()
    seen = []
    build_table(DEFAULT_QUALIFIER, tmp_path, lambda done, total: seen.append((done, total)))
    assert computed == [7, *range(40, BLOCKS)]
    assert seen[0] == (BLOCKS - len(computed), BLOCKS)
    assert seen[-1] == (BLOCKS, BLOCKS)


@pytest.mark.parametrize("qualifier", [DEFAULT_QUALIFIER, A32])
def test_the_optimal_sheet_fixture_reads_back_exactly(qualifier, tmp_path):
    data = fixture(qualifier)
    sheet = sheet_from_json(data)
    assert sum(line.combinations for line in sheet.main.lines) == DEALS
    assert json.loads(json.dumps(sheet_json(sheet))) == data
    folder = tmp_path / "table"
    folder.mkdir()
    sheet_file(folder).write_text(json.dumps(data))
    assert cached_optimal_sheet(folder) == sheet


def test_the_optimal_strategy_figures():
    """Pinned; regenerate the fixtures with `make strategy-fixtures` after a
    rules change (tests/analysis/test_analysis_pairs.py sees a stale one)."""
    k32, a32 = sheet_from_json(fixture(DEFAULT_QUALIFIER)), sheet_from_json(fixture(A32))
    assert k32.main.house_edge == Fraction(26_292_081_239, 2_241_972_562_830)
    assert float(k32.main.house_edge) == pytest.approx(0.01172720918841754, rel=1e-12)
    assert float(a32.main.house_edge) == pytest.approx(0.020832695660906127, rel=1e-12)
    for sheet in (k32, a32):
        # Optimal play never does worse than the house way, and the two
        # differ only where the player ties or beats it.
        assert 0 < sheet.gain < Fraction(1, 100)
        assert 0 < sheet.differs < Fraction(1, 10)
        # A Lucky Break is never given up: those lines are the house way's.
        for optimal, house in zip(sheet.main.lines[:3], sheet.house_way_main.lines[:3], strict=True):
            assert optimal.combinations == house.combinations
