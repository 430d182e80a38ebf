"""``python -m tests.bench bench-protection-cost``: a six-seat round's whole
protection work timed on a database of its own, each part's median beside
it, and the hidden-information job's again from disk and in batches; the
strategy blocks its hands need built apart when the instance has no table."""

from __future__ import annotations

import re

from click.testing import CliRunner

from tests.bench import main
from tests.bench.protection_rounds import PARTS

FIGURES = r"([\d.]+) ms a six-seat round, median \(range ([\d.]+) to ([\d.]+) ms over (\d+); CPU ([\d.]+) ms"


def test_bench_protection_cost_prints_the_whole_and_each_part_per_round(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))  # no strategy table there
    result = CliRunner().invoke(main, ["bench-protection-cost", "--rounds", "3"])
    assert result.exit_code == 0, result.output
    built, whole, *lines = result.output.splitlines()
    assert re.fullmatch(
        r"strategy table: not built in .*; built the \d+ blocks these hands need in .*", built
    )
    assert whole.startswith("protection work, whole round, blocks in memory: ")
    parts, timed = lines[: len(PARTS)], lines[len(PARTS) :]
    medians = {}
    for name, line in zip(PARTS, parts, strict=True):
        found = re.fullmatch(rf"  of which {name}: ([\d.]+) ms median \(CPU ([\d.]+) ms\)", line)
        assert found is not None, line
        medians[name] = float(found[1])
        assert medians[name] > 0
    assert len(timed) == 3
    assert [line.split(",")[0] for line in timed] == ["hidden-information job"] * 3
    # 3 rounds: 2 after the first apart (a batch of its own), the other two a batch
    for line, rounds in zip([whole, *timed], (2, 2, 2, 2), strict=True):
        found = re.search(FIGURES, line)
        assert found is not None, line
        median, low, high, over, cpu = (float(each) for each in found.groups())
        assert 0 < low <= median <= high
        assert over == rounds
        assert cpu > 0
    batched = re.search(FIGURES, timed[2])
    assert batched is not None
    assert float(batched[1]) == medians["hidden-information"]  # the whole's part is the batched job
    whole_median = float(re.search(FIGURES, whole)[1])  # type: ignore[index]
    assert whole_median >= max(medians.values())  # each round's whole is the sum of its parts
    assert not list(tmp_path.iterdir())  # the blocks and the spread went into the bench's scratch folder
