"""The protection bench's rounds dealt from decks, the constants the
results-beyond-luck job needs, and a round's whole protection work timed
part by part (``tests/bench/protection_cost.py``).

Each bench round is dealt from a deck a shoe posted (a device user): the
deck stored, its six hands marked exposed, and the round entered with its
``deck_id``, so the deck checks have their work. The luck job reads the
round's expected values (stored beforehand, untimed: that is the
expected-values job, not protection work) and the configuration's edges
(its par sheet) and card spread, both put in the bench's scratch instance:
the spread is a test's (``tests/support/luck.py``), never written into the
configured instance."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from sqlalchemy import func, select

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.analysis.cache import copy_par_sheets, par_sheet, store_par_sheet
from service.analysis.card_spread import spread_file
from service.analysis.strategy_table import table_folder
from service.config.instance import instance_path
from service.engine.qualifier import DEFAULT_QUALIFIER
from service.engine.table_config import TableConfig
from service.protection.cards_changed import check_changed_cards
from service.protection.hidden_rounds import judge_rounds
from service.protection.luck_batch import luck_batch
from service.protection.received_decks import check_received_deck
from service.rounds.entering import enter_round
from service.rounds.expected_values import expect_rounds
from service.store.db import Databases, Db, utc_now
from service.store.models import (
    DeckChangeCheck,
    DeckOrderCheck,
    DeckPositionCount,
    GameTable,
    HiddenRound,
    LuckRound,
    User,
)
from service.store.work import unit_of_work
from service.tables.deck_exposure import expose_deck
from service.tables.decks import receive_deck
from tests.bench.office import PASSWORD
from tests.support.card_spread import store_spread
from tests.support.decks import dealing

DEVICE = "bench-shoe"
#: the parts of a round's protection work, each a job of its own as the
#: worker runs it (the first two a batch's rounds together), in the order
#: they are run
PARTS = (
    "hidden-information",
    "results-beyond-luck",
    "deck order and count",  # one job (deck_received): the repeated order, the device day's count
    "cards changed",
)
Times = dict[str, tuple[float, float]]  # a part's wall and CPU seconds
#: rounds a transaction of the batched jobs: the worker's JUDGE_BATCH and
#: LUCK_BATCH (workers/protection_jobs.py)
BATCH = 50


def luck_instance(scratch_folder: Path, instance: Path) -> Path:
    """The instance the luck job reads: the scratch folder, with the
    default rules' par sheet cached and a card spread beside the strategy
    table (the configured table's blocks linked in when ``instance`` is the
    configured one: the spread is never written there). A sheet the
    run's or the configured instance's cache has is copied, else computed."""
    if instance != scratch_folder:
        folder = table_folder(DEFAULT_QUALIFIER, scratch_folder)
        folder.mkdir(parents=True, exist_ok=True)
        spread = spread_file(folder, TableConfig().break_bonus_pays).name
        for block in table_folder(DEFAULT_QUALIFIER, instance).iterdir():
            if block.name != spread:  # its own spread is written in the scratch folder
                (folder / block.name).symlink_to(block)
    if "BREAKPOKER_TEST_RUN_FOLDER" in os.environ:  # a test run: its shared sheet
        from tests.par_sheets import default_sheet

        store_par_sheet(default_sheet(), scratch_folder)
    copy_par_sheets(instance_path(), scratch_folder)
    start = time.perf_counter()
    sheet, cached = par_sheet(TableConfig(), scratch_folder)
    if not cached:
        click.echo(f"par sheet: computed in {time.perf_counter() - start:.1f} s (not part of the figure)")
    store_spread(scratch_folder, sheet)
    return scratch_folder


def dealt_rounds(
    databases: Databases, users: dict[str, int], table_id: int, deals: Sequence[dict[str, object]]
) -> list[tuple[int, int]]:
    """Each deal's deck posted by the shoe, its hands exposed, and its
    round entered from it: (round id, deck id) of each."""
    with unit_of_work(databases) as db:
        device = create_user(db, f"{DEVICE}-{table_id}", Role.DEVICE, PASSWORD)
        table = db.get_one(GameTable, table_id)
        dealer = db.get_one(User, users["dealer"])
        dealt = []
        for sequence, body in enumerate(deals, 1):
            seats = {int(seat["seat"]): list(seat["cards"]) for seat in body["seats"]}  # type: ignore[attr-defined]
            cards = dealing(list(body["dealer"]), seats)  # type: ignore[call-overload]
            now = utc_now()
            received = receive_deck(
                db, table_id, device, f"{DEVICE}-{table_id}", sequence, cards, now, sessionless=True
            )
            deck_id = received["feed"]["id"]
            expose_deck(db, table, deck_id, dealer, sorted(seats), now)
            record = enter_round(
                db, table, dealer, {**body, "deck_id": deck_id}, str(body["round_id"]), now, sessionless=True
            )
            dealt.append((record.record.id, deck_id))
    return dealt


def expect(databases: Databases, round_ids: list[int], instance: Path) -> None:
    """The rounds' expected values, stored before the luck job reads them."""
    for at in range(0, len(round_ids), 50):
        with unit_of_work(databases) as db:
            expect_rounds(db, round_ids[at : at + 50], instance)


