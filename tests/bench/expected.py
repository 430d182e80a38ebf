"""``python -m tests.bench bench-expected``: the expected-values job's time per round.

On a temporary SQLite database it enters six-seat random rounds, then runs
the job's work (:func:`service.rounds.expected_values.expect_round`) for
each round in its own transaction, as a worker does, and prints the median
and range of the time per round, the first apart. Each round reads its
strategy blocks from disk again, as each job's fresh RQ work-horse does
(the pattern index it inherits from the worker: ``workers.jobs.warm_up``).
The strategy table is the instance's when it is complete;
otherwise only the blocks the rounds' hands need are built first into the
temporary folder (timed apart: that is the table's build, not the job)."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import click
from sqlalchemy import select

from service.analysis import strategy_table
from service.analysis.hand_advice import pattern_index
from service.analysis.strategy_table import (
    BLOCK,
    block_file,
    compute_block,
    missing_blocks,
    store_block,
    table_folder,
)
from service.config.instance import instance_path
from service.engine.cards import ordered_cards, parse_cards
from service.engine.qualifier import DEFAULT_QUALIFIER
from service.rounds.entering import enter_round
from service.rounds.expected_values import expect_round
from service.store.db import make_engine, utc_now
from service.store.migrate import upgrade
from service.store.models import GameTable, RoundRecord, User
from service.store.work import unit_of_work
from tests.bench.office import setup_floor
from tests.bench.office_steps import random_deal
from tests.bench.scratch import cheap_password_hashing, scratch, scratch_databases


@click.command("bench-expected")
@click.option("--rounds", type=click.IntRange(min=2), default=100, show_default=True, help="Six-seat rounds.")
@click.option("--seed", default=1, show_default=True, help="Seed of the random deals.")
def bench_expected(rounds: int, seed: int) -> None:
    """Print the expected-values job's time per six-seat round: median and
    range over ROUNDS rounds, and the first round's apart."""
    deals = [random_deal(random.Random(seed + number), number) for number in range(rounds)]
    with scratch(None, "bench-expected") as (url, scratch_folder), cheap_password_hashing():
        instance = _strategy(deals, scratch_folder)
        upgrade(url)
        engine = make_engine(url)
        try:
            databases = scratch_databases(engine, url, scratch_folder)
            users, table_id = setup_floor(databases)
            with unit_of_work(databases) as db:
                table = db.get_one(GameTable, table_id)
                dealer = db.get_one(User, users["dealer"])
                now = utc_now()
                for number, deal in enumerate(deals):
                    enter_round(db, table, dealer, deal, f"bench-{number}", now, sessionless=True)
            with databases() as db:
                ids = list(db.scalars(select(RoundRecord.id).order_by(RoundRecord.id)))
            seconds = []
            for round_id in ids:
                # A worker runs each job in a fresh work-horse: its blocks
                # are read from disk again (the pattern index it inherits).
                strategy_table.forget_loaded_blocks()
                start = time.perf_counter()
                with unit_of_work(databases) as db:
                    expect_round(db, round_id, instance)
                seconds.append(time.perf_counter() - start)
        finally:
            engine.dispose()
    first, rest = seconds[0], seconds[1:]
    click.echo(
        f"expected values job:   {statistics.median(rest) * 1000:>8.2f} ms a six-seat round, median "
        f"(range {min(rest) * 1000:.2f} to {max(rest) * 1000:.2f} ms over {len(rest)} rounds; "
        f"the first {first * 1000:.1f} ms; each round's blocks read from disk, as in a work-horse; "
        f"SQLite, one transaction a round as the worker runs it)"
    )


def _strategy(deals: list[dict[str, object]], scratch_folder: Path) -> Path:
    """The instance whose strategy table the job reads: the configured one
    when its table is complete, else the scratch folder with the blocks of
    these hands built in it."""
    configured = instance_path()
    if not missing_blocks(table_folder(DEFAULT_QUALIFIER, configured)):
        click.echo(f"strategy table: {table_folder(DEFAULT_QUALIFIER, configured)} (complete)")
        return configured
    index = pattern_index()
    needed = set()
    for deal in deals:
        for seat in deal["seats"]:  # type: ignore[attr-defined]
            ranks = tuple(card.rank for card in ordered_cards(parse_cards(seat["cards"])))
            needed.add(index[ranks] // BLOCK)
    folder = table_folder(DEFAULT_QUALIFIER, scratch_folder)
    start = time.perf_counter()
    for number in sorted(needed):
        if not block_file(folder, number).exists():
            store_block(compute_block(number, DEFAULT_QUALIFIER), folder)
    click.echo(
        f"strategy table: not built in {configured}; built the {len(needed)} blocks these hands need "
        f"in {time.perf_counter() - start:.1f} s (not part of the job's figure)"
    )
    return scratch_folder
