"""The figures of ``python -m tests.bench bench-office``: what each step counted in how
many seconds, the progress line each step starts with, and the result as
printed, or the reason it failed."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

STEPS = 9
T = TypeVar("T")


@dataclass(frozen=True)
class Figure:
    key: str
    what: str
    count: int
    seconds: float
    unit: str | None  # what the rate counts per second; None: the time is the figure

    @property
    def rate(self) -> float | None:
        if self.unit is None or self.seconds <= 0:
            return None
        return self.count / self.seconds

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "count": self.count,
            "seconds": round(self.seconds, 6),
            "milliseconds": round(self.seconds * 1000, 3),
            "rate": None if self.rate is None else round(self.rate, 1),
            "unit": None if self.unit is None else f"{self.unit}/s",
        }


class Figures:
    """The figures of a run in the order they were taken, and its step."""

    def __init__(self) -> None:
        self.figures: list[Figure] = []
        self.step = 0

    def begin(self, message: str) -> None:
        self.step += 1
        progress(f"[{self.step}/{STEPS}] {message}")

    def timed(self, key: str, what: str, count: int, unit: str | None, work: Callable[[], T]) -> T:
        start = time.perf_counter()
        value = work()
        self.figures.append(Figure(key, what, count, time.perf_counter() - start, unit))
        return value

    def add(self, key: str, what: str, count: int, seconds: float, unit: str | None) -> None:
        self.figures.append(Figure(key, what, count, seconds, unit))

    def to_json(self) -> dict[str, Any]:
        return {figure.key: figure.to_json() for figure in self.figures}


def progress(message: str) -> None:
    click.echo(f"bench-office: {message}", err=True)


def print_result(result: dict[str, Any]) -> None:
    click.echo(
        f"bench-office: {result['rounds']:,} six-seat rounds on {result['database']}, gaming days "
        f"{result['gaming_days']['first']} to {result['gaming_days']['last']}, seed {result['seed']}"
    )
    click.echo(f"note: {result['password_hashing']}")
    click.echo()
    click.echo(f"{'what':<56} {'count':>8} {'seconds':>9} {'rate':>16}")
    for figure in result["figures"].values():
        if figure["rate"] is None:
            rate = f"{figure['milliseconds']:,.1f} ms"
        else:
            rate = f"{figure['rate']:,.0f} {figure['unit']}"
        click.echo(f"{figure['what']:<56} {figure['count']:>8,} {figure['seconds']:>9.3f} {rate:>16}")
    export = result["export"]
    click.echo()
    click.echo(
        f"export: {export['rows']:,} rows, ZIP {export['zip_bytes'] / 2**20:,.2f} MiB, "
        f"tracemalloc peak {export['tracemalloc_peak_bytes'] / 2**20:,.2f} MiB during the build"
    )
    day, mtd = result["reports"]["day"], result["reports"]["mtd"]
    click.echo(
        f"reports: day {day['rounds']:,} rounds, month to date {mtd['rounds']:,} rounds, "
        f"{day['pending_rounds'] + mtd['pending_rounds']} pending; theoretical figures "
        f"{'pending (no par sheet computed)' if day['theoretical_pending'] else 'shown'}"
    )
    chain = result["chain"]
    resettled = result["resettle"]
    click.echo(
        f"audit chain: {'intact' if chain['intact'] else 'BROKEN'}, {chain['checked']:,} links checked; "
        f"re-settlement: {resettled['mismatched']} of {resettled['checked']:,} rounds mismatched"
    )


def failure(result: dict[str, Any]) -> str:
    problems = []
    if not result["chain"]["intact"]:
        problems.append(f"the audit chain is broken: {json.dumps(result['chain']['broken'])}")
    if result["resettle"]["mismatched"]:
        problems.append(
            f"{result['resettle']['mismatched']} round(s) do not re-settle to what was stored: "
            f"{json.dumps(result['resettle']['examples'])}"
        )
    return "bench-office FAILED: " + "; ".join(problems)
