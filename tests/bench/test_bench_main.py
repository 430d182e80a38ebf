"""``python -m tests.bench``: the benchmarks' command line, run from the
checkout like ``breakpoker`` and given the caller's environment, not the one
``tests/__init__.py`` makes for a test run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.bench import COMMANDS

CHECKOUT = Path(__file__).resolve().parents[2]
#: what tests/__init__.py sets for a test run where the caller has not
TEST_RUN = ("BREAKPOKER_INSTANCE", "BREAKPOKER_TEST_RUN_FOLDER")


def bench(*arguments: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.bench", *arguments],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_it_lists_every_benchmark():
    done = bench("--help", cwd=CHECKOUT, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert "Usage: python -m tests.bench" in done.stdout
    listed = {line.split()[0] for line in done.stdout.split("Commands:")[1].splitlines() if line.strip()}
    assert set(COMMANDS) == listed
    assert listed == {
        "bench",
        "bench-alerts",
        "bench-expected",
        "bench-load",
        "bench-office",
        "bench-profile",
        "bench-protection-cost",
        "bench-rated",
        "bench-scale",
        "bench-service",
        "bench-strategy",
    }


def test_a_bench_reads_the_caller_s_instance_not_a_test_run_s(tmp_path):
    # No instance named: the default, ./instance of where it runs, as breakpoker's.
    env = {name: value for name, value in os.environ.items() if name not in TEST_RUN}
    env["PYTHONPATH"] = str(CHECKOUT)
    done = bench("bench-expected", "--rounds", "2", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    first = done.stdout.splitlines()[0]
    assert first.startswith(f"strategy table: not built in {tmp_path / 'instance'};"), first


def test_bad_settings_stop_it_naming_the_variable():
    done = bench("bench", cwd=CHECKOUT, env={**os.environ, "BREAKPOKER_ROUNDS_WITHOUT_SESSION": "maybe"})
    assert done.returncode == 78, done.stderr  # EX_CONFIG, as breakpoker's
    assert "BREAKPOKER_ROUNDS_WITHOUT_SESSION" in done.stderr
