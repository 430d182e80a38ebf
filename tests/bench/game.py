"""``python -m tests.bench bench``: speed of the house way, of ``breakpoker settle`` and
of the exact par sheet."""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from typing import IO

import click

from service.cli.batch_gc import collect_garbage_less_often
from service.engine import break_bonus
from service.engine import house_way as house_way_cache
from service.engine.cards import DECK
from service.engine.house_way import house_way
from service.rounds.samples import random_round


@click.command()
@click.option("--hands", default=100_000, show_default=True, help="Random hands for the house-way figures.")
@click.option("--rounds", default=10_000, show_default=True, help="Six-seat rounds piped through settle.")
@click.option("--seed", default=1, show_default=True)
@click.option(
    "--par-sheet/--no-par-sheet",
    default=True,
    show_default=True,
    help="Time the exact par sheet from a cold start (half a minute of every core).",
)
def bench(hands: int, rounds: int, seed: int, par_sheet: bool) -> None:
    """Print house-way settings per second (cold and warm, one core), seats
    settled per second through `breakpoker settle`, end to end, and the time
    and peak memory of the exact par sheet from a cold start."""
    rng = random.Random(seed)
    deals = [rng.sample(DECK, 7) for _ in range(hands)]

    collect_garbage_less_often()  # as settle does
    house_way_cache.clear_cache()
    break_bonus.clear_cache()
    cold = _rate(deals)
    patterns = house_way_cache.cached_patterns()
    warm = _rate(deals)
    click.echo(
        f"house way, cold cache:  {cold:>10,.0f} settings/s, one core "
        f"({hands:,} random hands, {patterns:,} patterns computed on the way)"
    )
    click.echo(f"house way, warm cache:  {warm:>10,.0f} settings/s, one core (the same hands again)")

    with tempfile.TemporaryFile("w+b") as source:
        for number in range(rounds):
            source.write(json.dumps(random_round(rng, f"b{number}")).encode() + b"\n")
        for jobs, label in ((1, "one process"), (None, f"{_cpus()} processes")):
            source.seek(0)
            _settle_figure(source, jobs, label)
    if par_sheet:
        _par_sheet_figure()


def _cpus() -> int:
    return len(os.sched_getaffinity(0))


def _settle_figure(source: IO[bytes], jobs: int | None, label: str) -> None:
    command = [sys.executable, "-m", "service.cli", "settle"]
    if jobs is not None:
        command += ["--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, stdin=source, stdout=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    lines = done.stdout.splitlines()
    errors = sum(1 for line in lines if b'"error"' in line)
    seats = 6 * (len(lines) - errors)
    click.echo(
        f"settle, {label + ':':<15}{seats / elapsed:>10,.0f} seats/s "
        f"({seats:,} seats of {len(lines):,} rounds in {elapsed:.2f} s, end to end with process start)"
    )
    if done.returncode != 0 or errors:
        raise click.ClickException("settle reported errors on generated rounds")


def _par_sheet_figure() -> None:
    """The exact par sheet from a cold start: a fresh process, nothing
    cached, the compiled loop built on the way."""
    command = [sys.executable, "-m", "service.cli", "analyze", "--fresh", "--json", "--no-strategy"]
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise click.ClickException("analyze failed")
    inside = json.loads(done.stdout)["seconds"]
    # ru_maxrss is in KiB on Linux: the largest child so far, here analyze.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    click.echo(
        f"par sheet, cold start: {elapsed:>10.1f} s end to end ({inside:.1f} s computing, the rest "
        f"process start), peak memory {peak:,.0f} MiB"
    )


def _rate(deals: list[list]) -> float:  # type: ignore[type-arg]
    start = time.perf_counter()
    for cards in deals:
        house_way(cards)
    return len(deals) / (time.perf_counter() - start)