def protect(databases: Databases, dealt: Sequence[tuple[int, int]], instance: Path) -> list[Times]:
    """A batch's rounds' whole protection work as the worker runs it: the
    hidden-information test and the luck job each one transaction of the
    batch's rounds (the outbox coalesces their rows into one job, run
    :data:`BATCH` rounds a transaction), each deck's two jobs a
    transaction each (its order and count, its cards changed). Only the jobs are timed; each part
    checked after, untimed, to have done its work. A batched part's time
    is shared evenly by its rounds."""
    round_ids = [round_id for round_id, _ in dealt]

    def hidden(db: Db) -> bool:
        return judge_rounds(db, round_ids, instance, utc_now()) == len(round_ids)

    def luck(db: Db) -> bool:
        luck_batch(db, round_ids, instance, utc_now())
        return True  # its rows are counted after

    batched: dict[str, tuple[float, float]] = {}
    for name, work in (("hidden-information", hidden), ("results-beyond-luck", luck)):
        start, cpu = time.perf_counter(), time.process_time()
        with unit_of_work(databases) as db:
            if not work(db):
                raise AssertionError(
                    f"the {name} job had no work in rounds {round_ids}: its figure is of nothing"
                )
        batched[name] = ((time.perf_counter() - start) / len(dealt), (time.process_time() - cpu) / len(dealt))
    with databases() as db:
        added = db.scalar(
            select(func.count()).select_from(LuckRound).where(LuckRound.round_id.in_(round_ids))
        )
    if added != len(round_ids):
        raise AssertionError(f"the luck job added {added} of {len(round_ids)} rounds: its figure is of less")
    return [dict(batched) | _deck_checks(databases, round_id, deck_id) for round_id, deck_id in dealt]


def _deck_checks(databases: Databases, round_id: int, deck_id: int) -> Times:
    """A deck's jobs, a transaction each, timed: its order checked and its
    positions counted (one job), its cards changed by hand."""

    def received(db: Db) -> bool:
        check_received_deck(db, deck_id, utc_now())
        return True  # its rows are looked for after

    def changed(db: Db) -> bool:
        check_changed_cards(db, deck_id, utc_now())
        return True

    works: tuple[Callable[[Db], bool], ...] = (received, changed)
    times: Times = {}
    for name, work in zip(PARTS[2:], works, strict=True):
        start, cpu = time.perf_counter(), time.process_time()
        with unit_of_work(databases) as db:
            work(db)
        times[name] = (time.perf_counter() - start, time.process_time() - cpu)
    with databases() as db:
        done = {
            "deck order": db.get(DeckOrderCheck, deck_id) is not None,
            "device day count": db.get(DeckPositionCount, deck_id) is not None,
            "cards changed": db.get(DeckChangeCheck, deck_id) is not None,
        }
    for name, did in done.items():
        if not did:
            raise AssertionError(f"the {name} job had no work in round {round_id}: its figure is of nothing")
    return times


def done_counts(databases: Databases, round_ids: list[int]) -> dict[str, int]:
    """The rows each part leaves for the rounds (hidden-information and
    luck rows, deck order and card checks, device day counts)."""
    with databases() as db:
        deck_rows = (DeckOrderCheck, DeckPositionCount, DeckChangeCheck)
        counts = {
            model.__name__: db.scalar(select(func.count()).select_from(model)) or 0 for model in deck_rows
        }
        for model in (HiddenRound, LuckRound):
            counts[model.__name__] = (
                db.scalar(select(func.count()).select_from(model).where(model.round_id.in_(round_ids))) or 0
            )
    return counts
