"""``python -m tests.bench bench-service``: the whole service under load, as ``make
run`` starts it (``breakpoker run``: the API under gunicorn, the outbox
dispatcher, a worker of the quick queues and one of the long jobs, the
embedded Redis), not only the API.

On a scratch database (as ``bench-load``), after a warm-up whose backlog
is let drain, each fixed rate is offered for ``--seconds`` (open loop:
``tests/bench/loadgen.py``) while the database is sampled every half
second for how far sealing and counting are behind the newest events and
rounds (``tests/bench/lag.py``); then the backlog is let drain, and
how long that took is the last figure. Every round answered 201 must end
stored once, sealed and counted: the exit status is 1 otherwise."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from service.analysis.cache import cache_file, copy_par_sheets
from service.analysis.optimal_sheet import sheet_file
from service.analysis.strategy_table import table_folder
from service.config.environment import StrategyTables
from service.engine.table_config import TableConfig
from service.store.db import Databases, database_factory, make_engine
from service.store.migrate import upgrade
from service.store.models import GameTable
from service.tables.tables import config_of, current_config
from tests.bench.cpu import cpu_by_child, find_process, used_between
from tests.bench.lag import LagSampler, Sample, worst
from tests.bench.load import WARM_UP_SECONDS, LoadBench
from tests.bench.load_figures import Phase, phase_line
from tests.bench.load_servers import PORT, server
from tests.bench.loadgen import closed_loop, open_loop
from tests.bench.scratch import finish, scratch, shown_database
from tests.bench.service_figures import lag_line, print_result

AIM_LAG_SECONDS = 5.0
AIM_P99_MS = 50.0
DRAIN_SECONDS = 1800.0


@click.command("bench-service")
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database instead of a temporary SQLite one (as bench-load).",
)
@click.option("--seconds", type=click.FloatRange(min=1), default=60, show_default=True, help="Per rate.")
@click.option(
    "--rate",
    "rates",
    type=click.FloatRange(min=1),
    multiple=True,
    help="A fixed rate, rounds/s; again for more, in turn  [default: 25, 50, 100]",
)
@click.option("--workers", type=click.IntRange(1, 64), help="Gunicorn workers  [default: the config's]")
@click.option(
    "--quick-workers", type=click.IntRange(1, 16), default=1, show_default=True, help="As `run --workers`."
)
@click.option(
    "--drain-seconds",
    type=click.FloatRange(min=1),
    default=DRAIN_SECONDS,
    show_default=True,
    help="How long a backlog may take to drain after a rate's load before the bench gives up.",
)
@click.option(
    "--par-sheets-from",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    metavar="INSTANCE",
    help="An instance folder whose cached par sheets the scratch one starts with: the table's par sheet "
    "job, which ends before the rates, then reads its sheet instead of computing it (a minute of CPU).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_service(
    database_url: str | None,
    seconds: float,
    rates: tuple[float, ...],
    workers: int | None,
    quick_workers: int,
    drain_seconds: float,
    par_sheets_from: Path | None,
    as_json: bool,
) -> None:
    """Drive the whole service at fixed rates; report the API's latencies
    and how far sealing and counting fall behind, and how long they take to
    catch up."""
    with scratch(database_url, "bench-service") as (url, instance):
        if par_sheets_from is not None:
            copy_par_sheets(par_sheets_from, instance)
        bench = ServiceBench(url, instance, seconds, rates or (25.0, 50.0, 100.0), workers)
        result = bench.measure(quick_workers, drain_seconds)
    result["database"] = shown_database(url, temporary=not database_url)
    failure = None if result["ok"] else "bench-service: FAILED: " + "; ".join(result["problems"])
    finish(result, as_json, print_result, failure)


class ServiceBench(LoadBench):
    def __init__(
        self, url: str, instance: Path, seconds: float, rates: tuple[float, ...], workers: int | None
    ) -> None:
        super().__init__(url, instance, seconds, rates[0], 8, workers)
        self.rates = rates

    def measure(self, quick_workers: int, drain_seconds: float) -> dict[str, Any]:
        _progress(f"migrating {shown_database(self.url, False)} and creating a dealer and a table")
        upgrade(self.url)
        token, table_id = self._setup()
        templates = self._templates(table_id, token)
        command = [sys.executable, "-m", "service.cli", "run", "--host", "127.0.0.1", "--port", PORT]
        command += ["--workers", str(quick_workers)]
        engine = make_engine(self.url)
        databases = database_factory(engine)
        phases: list[dict[str, Any]] = []
        try:
            with server(command, self._service_environment(), self.instance / "run.log", 120, 120) as port:
                warm = closed_loop("127.0.0.1", port, self._rounds(templates), WARM_UP_SECONDS, 8)
                self.warmed = warm.ok(201)
                warm_drain = _drain(databases, drain_seconds)
                # The new table's par sheet job (a minute of CPU from a cold
                # instance) is not what the rates measure: it ends first.
                sheet = _wait_for(_par_sheet_file(databases, table_id, self.instance), drain_seconds)
                _progress(f"the table's par sheet computed in {sheet} s")
                # Then the same job builds the qualifier's strategy table
                # (minutes of a core from a cold instance): a casino's floor
                # has it built once, so the rates measure the service with
                # it, the expected-values jobs included, and not its build.
                if self._builds_strategy_tables():
                    table = _wait_for(_optimal_sheet_file(databases, table_id, self.instance), drain_seconds)
                    _progress(f"the qualifier's strategy table built in {table} s")
                _progress(f"warm-up: {self.warmed} rounds, drained in {warm_drain} s")
                root = find_process("service.cli", "run", "--port", str(port))
                for rate in self.rates:
                    cpu = cpu_by_child(root) if root else {}
                    with LagSampler(databases) as sampler:
                        result = open_loop("127.0.0.1", port, self._rounds(templates), rate, self.seconds)
                        loaded = time.monotonic() - sampler.started
                        drained = _drain(databases, drain_seconds)
                    phase = Phase("rounds at a fixed rate", rate, 64, result, 201)
                    phases.append(_phase_figures(phase, sampler.samples, loaded, drained))
                    # The load and its drain: the CPU a part of the service spent on them.
                    phases[-1]["cpu_seconds"] = used_between(cpu, cpu_by_child(root)) if root else {}
                    _progress(phase_line(phase) + "; " + lag_line(phases[-1]))
                # Before the stop: the service's stop events are for the next start to seal.
                final = LagSampler(databases).sample()
            return self._service_verdict(final, phases, quick_workers)
        finally:
            engine.dispose()

    def _builds_strategy_tables(self) -> bool:
        text = self._service_environment().get("BREAKPOKER_STRATEGY_TABLES", StrategyTables.BUILD)
        return bool(text == StrategyTables.BUILD)

    def _service_environment(self) -> dict[str, Any]:
        env = self._environment("")
        del env["REDIS_URL"]  # `run` starts its embedded Redis
        if self.workers is not None:
            env["WEB_CONCURRENCY"] = str(self.workers)
        return env

    def _service_verdict(
        self, final: Sample, phases: list[dict[str, Any]], quick_workers: int
    ) -> dict[str, Any]:
        answered = self.warmed + sum(phase["api"]["statuses"].get("201", 0) for phase in phases)
        problems = [
            f"{phase['api']['offered_per_second']:g}/s: {phase['api']['unexpected']} answers were not 201"
            for phase in phases
            if phase["api"]["unexpected"]
        ]
        if final.rounds != answered:
            problems.append(f"{final.rounds} rounds stored for {answered} answered 201")
        if final.events_behind or final.rounds_behind:
            problems.append(
                f"left behind: {final.events_behind} events unsealed, {final.rounds_behind} uncounted"
            )
        return {
            "cpus": os.cpu_count(),
            "seconds_per_rate": self.seconds,
            "quick_workers": quick_workers,
            "phases": phases,
            "aims": {"lag_seconds": AIM_LAG_SECONDS, "p99_ms": AIM_P99_MS},
            "stored_rounds": final.rounds,
            "answered_201": answered,
            "ok": not problems,
            "problems": problems,
        }


def _config(databases: Databases, table_id: int) -> TableConfig:
    with databases() as db:
        table = db.get(GameTable, table_id)
        assert table is not None  # made by the bench's setup
        return config_of(current_config(db, table))


def _par_sheet_file(databases: Databases, table_id: int, instance: Path) -> Path:
    return cache_file(_config(databases, table_id), instance)


def _optimal_sheet_file(databases: Databases, table_id: int, instance: Path) -> Path:
    """Written last by the par sheet job's strategy table build."""
    return sheet_file(table_folder(_config(databases, table_id).dealer_qualifier, instance))


