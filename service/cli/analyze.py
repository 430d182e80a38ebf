"""``breakpoker analyze``: the exact par sheet of a table configuration."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import click
from sqlalchemy.exc import SQLAlchemyError

from service.analysis.cache import par_sheet
from service.analysis.optimal_sheet import OptimalSheet, optimal_for, sheet_json
from service.analysis.par_sheet import compute_par_sheet
from service.analysis.report_html import render_html
from service.analysis.report_strategy import render_strategy_html, render_strategy_text
from service.analysis.report_text import render_simulation, render_text
from service.analysis.simulate import Estimate, simulate
from service.analysis.strategy_table import table_folder
from service.cli.progress import progress_bar
from service.config.settings import Settings
from service.engine.errors import RulesError
from service.engine.table_config import TableConfig
from service.errors import ServiceError
from service.store.db import make_engine, session_factory
from service.tables.tables import config_of, current_config, get_table


@click.command("analyze")
@click.option("--table", "table_id", type=int, help="A table's current configuration (from the database).")
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help='JSON object of table configuration fields, e.g. {"dealer_qualifier": "A-3-2"}.',
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines instead of the text sheet.")
@click.option(
    "--html", "html_file", type=click.Path(dir_okay=False, path_type=Path), help="Write an HTML report."
)
@click.option("--simulate", "rounds", type=click.IntRange(min=2), help="Also deal N random rounds.")
@click.option("--seed", default=1, show_default=True, help="Seed of the simulation.")
@click.option("--fresh", is_flag=True, help="Compute again even if a cached sheet exists.")
@click.option(
    "--strategy/--no-strategy",
    default=True,
    show_default=True,
    help="Also the Main Bet under the optimal player strategy (its strategy table: about 40 s once).",
)
def analyze(
    table_id: int | None,
    config_file: Path | None,
    as_json: bool,
    html_file: Path | None,
    rounds: int | None,
    seed: int,
    fresh: bool,
    strategy: bool,
) -> None:
    """Exact probabilities, house edges and standard deviations of every bet,
    over every deal of the 53-card deck (player and dealer by the house way),
    and the Main Bet with the player setting optimally, for the default
    rules, a table's (--table) or a file's (--config; omitted fields keep
    their defaults)."""
    if table_id is not None and config_file is not None:
        raise click.UsageError("give --table or --config, not both")
    config = _table_config(table_id) if table_id is not None else _load_config(config_file)
    with progress_bar("Main Bet: every player hand against every dealer hand") as progress:
        if fresh:
            sheet, cached = compute_par_sheet(config, progress), False
        else:
            sheet, cached = par_sheet(config, progress=progress)
    optimal = _optimal(config, fresh) if strategy else None
    simulation = None
    if rounds is not None:
        with progress_bar(f"Simulating {rounds:,} rounds") as progress:
            simulation = simulate(sheet, rounds, seed, progress)
    if html_file is not None:
        html_file.write_text(render_html(sheet, "" if optimal is None else render_strategy_html(optimal[0])))
    if as_json:
        document: dict[str, Any] = sheet.to_json()
        document["cached"] = cached
        if optimal is not None:
            document["optimal_strategy"] = {**sheet_json(optimal[0]), "cached": optimal[1]}
        if simulation is not None:
            document["simulation"] = _simulation_json(simulation, rounds, seed)
        click.echo(json.dumps(document, indent=1))
        return
    click.echo(render_text(sheet, cached), nl=False)
    if optimal is not None:
        click.echo()
        click.echo(render_strategy_text(*optimal), nl=False)
    if simulation is not None and rounds is not None:
        click.echo()
        click.echo(render_simulation(simulation, rounds, seed), nl=False)
    if html_file is not None:
        click.echo(f"\nHTML report written to {html_file}")


def _optimal(config: TableConfig, fresh: bool) -> tuple[OptimalSheet, bool]:
    qualifier = config.dealer_qualifier
    if fresh:
        shutil.rmtree(table_folder(qualifier), ignore_errors=True)
    with progress_bar(f"Strategy table ({qualifier.text}): every setting of every hand") as progress:
        return optimal_for(qualifier, progress=progress)


def _simulation_json(simulation: list[Estimate], rounds: int | None, seed: int) -> dict[str, Any]:
    """Each simulated figure beside its exact value, and whether it falls
    inside its interval."""
    return {
        "rounds": rounds,
        "seed": seed,
        "figures": [
            {
                "name": e.name,
                "exact": e.exact,
                "simulated": e.simulated,
                "interval": [e.low, e.high],
                "inside": e.inside,
            }
            for e in simulation
        ],
    }


def _table_config(table_id: int) -> TableConfig:
    engine = make_engine(Settings.from_environment().database)
    try:
        with session_factory(engine)() as session:
            return config_of(current_config(session, get_table(session, table_id)))
    except ServiceError as error:
        raise click.BadParameter(error.message, param_hint="--table") from None
    except SQLAlchemyError as error:
        raise click.ClickException(
            f"cannot read the tables: {error.__class__.__name__} (run breakpoker db upgrade?)"
        ) from None
    finally:
        engine.dispose()


def _load_config(path: Path | None) -> TableConfig:
    if path is None:
        return TableConfig()
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise click.BadParameter(f"cannot read {path} as JSON: {error}", param_hint="--config") from None
    try:
        return TableConfig.from_json(data)
    except RulesError as error:
        raise click.BadParameter(error.message, param_hint="--config") from None
