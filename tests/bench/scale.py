"""``python -m tests.bench bench-scale``: how the back office's figures grow with the
rounds stored.

On a temporary SQLite database, or an empty scratch database given with
``--database``, it stores a floor's gaming days (20 tables dealing 40
rounds an hour around the clock by default: 19,200 rounds a day) up to
each size in turn, each size rounded to whole gaming days, and times at
each: the reports, game recall, the round list's pages, the day's
cards-against-chips check, a month's export, the whole chain verified, a
day re-settled, and more rounds entered through the API; with the
database's size and the process's peak memory. How the days are stored:
:mod:`tests.bench.scale_load`; what is timed:
:mod:`tests.bench.scale_steps`; the chart:
:mod:`tests.bench.scale_chart`.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import click
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from service.store.db import make_engine, utc_now
from service.store.migrate import upgrade
from service.store.models import RoundRecord
from tests.bench.scale_chart import chart_svg
from tests.bench.scale_floor import Floor, Shape, setup_floor
from tests.bench.scale_grow import grow_to
from tests.bench.scale_steps import (
    database_bytes,
    enter_through_api,
    export_month,
    peak_memory_bytes,
    reads,
    resettle_day,
    verify_all,
)
from tests.bench.scratch import cheap_password_hashing, scratch, scratch_databases, shown_database

WARM_UP = 20  # rounds posted before the timed ones, at each size


def _sizes(_context: click.Context, _parameter: click.Parameter, value: str) -> list[int]:
    try:
        sizes = sorted({int(part.replace("_", "")) for part in value.split(",") if part.strip()})
    except ValueError:
        raise click.BadParameter("sizes are whole numbers of rounds separated by commas") from None
    if not sizes or sizes[0] < 1:
        raise click.BadParameter("at least one size, each at least 1 round")
    return sizes


@click.command("bench-scale")
@click.option(
    "--sizes",
    default="10000,100000",
    show_default=True,
    callback=_sizes,
    help="Rounds to grow the database to, in turn (each rounded to whole gaming days).",
)
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database (e.g. postgresql://user@host/scratch) instead of a temporary "
    "SQLite one; refused if it has tables. Its tables are dropped again at the end (but see --keep).",
)
@click.option(
    "--keep",
    is_flag=True,
    help="Leave the tables and rows in the --database given, e.g. to time a backup and a restore "
    "of it. (The scratch folder, with the key that signed its events, still goes.)",
)
@click.option(
    "--tables", type=click.IntRange(min=1), default=20, show_default=True, help="Tables on the floor."
)
@click.option("--rounds-per-hour", type=click.IntRange(min=1, max=3600), default=40, show_default=True)
@click.option(
    "--first-day", type=click.DateTime(["%Y-%m-%d"]), help="The first gaming day [January 1 this year]."
)
@click.option(
    "--repeats", type=click.IntRange(min=1), default=5, show_default=True, help="Runs of each read."
)
@click.option("--api-rounds", type=click.IntRange(min=2), default=200, show_default=True)
@click.option("--export-floor", is_flag=True, help="Export the whole floor's month, not the first table's.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Folder for the JSON and SVG.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--every-day-through-the-service", "through_service", is_flag=True, hidden=True)
def bench_scale(
    sizes: list[int],
    database_url: str | None,
    keep: bool,
    tables: int,
    rounds_per_hour: int,
    first_day: Any,
    repeats: int,
    api_rounds: int,
    export_floor: bool,
    out: Path | None,
    as_json: bool,
    through_service: bool,
) -> None:
    """Grow a database to each of SIZES rounds and time the back office at
    each. Exit status 1 if the chain is not intact or a round does not
    re-settle to what was stored."""
    if keep and database_url is None:
        raise click.UsageError("--keep needs --database: the temporary SQLite database goes with its folder")
    day = first_day.date() if first_day is not None else date(utc_now().year, 1, 1)
    shape = Shape(tables, rounds_per_hour, day)
    backend = "sqlite" if database_url is None else make_url(database_url).get_backend_name()
    result: dict[str, Any] = {
        "database": shown_database(database_url or "sqlite://", temporary=database_url is None),
        "backend": backend,
        "shape": {
            "tables": tables,
            "rounds_per_hour": rounds_per_hour,
            "rounds_per_day": shape.rounds_per_day,
            "first_day": day.isoformat(),
            "seats_per_round": 6,
        },
        "sizes": [],
        "ok": True,
    }
    with scratch(database_url, "bench-scale", keep=keep) as (url, instance), cheap_password_hashing():
        upgrade(url)
        engine = make_engine(url)
        try:
            floor = setup_floor(scratch_databases(engine, url, instance), instance, shape)
            options = {"repeats": repeats, "api_rounds": api_rounds, "export_floor": export_floor}
            for size in sizes:
                result["sizes"].append(_size(floor, url, size, options, not through_service))
                result["ok"] = all(step["ok"] for step in result["sizes"])
                # Written after each size: a long run's first figures are kept if it stops.
                _write(result, out)
        finally:
            engine.dispose()
    if as_json:
        click.echo(json.dumps(result, indent=1))
    else:
        _print(result)
    if not result["ok"]:
        raise click.ClickException("bench-scale FAILED: the chain is broken or a round does not re-settle")


def _write(result: dict[str, Any], out: Path | None) -> None:
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    backend = result["backend"]
    (out / f"scale-{backend}.json").write_text(json.dumps(result, indent=1) + "\n")
    (out / f"scale-{backend}.svg").write_text(chart_svg(result))


def _size(floor: Floor, url: str, size: int, options: dict[str, Any], copy: bool) -> dict[str, Any]:
    days = max(1, round(size / floor.shape.rounds_per_day))
    _progress(f"growing to {days} gaming day(s), about {days * floor.shape.rounds_per_day:,} rounds")
    load = grow_to(floor, days, _progress, copy=copy)
    with floor.databases() as db:
        rounds = int(db.scalar(select(func.count()).select_from(RoundRecord)) or 0)
    _progress(f"{rounds:,} rounds stored; timing the reads")
    figures = reads(floor, options["repeats"])
    _progress("a month's export")
    figures["export_month"] = export_month(floor, options["export_floor"])
    _progress("verifying the whole chain")
    figures["verify_chain"] = verify_all(floor)
    _progress("re-settling the last gaming day")
    figures["resettle_day"] = resettle_day(floor)
    _progress(f"entering {options['api_rounds']} rounds through the API")
    figures["enter_round_api"] = enter_through_api(floor, url, options["api_rounds"], WARM_UP, str(rounds))
    stored = database_bytes(floor, url)
    return {
        "rounds": rounds,
        "gaming_days": floor.days,
        "load": load,
        "figures": figures,
        "database_bytes": stored,
        "bytes_per_round": stored / rounds,
        "peak_memory_bytes": peak_memory_bytes(),
        "ok": bool(figures["verify_chain"]["intact"]) and figures["resettle_day"]["mismatched"] == 0,
    }


def _progress(message: str) -> None:
    click.echo(f"bench-scale: {message}", err=True)


def _print(result: dict[str, Any]) -> None:
    shape = result["shape"]
    click.echo(
        f"bench-scale on {result['database']}: {shape['tables']} tables x {shape['rounds_per_hour']} "
        f"rounds an hour x 24 h = {shape['rounds_per_day']:,} six-seat rounds a gaming day "
        f"from {shape['first_day']}"
    )
    steps = result["sizes"]
    click.echo(f"{'seconds (median [min-max])':<24}" + "".join(f"{step['rounds']:>26,}" for step in steps))
    for key in steps[0]["figures"]:
        cells = []
        for step in steps:
            figure = step["figures"][key]
            cells.append(f"{figure['median']:.4f} [{figure['min']:.4f}-{figure['max']:.4f}]")
        click.echo(f"{key:<24}" + "".join(f"{cell:>26}" for cell in cells))
    for step in steps:
        figures = step["figures"]
        export, chain = figures["export_month"], figures["verify_chain"]
        resettled, api = figures["resettle_day"], figures["enter_round_api"]
        click.echo(
            f"{step['rounds']:,} rounds: loaded in {step['load']['seconds']:.1f} s (sealing "
            f"{step['load']['seal_seconds']:.1f} s); {step['bytes_per_round']:,.0f} bytes a round; peak "
            f"memory {step['peak_memory_bytes'] / 2**20:,.0f} MiB; export {export['rows_per_second']:,.0f} "
            f"rows/s (peak memory {(export['peak_rss_bytes'] - export['rss_before_bytes']) / 2**20:,.1f} MiB "
            "above the process's before it); "
            f"chain {chain['events_per_second']:,.0f} events/s "
            f"({'intact' if chain['intact'] else 'BROKEN'}); "
            f"re-settled {resettled['count']:,} rounds, {resettled['mismatched']} mismatched; "
            f"API round p50 {api['p50'] * 1000:.1f} ms, p99 {api['p99'] * 1000:.1f} ms"
        )
