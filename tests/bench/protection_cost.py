"""``python -m tests.bench bench-protection-cost``: the hidden-information
job's time per six-seat round (issue 43: "a few milliseconds a round").

On a temporary SQLite database it enters six-seat rounds (two seats
rated, one player who sees the dealer's cards, the others honest), then
runs the job's work (:func:`service.protection.hidden_rounds.judge_rounds`)
a round a transaction, as one round's job does, each round's strategy
blocks read from disk again (a fresh work-horse); then again on a copy
of the rounds in batches of 50 a transaction, as the outbox's coalesced
job runs them. It prints the median and range per round, the first
apart. The seat hands are dealt from a few blocks of the strategy table
(``tests/support/hidden_play.py``), built first into the scratch folder
unless the instance's table is complete (timed apart: the table's build
is not the job)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

import click
from sqlalchemy import select

from service.analysis import strategy_table
from service.engine.table_config import TableConfig
from service.players.players import enrol_player
from service.players.ratings import SeatIn, seat_in
from service.protection.hidden_rounds import judge_rounds
from service.rounds.entering import enter_round
from service.store.db import Databases, make_engine, utc_now
from service.store.migrate import upgrade
from service.store.models import GameTable, RoundRecord, User
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.bench.expected import _strategy
from tests.bench.office import setup_floor
from tests.bench.scratch import cheap_password_hashing, scratch, scratch_databases
from tests.support.hidden_play import HOUSE_WAY, cheating_setting, deal, random_setting, round_body

SEATS = 6
RATED = (1, 2)  # seat 1 a player who sees the dealer's cards; seat 2 honest
BATCH = 50


def _deals(rounds: int, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    config = TableConfig()
    bodies = []
    for number in range(rounds):
        dealer, hands = deal(rng, SEATS)
        settings = [
            cheating_setting(hands[0], dealer, config),
            HOUSE_WAY,
            cheating_setting(hands[2], dealer, config),
            random_setting(hands[3], rng),
            HOUSE_WAY,
            HOUSE_WAY,
        ]
        seats = [
            (seat, hand, setting) for seat, (hand, setting) in enumerate(zip(hands, settings, strict=True), 1)
        ]
        bodies.append(round_body(f"bench-{number}", dealer, seats))
    return bodies


def _enter(
    databases: Databases, users: dict[str, int], table_id: int, deals: Sequence[dict[str, object]]
) -> list[int]:
    with unit_of_work(databases) as db:
        table = db.get_one(GameTable, table_id)
        admin, dealer = db.get_one(User, users["admin"]), db.get_one(User, users["dealer"])
        now = utc_now()
        for seat in RATED:
            club = f"BENCH{table_id}S{seat}"  # a player sits at one table at a time
            enrol_player(db, admin, club, f"Bench Player {seat}", now)
            seat_in(db, table, dealer, SeatIn(club, seat), now)
        for body in deals:
            enter_round(db, table, dealer, body, str(body["round_id"]), now, sessionless=True)
    with databases() as db:
        return list(
            db.scalars(
                select(RoundRecord.id).where(RoundRecord.table_id == table_id).order_by(RoundRecord.id)
            )
        )


def _line(name: str, times: list[tuple[float, float]], note: str) -> str:
    """The median and range of the time per round, the first apart (it
    loads the code paths and, warm, the first blocks); and the median CPU
    time (the wall time counts whatever else the machine runs)."""
    first, rest = times[0][0], [wall for wall, _ in times[1:] or times]
    cpu = statistics.median(used for _, used in times[1:] or times)
    return (
        f"hidden-information job, {name}: {statistics.median(rest) * 1000:.2f} ms a six-seat round, "
        f"median (range {min(rest) * 1000:.2f} to {max(rest) * 1000:.2f} ms over {len(rest)}; "
        f"CPU {cpu * 1000:.2f} ms median; the first {first * 1000:.1f} ms; {note})"
    )


@click.command("bench-protection-cost")
@click.option("--rounds", type=click.IntRange(min=2), default=300, show_default=True, help="Six-seat rounds.")
@click.option("--seed", default=1, show_default=True, help="Seed of the deals.")
def bench_protection_cost(rounds: int, seed: int) -> None:
    """Print the hidden-information job's time per six-seat round: a round
    a transaction with the blocks in memory (the quick queues' worker runs
    its jobs in its own process) and read from disk each round (a forked
    work-horse's), and in batches of 50 a transaction."""
    deals = _deals(rounds, seed)
    with scratch(None, "bench-protection") as (url, scratch_folder), cheap_password_hashing():
        instance = _strategy(deals, scratch_folder)
        upgrade(url)
        engine = make_engine(url)
        try:
            databases = scratch_databases(engine, url, scratch_folder)
            users, first_table = setup_floor(databases)
            copies = [first_table] + [setup_table(databases, users, f"BP-BENCH-{n}") for n in (2, 3)]
            rounds_of = [
                _enter(
                    databases,
                    users,
                    table_id,
                    [{**body, "round_id": f"{body['round_id']}-{n}"} for body in deals],
                )
                for n, table_id in enumerate(copies)
            ]

            def timed(ids: list[int], cold: bool) -> tuple[float, float]:
                if cold:
                    strategy_table.forget_loaded_blocks()  # a fresh work-horse reads them from disk
                start, cpu = time.perf_counter(), time.process_time()
                with unit_of_work(databases) as db:
                    judge_rounds(db, ids, instance, utc_now())
                return (time.perf_counter() - start) / len(ids), (time.process_time() - cpu) / len(ids)

            strategy_table.forget_loaded_blocks()
            warm = [timed([round_id], cold=False) for round_id in rounds_of[0]]
            cold = [timed([round_id], cold=True) for round_id in rounds_of[1]]
            batches = [
                timed(rounds_of[2][at : at + BATCH], cold=False) for at in range(0, len(rounds_of[2]), BATCH)
            ]
        finally:
            engine.dispose()
    click.echo(_line("a round a transaction, blocks in memory", warm, "the quick queues' in-process worker"))
    click.echo(_line("a round a transaction, blocks from disk", cold, "a forked work-horse's"))
    click.echo(
        _line(f"{BATCH} rounds a transaction, blocks in memory", batches, "each batch's time over its rounds")
    )


def setup_table(databases: Databases, users: dict[str, int], name: str) -> int:
    with unit_of_work(databases) as db:
        return create_table(db, db.get_one(User, users["admin"]), name).id