def _wait_for(path: Path, limit: float) -> float | None:
    """Seconds until the long-job worker has written ``path``; ``None`` if
    it has not after ``limit``."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if path.exists():
            return round(time.monotonic() - started, 1)
        time.sleep(0.5)
    return None


def _drain(databases: Databases, limit: float) -> float | None:
    """Seconds until nothing waits to be sealed or counted; ``None`` if
    still waiting after ``limit``."""
    sampler = LagSampler(databases)
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if sampler.drained():
            return round(time.monotonic() - started, 1)
        time.sleep(0.25)
    return None


def _phase_figures(
    phase: Phase, samples: list[Sample], loaded: float, drained: float | None
) -> dict[str, Any]:
    api = phase.to_json()
    return {
        "api": api,
        "samples": len(samples),
        # Over the load and its drain: "never more than 5 s behind".
        "seal_lag_seconds": worst(samples, "seal_seconds"),
        "count_lag_seconds": worst(samples, "count_seconds"),
        "events_behind": worst(samples, "events_behind"),
        "rounds_behind": worst(samples, "rounds_behind"),
        "load_seconds": round(loaded, 1),
        "drain_seconds": drained,
        "aims_met": {
            "p99": api["p99_ms"] is not None and api["p99_ms"] < AIM_P99_MS,
            "lag": max(worst(samples, "seal_seconds")["max"], worst(samples, "count_seconds")["max"])
            <= AIM_LAG_SECONDS
            and drained is not None,
        },
        "timeline": [
            [sample.at, sample.seal_seconds, sample.count_seconds, sample.events_behind, sample.rounds_behind]
            for sample in samples
        ],
    }


def _progress(message: str) -> None:
    click.echo(f"bench-service: {message}", err=True)
