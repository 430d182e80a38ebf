"""``python -m tests.bench bench-rated``: the floor's rated-play report and a
heavy player's lifetime figures against a year of the scale bench's 1M
rounds (issue 42: each must answer in 200 ms).

On a temporary SQLite database, or an empty scratch database given with
``--database``, it writes the rows those two read (:mod:`tests.bench.rated_fill`:
a year of per-slot rows, the heavy player's ratings with their rounds),
then asks each through the Flask app (its test client: the whole request
path but the network and gunicorn) as a pit boss, ``--repeat`` times after
a warm-up, and prints the median and the range of each."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click

from service.config.settings import Settings
from service.store.db import make_engine
from service.store.migrate import upgrade
from tests.bench.rated_fill import Filled, Shape, fill
from tests.bench.rated_player import HEAVY, PASSWORD
from tests.bench.scratch import cheap_password_hashing, finish, scratch, scratch_databases, shown_database
from tests.bench.timed_gets import timed_gets

BUDGET = 0.200  # seconds: the bound on each answer


@click.command("bench-rated")
@click.option(
    "--rounds", type=click.IntRange(min=1), default=1_000_000, show_default=True, help="Rounds a year."
)
@click.option(
    "--tables", type=click.IntRange(min=1), default=20, show_default=True, help="Tables on the floor."
)
@click.option(
    "--days", type=click.IntRange(min=1, max=365), default=365, show_default=True, help="Gaming days."
)
@click.option(
    "--shifts", type=click.IntRange(min=1, max=6), default=3, show_default=True, help="Shifts a day."
)
@click.option("--dealers", type=click.IntRange(min=1), default=2, show_default=True, help="Dealers a shift.")
@click.option(
    "--ratings", type=click.IntRange(min=1), default=730, show_default=True, help="The heavy player's."
)
@click.option(
    "--rating-rounds", type=click.IntRange(min=1), default=160, show_default=True, help="Rounds a rating."
)
@click.option(
    "--repeat", type=click.IntRange(min=1), default=15, show_default=True, help="Timed asks of each."
)
@click.option(
    "--database", "database_url", metavar="URL", help="An empty scratch database instead of SQLite."
)
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_rated(
    rounds: int,
    tables: int,
    days: int,
    shifts: int,
    dealers: int,
    ratings: int,
    rating_rounds: int,
    repeat: int,
    database_url: str | None,
    seed: int,
    as_json: bool,
) -> None:
    """Time the rated-play report (year to date) and a heavy player's
    lifetime figures on a year's rows; exit status 1 if a median is over
    200 ms."""
    shape = Shape(rounds, tables, days, shifts, dealers, 0.5, ratings, rating_rounds)
    with scratch(database_url, "bench-rated") as (url, instance), cheap_password_hashing():
        result = _run(url, instance, shape, seed, repeat)
    result["database"] = shown_database(url, temporary=not database_url)
    over = [name for name, timed in result["timed"].items() if timed["median_ms"] > BUDGET * 1000]
    finish(result, as_json, _show, f"over {BUDGET * 1000:.0f} ms: {', '.join(over)}" if over else None)


def _run(url: str, instance: Path, shape: Shape, seed: int, repeat: int) -> dict[str, Any]:
    upgrade(url)
    engine = make_engine(url)
    try:
        start = time.perf_counter()
        filled = fill(scratch_databases(engine, url, instance), shape, seed)
        fill_seconds = time.perf_counter() - start
    finally:
        engine.dispose()
    timed = _ask(url, instance, filled, repeat)
    return {
        "shape": {
            "rounds_a_year": shape.rounds,
            "tables": shape.tables,
            "days": shape.days,
            "shifts": shape.shifts,
            "dealers_a_shift": shape.dealers_per_shift,
            "rounds_a_slot": round(shape.rounds / shape.slots, 1),
        },
        "rows": {
            "rated_shift_figures": filled.slot_rows,
            "rated_month_figures": filled.month_rows,
            "shift_aggregates": filled.aggregate_rows,
            "heavy_player_ratings": filled.player_ratings,
            "heavy_player_rounds": filled.player_rounds,
        },
        "fill_seconds": round(fill_seconds, 1),
        "timed": timed,
    }


def _ask(url: str, instance: Path, filled: Filled, repeat: int) -> dict[str, dict[str, Any]]:
    from service.api.app import create_app  # the app only once the rows are there

    app = create_app(Settings(instance=instance, database_url=url))
    client = app.test_client()
    login = client.post("/api/v1/auth/login", json={"name": "pit_boss", "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json['token']}"}  # type: ignore[index]
    paths = {
        "rated_play_ytd": f"/api/v1/reports/rated-play?period=ytd&day={filled.last_day.isoformat()}",
        "player_lifetime": f"/api/v1/players/{HEAVY}/figures?period=lifetime",
    }
    try:
        timed = timed_gets(client, headers, paths, repeat, lambda name, answer: _check(name, answer, filled))
    finally:
        app.extensions["breakpoker"]["engine"].dispose()
    return timed


def _check(name: str, answer: Any, filled: Filled) -> None:
    """The answers are the rows' figures, not merely fast."""
    if name == "rated_play_ytd":
        found, expected = answer["floor"]["rated_rounds"], filled.rated_seats
    else:
        found, expected = answer["ratings"], filled.player_ratings
    if found != expected:
        raise RuntimeError(f"{name}: {found} where the rows hold {expected}")


def _show(result: dict[str, Any]) -> None:
    click.echo(f"bench-rated on {result['database']}: {result['shape']}")
    click.echo(f"rows: {result['rows']} (written in {result['fill_seconds']} s)")
    for name, timed in result["timed"].items():
        click.echo(
            f"  {name:16} median {timed['median_ms']:8.1f} ms   range {timed['min_ms']:.1f} – "
            f"{timed['max_ms']:.1f} ms   ({timed['asks']} asks: GET {timed['path']})"
        )
