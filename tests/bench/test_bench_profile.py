"""``python -m tests.bench bench-profile``: the CPU a settled round takes and where it goes."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.bench import main
from tests.postgres import scratch_database


def test_bench_profile_reports_the_cpu_of_a_round_and_its_layers():
    result = CliRunner().invoke(main, ["bench-profile", "--rounds", "20", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["rounds"] == 20
    assert figures["cpu_ms_per_round"] > 0
    layers = figures["layers"]
    assert "sqlalchemy" in layers
    assert "service.engine (the rules)" in layers
    assert 0.8 < sum(layers.values()) <= 1.0 + 1e-9  # the twelve biggest layers: nearly all of it
    top = figures["functions"][0]
    # The whole request is the posting function itself; everything else is a share of it.
    assert top["function"].startswith("tests/bench/profile.py")
    assert top["share"] == 1.0
    assert any(
        line["function"].startswith("rounds/entering.py") and "enter_round" in line["function"]
        for line in figures["functions"]
    )


def test_bench_profile_runs_on_a_postgresql_scratch_database():
    with scratch_database() as url:
        result = CliRunner().invoke(main, ["bench-profile", "--rounds", "20", "--database", url, "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["database"].startswith("postgresql ")
    assert "psycopg" in figures["layers"]
    assert "SQLite and other C calls" not in figures["layers"]
    assert figures["cpu_ms_per_round"] > 0
