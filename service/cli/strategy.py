"""``breakpoker strategy build``: the strategy table of dealer qualifiers,
for the hand calculator, the expected win of the hands dealt and the
optimal-strategy par sheet (the par sheet job builds it too, unless
``BREAKPOKER_STRATEGY_TABLES=manual``)."""

from __future__ import annotations

import shutil

import click

from service.analysis.optimal_sheet import stored_optimal_sheet
from service.analysis.strategy_table import build_table, table_bytes, table_folder
from service.cli.progress import progress_bar
from service.engine.errors import RulesError
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier


@click.group()
def strategy() -> None:
    """The optimal strategy's tables."""


def _qualifiers(texts: tuple[str, ...]) -> list[Qualifier]:
    try:
        return [parse_qualifier(text) for text in texts] or [DEFAULT_QUALIFIER]
    except RulesError as error:
        raise click.BadParameter(error.message, param_hint="--qualifier") from None


@strategy.command("build")
@click.option(
    "--qualifier",
    "qualifiers",
    multiple=True,
    help="A dealer qualifier such as K-3-2 (the default) or A-3-2; may be given more than once.",
)
@click.option("--fresh", is_flag=True, help="Build again even if the table is stored.")
def build(qualifiers: tuple[str, ...], fresh: bool) -> None:
    """Build the blocks of each qualifier's table not stored yet (a stopped
    build resumes), then its optimal-strategy sheet."""
    for qualifier in _qualifiers(qualifiers):
        folder = table_folder(qualifier)
        if fresh:
            shutil.rmtree(folder, ignore_errors=True)
        with progress_bar(f"Strategy table {qualifier.text}") as progress:
            build_table(qualifier, progress=progress)
        sheet = stored_optimal_sheet(folder)
        click.echo(
            f"{qualifier.text}: {table_bytes(folder) / 1e6:.1f} MB in {folder}; optimal-strategy Main Bet "
            f"house edge {float(sheet.main.house_edge) * 100:.8f} % "
            f"(house way {float(sheet.house_way_main.house_edge) * 100:.8f} %)"
        )
