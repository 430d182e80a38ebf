"""``breakpoker demo-day``: the command, its refusals and what it prints."""

from __future__ import annotations

from datetime import datetime, timedelta

import click
from flask import Flask

from service.accounting.check import CheckStatus
from service.api.app import create_app
from service.cli.demo.client import Api, Clock
from service.cli.demo.day import Outcome, Plan, note_difference, opening, outcomes, play_day
from service.cli.demo.floor import ADMIN, TABLES, cast, rounds_stored, tables
from service.cli.demo.rating_summary import RatedDay, rated_day, ratings_summary
from service.cli.demo.ratings import enrol
from service.cli.tables import money
from service.config.settings import Settings
from service.store.db import utc_now
from service.store.migrate import upgrade

NO_MISPAY = "none"
LEFT = (0, 7, 8)  # the summary's columns of words; the figures are right-aligned


@click.command("demo-day")
@click.option(
    "--day",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The gaming day played (YYYY-MM-DD); default yesterday (UTC), a day that is over.",
)
@click.option("--rounds", type=click.IntRange(1, 120), default=40, show_default=True, help="Rounds a table.")
@click.option("--seed", default=2, show_default=True, help="Seed of the deals and the players' choices.")
@click.option(
    "--mispay",
    type=click.Choice([*TABLES, NO_MISPAY]),
    default=TABLES[-1],
    show_default=True,
    help="The table where the dealer pays one bet 25.00 too much (none: every table pays right).",
)
@click.option("--force", is_flag=True, help="Play even though the database holds rounds already.")
def demo_day(day: datetime | None, rounds: int, seed: int, mispay: str, force: bool) -> None:
    """Play a gaming day at tables DEMO-1 to DEMO-3 through the API, on the
    configured database: buy-ins, rounds, fills and credits, the closers and
    the drop counts, then each table's cards-against-chips check. One table
    has a bet paid wrong on purpose, and its check must find exactly that.
    Most players are club members, rated from seat-in to seat-out; one
    high roller's cash goes into the transaction log, and a buy-in of his
    is refused until his identification is recorded.

    It makes its own users (demo-dealer-1 and so on) with new passwords,
    printed once, and refuses a database that holds rounds already unless
    --force: a demonstration must not mix into a casino's records. Exit
    status 0 when two checks balance and the third differs by the bet
    paid wrong (with --mispay none, when all three balance) and every
    rating's chips check is zero but the mis-paid member's; 1 otherwise."""
    plan = Plan(
        (day or utc_now() - timedelta(days=1)).date(), rounds, seed, None if mispay == NO_MISPAY else mispay
    )
    settings = Settings.from_environment()
    upgrade(settings.database)
    app = create_app(settings)
    try:
        found, rated = run(app, plan, force)
    finally:
        app.extensions["breakpoker"]["engine"].dispose()
    if not all(outcome.as_designed for outcome in found) or not rated.as_designed:
        raise click.exceptions.Exit(1)


def run(app: Flask, plan: Plan, force: bool) -> tuple[list[Outcome], RatedDay]:
    """Play the day on ``app`` and print it: each table's outcome, and the ratings."""
    databases = app.extensions["breakpoker"]["databases"]
    stored = rounds_stored(databases)
    if stored and not force:
        raise click.ClickException(
            f"the database holds {stored} rounds already: a demo day would mix into them "
            "(--force plays it anyway, at tables DEMO-1 to DEMO-3)"
        )
    passwords, made = cast(databases)
    _show_users(passwords, made)
    api = Api(app, Clock(opening(plan.day)), passwords)
    ids = tables(api)
    enrol(api, TABLES)
    played = play_day(api, ids, plan, click.echo)
    found = outcomes(api, played, plan.day)
    for outcome in found:
        if (
            outcome.table.mispaid_round is not None
            and outcome.session["check"]["status"] == CheckStatus.DIFFERS
        ):
            note_difference(api, outcome)
    click.echo(summary(found, plan))
    rated = rated_day(api, played, plan.day)
    click.echo(ratings_summary(rated))
    return found, rated


def _show_users(passwords: dict[str, str], made: list[str]) -> None:
    click.echo("The demo's users (new passwords, shown only now; sign in at /pit as demo-pit-1 to look):")
    for name, password in passwords.items():
        shown = "(not shown: it only makes the tables and enrols the members)" if name == ADMIN else password
        click.echo(f"  {name:<15} {shown}{'' if name in made else '  (existed: password replaced)'}")


def signed(minor: int | None) -> str:
    """Minor units as money, with a sign when negative; a dash for nothing.

    >>> signed(-2500), signed(123456), signed(None), signed(-5)
    ('-25.00', '1,234.56', '-', '-0.05')
    """
    if minor is None:
        return "-"
    return f"-{money(-minor)}" if minor < 0 else money(minor)


def summary(found: list[Outcome], plan: Plan) -> str:
    rows = [("table", "rounds", "drop", "win", "hold", "rounds' net", "difference", "check", "")]
    for outcome in found:
        figures, check = outcome.session["figures"], outcome.session["check"]
        held = "-" if figures["hold"] is None else f"{figures['hold']:.1%}"
        rows.append(
            (
                outcome.table.name,
                str(check["rounds"]),
                signed(figures["drop"]),
                signed(figures["win"]),
                held,
                signed(check["rounds_net"]),
                signed(check["difference"]),
                str(check["status"]),
                "as designed" if outcome.as_designed else "NOT AS DESIGNED",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = [f"Gaming day {plan.day.isoformat()} (seed {plan.seed}):"]
    for row in rows:
        cells = [
            cell.ljust(width) if column in LEFT else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
