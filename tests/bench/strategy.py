"""``python -m tests.bench bench-strategy``: the strategy table's build time, peak
memory and size from a cold start, whether it agrees with the tests'
fixtures, and the hand calculator's time per hand."""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click

from service.analysis.hand_advice import advise
from service.analysis.optimal_sheet import sheet_file
from service.analysis.strategy_table import table_folder
from service.engine.cards import DECK
from service.engine.qualifier import DEFAULT_QUALIFIER
from service.engine.table_config import TableConfig

FIXTURES = Path(__file__).resolve().parents[1] / "analysis" / "fixtures"  # tests/analysis/fixtures


@click.command("bench-strategy")
@click.option("--runs", default=3, show_default=True, help="Cold builds of the table, each in a new process.")
@click.option("--hands", default=2_000, show_default=True, help="Random hands for the calculator's figure.")
@click.option("--seed", default=1, show_default=True)
def bench_strategy(runs: int, hands: int, seed: int) -> None:
    """Build the K-3-2 strategy table from cold --runs times (median and
    range), check it against tests/analysis/fixtures, and time the hand
    calculator on random hands."""
    with tempfile.TemporaryDirectory(prefix="bench-strategy-") as scratch:
        instance = Path(scratch)
        seconds = [_cold_build(instance / f"run-{run}") for run in range(runs)]
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        folder = table_folder(DEFAULT_QUALIFIER, instance / "run-0")
        size = sum(path.stat().st_size for path in folder.glob("block-*.npz")) / 1e6
        click.echo(
            f"strategy table, cold:  median {statistics.median(seconds):.1f} s, range "
            f"{min(seconds):.1f}-{max(seconds):.1f} s over {runs} runs (a new process each, end to end); "
            f"peak memory {peak:,.0f} MiB; {size:.1f} MB on disk"
        )
        _compare_with_fixture(folder)
        _calculator_figure(instance / "run-0", hands, seed)


def _cold_build(instance: Path) -> float:
    environment = {**os.environ, "BREAKPOKER_INSTANCE": str(instance)}
    command = [sys.executable, "-m", "service.cli", "strategy", "build", "--qualifier", "K-3-2"]
    start = time.perf_counter()
    done = subprocess.run(command, env=environment, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise click.ClickException(f"strategy build failed: {done.stderr.decode()[-2000:]}")
    return elapsed


def _compare_with_fixture(folder: Path) -> None:
    fixture = FIXTURES / "optimal_K-3-2.json"
    if not fixture.exists():
        click.echo("strategy table, check: no fixture to compare with (not a source checkout)")
        return
    built = json.loads(sheet_file(folder).read_text())
    if built["exact"] != json.loads(fixture.read_text())["exact"]:
        raise click.ClickException(f"the built optimal sheet differs from {fixture}: make strategy-fixtures?")
    click.echo(f"strategy table, check: its optimal sheet is exactly {fixture.name}'s")


def _calculator_figure(instance: Path, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    config = TableConfig()
    deals = [rng.sample(DECK, 7) for _ in range(hands)]
    for cards in deals:  # every block once: the warm figure is the table's
        advise(cards, config, instance)
    times = []
    for cards in deals:
        start = time.perf_counter()
        advise(cards, config, instance)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    click.echo(
        f"hand calculator, warm: median {statistics.median(times):.2f} ms, p99 "
        f"{times[int(len(times) * 0.99)]:.2f} ms, range {times[0]:.2f}-{times[-1]:.2f} ms a hand "
        f"({hands:,} random hands, one core)"
    )
