"""``python -m tests.bench bench-protection-cost``: the protection work of a
six-seat round (issue 43: "a few milliseconds a round in the worker").

On a temporary SQLite database it enters six-seat rounds (two seats
rated, one player who sees the dealer's cards, the others honest), each
dealt from a deck a shoe posted (:mod:`tests.bench.protection_rounds`),
and stores their expected values (untimed: not protection work). Then,
with the strategy blocks in memory (the quick queues' worker runs its
jobs in its own process), it times the rounds' whole protection work as
the worker runs it: the outbox coalesces the waiting rows of the
hidden-information test and of the results beyond luck into one job each,
run 50 rounds a transaction (``JUDGE_BATCH``, ``LUCK_BATCH``), so these
two are timed a batch of 50 rounds a transaction, each round's share the
batch's time over its rounds
(:func:`service.protection.hidden_rounds.judge_rounds`,
:func:`service.protection.luck_batch.luck_batch`); a deck's checks are
two jobs a deck, each timed in its own transaction (its order against
every deck before it and its positions counted to the device's day, one
job; its cards changed by hand). The first round is a batch of its own, timed apart (it
loads the code paths and the first blocks). It prints the whole's median
and range per round and each part's median. The hidden-information job is
timed again on copies of the rounds a round a transaction: blocks in
memory (the job of a round alone), and each round's blocks read from disk
again (a fresh work-horse). The seat hands are dealt from a few blocks of
the strategy table (``tests/support/hidden_play.py``), built first into
the scratch folder unless the instance's table is complete (timed apart:
the table's build is not the job)."""

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
from tests.bench.protection_rounds import (
    BATCH,
    PARTS,
    Times,
    dealt_rounds,
    done_counts,
    expect,
    luck_instance,
    protect,
)
from tests.bench.scratch import cheap_password_hashing, scratch, scratch_databases
from tests.support.hidden_play import HOUSE_WAY, cheating_setting, deal, random_setting, round_body

SEATS = 6
RATED = (1, 2)  # seat 1 a player who sees the dealer's cards; seat 2 honest


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


def _seat_players(databases: Databases, users: dict[str, int], table_id: int) -> None:
    with unit_of_work(databases) as db:
        table = db.get_one(GameTable, table_id)
        admin, dealer = db.get_one(User, users["admin"]), db.get_one(User, users["dealer"])
        now = utc_now()
        for seat in RATED:
            club = f"BENCH{table_id}S{seat}"  # a player sits at one table at a time
            enrol_player(db, admin, club, f"Bench Player {seat}", now)
            seat_in(db, table, dealer, SeatIn(club, seat), now)


def _enter(
    databases: Databases, users: dict[str, int], table_id: int, deals: Sequence[dict[str, object]]
) -> list[int]:
    _seat_players(databases, users, table_id)
    with unit_of_work(databases) as db:
        table = db.get_one(GameTable, table_id)
        dealer = db.get_one(User, users["dealer"])
        for body in deals:
            enter_round(db, table, dealer, body, str(body["round_id"]), utc_now(), sessionless=True)
    with databases() as db:
        return list(
            db.scalars(
                select(RoundRecord.id).where(RoundRecord.table_id == table_id).order_by(RoundRecord.id)
            )
        )


def _figures(times: list[tuple[float, float]]) -> tuple[float, float, float, float, float]:
    """The median, least and most time per round, the first apart (it
    loads the code paths and, warm, the first blocks); the median CPU time
    (the wall time counts whatever else the machine runs); the first's."""
    rest = [wall for wall, _ in times[1:] or times]
    cpu = statistics.median(used for _, used in times[1:] or times)
    return statistics.median(rest), min(rest), max(rest), cpu, times[0][0]


def _line(name: str, times: list[tuple[float, float]], note: str) -> str:
    median, low, high, cpu, first = _figures(times)
    return (
        f"{name}: {median * 1000:.2f} ms a six-seat round, "
        f"median (range {low * 1000:.2f} to {high * 1000:.2f} ms over {len(times[1:] or times)}; "
        f"CPU {cpu * 1000:.2f} ms median; the first {first * 1000:.1f} ms; {note})"
    )


