"""``python -m tests.bench bench-alerts``: the pit's alert list and one
alert with its rounds timed on a year's rows (here a small one: the
bench's shape and answers, not its speed)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.bench import main

TIMED = {
    "open_first_page",
    "open_later_page",
    "all_first_page",
    "all_later_page",
    "alert_many_rounds",
    "alert_repeated_deck",
}


def test_bench_alerts_fills_the_rows_and_times_every_answer():
    arguments = ["bench-alerts", "--rounds", "3000", "--tables", "3", "--alerts", "450"]
    shape = ["--heavy-alerts", "5", "--heavy-rounds", "40", "--deck-alerts", "4", "--depth", "2"]
    result = CliRunner().invoke(main, [*arguments, *shape, "--repeat", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    rows = document["rows"]
    assert (rows["rounds"], rows["alerts"], rows["repeated_deck_alerts"]) == (3000, 450, 4)
    assert 100 < rows["open_alerts"] < 300  # 60 % acknowledged at random
    assert set(document["timed"]) == TIMED
    assert "cursor=" in document["timed"]["open_later_page"]["path"]
    for timed in document["timed"].values():
        assert timed["asks"] == 2
        assert 0 < timed["min_ms"] <= timed["median_ms"] <= timed["max_ms"]


def test_more_heavy_and_deck_alerts_than_alerts_is_refused():
    arguments = ["bench-alerts", "--alerts", "5", "--heavy-alerts", "4", "--deck-alerts", "2"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2
    assert "more heavy and deck alerts than alerts" in result.output
