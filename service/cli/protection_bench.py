"""``breakpoker bench-protection``: the hidden-information test on
simulated six-seat tables, the figures rule book section 15's Decision
asks for (docs/hidden-information.md). It builds the qualifier's strategy
table first if it is not stored (about a minute), then plays the days."""

from __future__ import annotations

import sys

import click

from service.analysis.departure_bench import Arrays, arrays_of, run_bench, table_rows
from service.analysis.departure_report import bench_text
from service.analysis.departures import DAY_THRESHOLD
from service.analysis.strategy_table import build_table
from service.cli.progress import progress_bar
from service.engine.errors import RulesError
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier


def load_arrays(qualifier: Qualifier) -> Arrays:
    with progress_bar(f"Strategy table {qualifier.text}") as progress:
        folder = build_table(qualifier, progress=progress)
    return arrays_of(table_rows(folder), qualifier)


@click.command("bench-protection")
@click.option(
    "--honest-days",
    default=6_000,
    show_default=True,
    type=click.IntRange(min=6),
    help="Player-days of each honest strategy.",
)
@click.option(
    "--cheater-days",
    default=1_000,
    show_default=True,
    type=click.IntRange(min=6),
    help="Days of each cheater.",
)
@click.option(
    "--rounds",
    default=600,
    show_default=True,
    type=click.IntRange(min=1),
    help="Rounds in an honest player's day.",
)
@click.option(
    "--threshold",
    default=DAY_THRESHOLD,
    show_default=True,
    type=click.IntRange(min=2),
    help="Evidence that raises the alert.",
)
@click.option("--seed", default=2026, show_default=True, type=int, help="The simulation's seed.")
@click.option(
    "--qualifier",
    "qualifier_text",
    default=DEFAULT_QUALIFIER.text,
    show_default=True,
    help="The dealer qualifier.",
)
def bench_protection(
    honest_days: int, cheater_days: int, rounds: int, threshold: int, seed: int, qualifier_text: str
) -> None:
    """Simulate honest players and cheaters and print the test's false
    alarms per honest player-day and how soon cheaters are flagged; exits
    1 when an aim of the rule book's Decision is not met."""
    try:
        qualifier = parse_qualifier(qualifier_text)
    except RulesError as error:
        raise click.BadParameter(error.message, param_hint="--qualifier") from None
    arrays = load_arrays(qualifier)
    with progress_bar("Simulated tables") as progress:
        bench = run_bench(arrays, honest_days, cheater_days, rounds, seed, threshold, progress)
    click.echo(bench_text(bench))
    if not bench.met:
        sys.exit(1)
