"""``python -m tests.bench bench-protection-cost``: the hidden-information job timed per
six-seat round on a database of its own, the strategy blocks its hands
need built apart when the instance has no table."""

from __future__ import annotations

import re

from click.testing import CliRunner

from tests.bench import main


def test_bench_protection_cost_prints_the_median_and_range_per_round(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))  # no strategy table there
    result = CliRunner().invoke(main, ["bench-protection-cost", "--rounds", "3"])
    assert result.exit_code == 0, result.output
    built, *timed = result.output.splitlines()
    assert re.fullmatch(
        r"strategy table: not built in .*; built the \d+ blocks these hands need in .*", built
    )
    assert len(timed) == 3
    for line in timed:
        found = re.search(
            r"([\d.]+) ms a six-seat round, median \(range ([\d.]+) to ([\d.]+) ms over \d+; CPU ([\d.]+) ms",
            line,
        )
        assert found is not None, line
        median, low, high, cpu = (float(each) for each in found.groups())
        assert 0 < low <= median <= high
        assert cpu > 0
    assert not list(tmp_path.iterdir())  # the blocks went into the bench's own scratch folder
