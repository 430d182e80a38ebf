"""``python -m tests.bench bench-rated``: the floor's rated-play report and a
heavy player's lifetime figures timed on a year's rows (here a small one:
the bench's shape and answers, not its speed)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.bench import main


def test_bench_rated_fills_the_rows_and_times_both_answers():
    arguments = ["bench-rated", "--rounds", "3000", "--tables", "2", "--days", "40", "--ratings", "3"]
    result = CliRunner().invoke(main, [*arguments, "--rating-rounds", "5", "--repeat", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["rows"] == {
        "rated_shift_figures": 2 * 40 * 3 * 2,
        "rated_month_figures": document["rows"]["rated_month_figures"],
        "shift_aggregates": 2 * 40 * 3 * 2,
        "heavy_player_ratings": 3,
        "heavy_player_rounds": 15,
    }
    assert 2 * 2 * 2 <= document["rows"]["rated_month_figures"] <= 2 * 2 * 12  # two months, dealers rotate
    assert set(document["timed"]) == {"rated_play_ytd", "player_lifetime"}
    for timed in document["timed"].values():
        assert timed["asks"] == 2
        assert 0 < timed["min_ms"] <= timed["median_ms"] <= timed["max_ms"]
