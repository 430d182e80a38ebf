"""``python -m tests.bench bench-alerts``: the pit's alert list and one
alert with its rounds, against a year of 1M rounds and its alerts (issue
43: the pit's alert list at 1M rounds answers in at most 200 ms).

On a temporary SQLite database, or an empty scratch database given with
``--database``, it writes the rows (:mod:`tests.bench.alerts_fill`), then
asks through the Flask app (its test client: the whole request path but
the network and gunicorn) as a pit boss, ``--repeat`` times after a
warm-up: the first page of the open alerts and of all of them, a later
keyset page of each (reached by following the ``Link`` header's next
cursor ``--depth`` times), and one alert naming a few hundred rounds and
one repeated deck's, each with its rounds; it prints the median and the
range of each, and exits 1 if a median is over 200 ms."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import click

from service.config.settings import Settings
from service.store.db import make_engine
from service.store.migrate import upgrade
from tests.bench.alerts_fill import PASSWORD, Filled, Shape, fill
from tests.bench.scratch import cheap_password_hashing, finish, scratch, scratch_databases, shown_database
from tests.bench.timed_gets import timed_gets

BUDGET = 0.200  # seconds: the bound on each answer
PAGE = 100  # the list's default page
_NEXT = re.compile(r'<([^>]+)>; rel="next"')


@click.command("bench-alerts")
@click.option("--rounds", type=click.IntRange(min=1), default=1_000_000, show_default=True)
@click.option("--tables", type=click.IntRange(min=1), default=20, show_default=True)
@click.option("--alerts", type=click.IntRange(min=2), default=5_000, show_default=True)
@click.option(
    "--heavy-alerts", type=click.IntRange(min=1), default=100, show_default=True, help="Naming many rounds."
)
@click.option(
    "--heavy-rounds", type=click.IntRange(min=1), default=200, show_default=True, help="Rounds each names."
)
@click.option(
    "--deck-alerts", type=click.IntRange(min=1), default=100, show_default=True, help="Repeated decks."
)
@click.option("--acknowledged", type=click.FloatRange(0, 0.99), default=0.6, show_default=True)
@click.option(
    "--depth", type=click.IntRange(min=1), default=10, show_default=True, help="Next pages to the later one."
)
@click.option(
    "--repeat", type=click.IntRange(min=1), default=15, show_default=True, help="Timed asks of each."
)
@click.option(
    "--database", "database_url", metavar="URL", help="An empty scratch database instead of SQLite."
)
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_alerts(
    rounds: int,
    tables: int,
    alerts: int,
    heavy_alerts: int,
    heavy_rounds: int,
    deck_alerts: int,
    acknowledged: float,
    depth: int,
    repeat: int,
    database_url: str | None,
    seed: int,
    as_json: bool,
) -> None:
    """Time the pit's alert list (open and all, first and a later page)
    and one alert with its rounds at a year of rounds; exit status 1 if a
    median is over 200 ms."""
    if heavy_alerts + deck_alerts > alerts:
        raise click.BadParameter("more heavy and deck alerts than alerts", param_hint="--alerts")
    shape = Shape(rounds, tables, alerts, heavy_alerts, heavy_rounds, deck_alerts, acknowledged)
    with scratch(database_url, "bench-alerts") as (url, instance), cheap_password_hashing():
        result = _run(url, instance, shape, seed, repeat, depth)
    result["database"] = shown_database(url, temporary=not database_url)
    over = [name for name, timed in result["timed"].items() if timed["median_ms"] > BUDGET * 1000]
    finish(result, as_json, _show, f"over {BUDGET * 1000:.0f} ms: {', '.join(over)}" if over else None)


def _run(url: str, instance: Path, shape: Shape, seed: int, repeat: int, depth: int) -> dict[str, Any]:
    upgrade(url)
    engine = make_engine(url)
    try:
        start = time.perf_counter()
        filled = fill(scratch_databases(engine, url, instance), shape, seed)
        fill_seconds = time.perf_counter() - start
    finally:
        engine.dispose()
    return {
        "rows": {
            "rounds": filled.rounds,
            "tables": shape.tables,
            "alerts": filled.alerts,
            "open_alerts": filled.open_alerts,
            "alerts_naming_many_rounds": shape.heavy_alerts,
            "repeated_deck_alerts": shape.deck_alerts,
        },
        "fill_seconds": round(fill_seconds, 1),
        "timed": _ask(url, instance, filled, repeat, depth),
    }


def _ask(url: str, instance: Path, filled: Filled, repeat: int, depth: int) -> dict[str, dict[str, Any]]:
    from service.api.app import create_app  # the app only once the rows are there

    app = create_app(Settings(instance=instance, database_url=url))
    client = app.test_client()
    login = client.post("/api/v1/auth/login", json={"name": "pit_boss", "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json['token']}"}  # type: ignore[index]
    try:
        paths = {
            "open_first_page": "/api/v1/alerts?state=open",
            "open_later_page": _later(client, headers, "/api/v1/alerts?state=open", depth),
            "all_first_page": "/api/v1/alerts?state=all",
            "all_later_page": _later(client, headers, "/api/v1/alerts?state=all", depth),
            "alert_many_rounds": f"/api/v1/alerts/{filled.heavy_alert}",
            "alert_repeated_deck": f"/api/v1/alerts/{filled.deck_alert}",
        }
        timed = timed_gets(client, headers, paths, repeat, lambda name, answer: _check(name, answer, filled))
    finally:
        app.extensions["breakpoker"]["engine"].dispose()
    return timed


def _later(client: Any, headers: dict[str, str], path: str, depth: int) -> str:
    """The page ``depth`` next links on (or the last there is)."""
    for _ in range(depth):
        found = _NEXT.search(client.get(path, headers=headers).headers.get("Link", ""))
        if found is None:
            break
        path = found.group(1)
    return path


def _check(name: str, answer: Any, filled: Filled) -> None:
    """The answers are the rows', not merely fast."""
    if name == "alert_many_rounds":
        found, expected = len(answer["rounds"]), filled.heavy_rounds
    elif name == "alert_repeated_deck":
        found, expected = len(answer["rounds"]), filled.deck_rounds
    elif name.endswith("first_page"):
        found = len(answer)
        expected = min(PAGE, filled.open_alerts if name.startswith("open") else filled.alerts)
    else:
        found, expected = int(bool(answer)), 1  # a later page holds alerts
    if found != expected:
        raise RuntimeError(f"{name}: {found} where the rows hold {expected}")
    if name.startswith("open") and any(alert["state"] != "open" for alert in answer):
        raise RuntimeError(f"{name}: an acknowledged alert in the open list")


def _show(result: dict[str, Any]) -> None:
    click.echo(f"bench-alerts on {result['database']}: {result['rows']}")
    click.echo(f"rows written in {result['fill_seconds']} s")
    for name, timed in result["timed"].items():
        click.echo(
            f"  {name:20} median {timed['median_ms']:8.1f} ms   range {timed['min_ms']:.1f} – "
            f"{timed['max_ms']:.1f} ms   ({timed['asks']} asks: GET {timed['path']})"
        )