def _whole(parts: list[Times]) -> list[str]:
    """The whole work's line, then each part's median (wall and CPU)."""
    whole = [(sum(wall for wall, _ in each.values()), sum(cpu for _, cpu in each.values())) for each in parts]
    lines = [
        _line(
            "protection work, whole round, blocks in memory",
            whole,
            f"as the quick queues' in-process worker runs the jobs: hidden-information and luck "
            f"{BATCH} rounds a transaction, each deck's two jobs a transaction each",
        )
    ]
    for name in PARTS:
        median, _, _, cpu, _ = _figures([each[name] for each in parts])
        lines.append(f"  of which {name}: {median * 1000:.2f} ms median (CPU {cpu * 1000:.2f} ms)")
    return lines


@click.command("bench-protection-cost")
@click.option("--rounds", type=click.IntRange(min=2), default=300, show_default=True, help="Six-seat rounds.")
@click.option("--seed", default=1, show_default=True, help="Seed of the deals.")
def bench_protection_cost(rounds: int, seed: int) -> None:
    """Print a six-seat round's whole protection work as the worker runs
    it (the hidden-information and luck jobs 50 rounds a transaction, the
    deck's two jobs a transaction each; blocks in memory: the quick queues'
    worker runs its jobs in its own process) and each part's; and the
    hidden-information job's a round a transaction, blocks in memory and
    read from disk each round (a forked work-horse's)."""
    deals = _deals(rounds, seed)
    with scratch(None, "bench-protection") as (url, scratch_folder), cheap_password_hashing():
        instance = luck_instance(scratch_folder, _strategy(deals, scratch_folder))
        upgrade(url)
        engine = make_engine(url)
        try:
            databases = scratch_databases(engine, url, scratch_folder)
            users, first_table = setup_floor(databases)
            _seat_players(databases, users, first_table)
            dealt = dealt_rounds(databases, users, first_table, deals)
            expect(databases, [round_id for round_id, _ in dealt], instance)
            copies = [setup_table(databases, users, f"BP-BENCH-{n}") for n in (2, 3)]
            rounds_of = [
                _enter(
                    databases,
                    users,
                    table_id,
                    [{**body, "round_id": f"{body['round_id']}-{n}"} for body in deals],
                )
                for n, table_id in enumerate(copies, 1)
            ]

            def timed(ids: list[int], cold: bool) -> tuple[float, float]:
                if cold:
                    strategy_table.forget_loaded_blocks()  # a fresh work-horse reads them from disk
                start, cpu = time.perf_counter(), time.process_time()
                with unit_of_work(databases) as db:
                    judge_rounds(db, ids, instance, utc_now())
                return (time.perf_counter() - start) / len(ids), (time.process_time() - cpu) / len(ids)

            strategy_table.forget_loaded_blocks()
            # the first round a batch of its own: the whole's first, apart
            batches = [dealt[:1]] + [dealt[at : at + BATCH] for at in range(1, len(dealt), BATCH)]
            parts = [times for batch in batches for times in protect(databases, batch, instance)]
            done = done_counts(databases, [round_id for round_id, _ in dealt])
            assert set(done.values()) == {rounds}, done  # every part did its work for every round
            cold = [timed([round_id], cold=True) for round_id in rounds_of[0]]
            alone = [timed([round_id], cold=False) for round_id in rounds_of[1]]
        finally:
            engine.dispose()
    for line in _whole(parts):
        click.echo(line)
    hidden = "hidden-information job"
    click.echo(_line(f"{hidden}, a round a transaction, blocks in memory", alone, "a round's job alone"))
    click.echo(_line(f"{hidden}, a round a transaction, blocks from disk", cold, "a forked work-horse's"))
    whole_part = [each["hidden-information"] for each in parts]
    click.echo(
        _line(
            f"{hidden}, {BATCH} rounds a transaction, blocks in memory",
            whole_part,
            "the whole's part: each batch's time over its rounds",
        )
    )


def setup_table(databases: Databases, users: dict[str, int], name: str) -> int:
    with unit_of_work(databases) as db:
        return create_table(db, db.get_one(User, users["admin"]), name).id
