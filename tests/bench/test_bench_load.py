"""``python -m tests.bench bench-load``: a short run against the real gunicorn, checked
for its shape and for what it promises (no round lost or stored twice)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sqlalchemy import func, select

from service.store.db import make_engine
from service.store.models import RoundRecord


def test_bench_load_drives_the_api_and_the_ceiling_and_counts_every_round():
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench", "bench-load", "--seconds", "0.5", "--rate", "40",
         "--connections", "4", "--workers", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["ok"] is True, result["problems"]
    fixed, saturated, constant, read, ceiling = result["phases"]
    assert [phase["phase"] for phase in result["phases"]] == [
        "rounds at a fixed rate",
        "rounds at saturation",
        "API constant at saturation",
        "API signed-in read at saturation",
        "bare endpoint at saturation",
    ]
    assert fixed["offered_per_second"] == 40
    assert fixed["statuses"] == {"201": 20}  # every round of the half second, all settled
    assert set(saturated["statuses"]) == {"201"}
    assert saturated["answered"] > 0
    for answered_200 in (constant, read, ceiling):
        assert set(answered_200["statuses"]) == {"200"}
        assert answered_200["answered"] > 0
    assert fixed["share_of_ceiling"] is None  # an offered rate is no share of anything
    assert saturated["share_of_ceiling"] == result["share_of_ceiling"]
    shown = read["throughput_per_second"] / ceiling["throughput_per_second"]  # rounded figures
    assert read["share_of_ceiling"] == pytest.approx(shown, abs=0.001)
    assert ceiling["share_of_ceiling"] == 1
    for phase in result["phases"]:
        assert phase["unexpected"] == 0
        assert phase["p50_ms"] <= phase["p95_ms"] <= phase["p99_ms"] <= phase["max_ms"]
    assert result["stored_rounds"] == result["answered_201"] >= 20 + saturated["answered"]
    assert result["gunicorn"]["workers"] == 2
    assert 0 < result["share_of_ceiling"] < 1
    signed_in = saturated["throughput_per_second"] / read["throughput_per_second"]
    assert result["share_of_signed_in_read"] == pytest.approx(signed_in, abs=0.01)
    assert set(result["aims"]) == {"p99_ms_at_rate", "rate", "p99_met"}  # the 40 % aim is withdrawn


def run_stored(url: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench", "bench-load", "--stored", url, "--seconds", "0.5",
         "--rate", "20", "--connections", "2", "--workers", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_bench_load_beside_stored_rounds_counts_its_own_and_keeps_theirs(tmp_path):
    """``--stored``: entering rounds with others already stored (a database
    ``bench-scale --keep`` left): the bench's rounds go to a table of their
    own, are counted there, and nothing of the database is dropped."""
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    first = run_stored(url)
    second = run_stored(url)  # beside the first run's rounds, users and table
    assert first["rounds_stored_before"] == 0
    assert second["rounds_stored_before"] == first["stored_rounds"] > 0
    for result in (first, second):
        assert result["ok"] is True, result["problems"]
        assert result["stored_rounds"] == result["answered_201"]
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            kept = connection.scalar(select(func.count()).select_from(RoundRecord))
    finally:
        engine.dispose()
    assert kept == first["stored_rounds"] + second["stored_rounds"]


def test_bench_load_takes_one_database():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.bench",
            "bench-load",
            "--database",
            "sqlite:///a",
            "--stored",
            "sqlite:///b",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--database and --stored name two databases" in done.stderr
