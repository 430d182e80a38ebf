"""The jobs the outbox sends. Each takes an id (never an object), is
idempotent, and commits its work in one transaction: a unit of work
(:mod:`service.store.work`) of :func:`_works`, where the workers' come from."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from service.accounting.figures import figure_session as write_figures
from service.analysis.cache import par_sheet as cached_or_computed
from service.analysis.hand_advice import StrategyTableMissing, pattern_index
from service.analysis.optimal_sheet import stored_optimal_sheet
from service.analysis.strategy_table import build_table, missing_blocks, table_folder
from service.audit.chain import seal_batch
from service.audit.event_mac import keyed_databases
from service.compliance.export_build import build_export as build_export_file
from service.compliance.verifications import run_verification
from service.config.environment import StrategyTables
from service.config.settings import Settings
from service.players.rating_figures import figure_rating as write_rating_figures
from service.players.slot_figures import figure_slot, slots_of
from service.protection.repeated_decks import check_deck_order as check_order
from service.rounds.aggregates import aggregate_round as count_round
from service.rounds.aggregates import aggregate_rounds as count_rounds
from service.rounds.expected_values import expect_round as store_values
from service.rounds.expected_values import expect_rounds as store_batch
from service.rounds.expected_values import round_config_id, without_table
from service.store.db import Databases, make_engine
from service.store.models import ConfigVersion
from service.store.work import Works
from service.tables.strategy_build import queue_strategy_build
from service.tables.tables import config_of


@cache
def _databases() -> Databases:
    """The process's database (one engine, one pool), and its key files."""
    settings = Settings.from_environment()
    return keyed_databases(make_engine(settings.database), settings)


def _works() -> Works[Settings]:
    """A job's units of work: the process's database, and the settings of
    the environment read as the job starts."""
    return Works(_databases(), Settings.from_environment())


def par_sheet(config_version_id: int) -> bool:
    """Compute and cache the par sheet of a configuration version, and the
    strategy table of its qualifier unless those are left to the CLI;
    ``False`` when all were cached already (a stopped build resumes)."""
    works = _works()
    settings = works.settings
    with works.databases() as db:
        version = db.get(ConfigVersion, config_version_id)
        if version is None:
            raise LookupError(f"no configuration version with id {config_version_id}")
        config = config_of(version)
    _, cached = cached_or_computed(config, settings.instance)
    if settings.strategy_tables is StrategyTables.BUILD:
        folder = table_folder(config.dealer_qualifier, settings.instance)
        cached = cached and not missing_blocks(folder)
        stored_optimal_sheet(build_table(config.dealer_qualifier, settings.instance))
    return not cached


def seal_audit(event_id: int) -> int:
    """Seal the audit chain up to this event, a bounded batch per transaction;
    how many links were added."""
    works = _works()
    total = 0
    while True:
        sealed, last = works.run(lambda work: seal_batch(work.db, event_id))
        total += sealed
        if sealed == 0 or last >= event_id:
            return total


def aggregate_round(round_id: int) -> bool:
    """Count a settled round into its shift's aggregates, once."""
    # False: counted before (a retry or a repeated dispatch).
    return _works().run(lambda work: count_round(work.db, round_id))


#: rounds counted a transaction: a batch holds SQLite's one writer (and on
#: PostgreSQL its shifts' totals rows) for a few milliseconds at most
COUNT_BATCH = 100


def aggregate_rounds(round_ids: list[int]) -> int:
    """Count many settled rounds into their shifts' aggregates, once each, a
    bounded batch per transaction: the outbox's waiting count rows, or the
    sweep's rounds, in one job. How many rounds changed the totals."""
    works = _works()
    ids = sorted(set(round_ids))
    total = 0
    for start in range(0, len(ids), COUNT_BATCH):
        chunk = ids[start : start + COUNT_BATCH]
        total += works.run(lambda work: count_rounds(work.db, chunk))  # noqa: B023 - called at once
    return total


def build_export(export_id: int) -> bool:
    """Write a compliance export's ZIP; ``False`` when it was done already.
    It manages its own short transactions (progress, the end) as it streams."""
    works = _works()
    return build_export_file(works.databases, export_id, works.settings.instance)


def verify_audit_trail(verification_id: int) -> bool:
    """Verify the audit trail as asked through the API; ``False`` when that
    verification was done already. It saves its progress as it goes."""
    return run_verification(_works().databases, verification_id)


def figure_session(session_id: int) -> bool:
    """Keep a counted session's figures for the reports (again after a
    recount); ``False`` when they are up to date or it is not counted yet."""
    return _works().run(lambda work: write_figures(work.db, session_id, work.now()))


def figure_rating(rating_id: int) -> bool:
    """Keep a rating's figures from its rated rounds and their stored
    values (again after a value stored, a void, a correction, the
    seat-out); ``False`` when they were up to date."""
    return _works().run(
        lambda work: write_rating_figures(work.db, rating_id, work.settings.instance, work.now())
    )


def check_deck_order(feed_id: int) -> int:
    """Check a received deck's order against every deck before it (game
    protection): a repeat raises a critical alert, once; how many were
    raised (0 when the deck was checked before)."""
    return _works().run(lambda work: check_order(work.db, feed_id, work.now()))


def figure_rated_slot(round_id: int) -> bool:
    """:func:`figure_rated_slots` for one round's slot."""
    return figure_rated_slots([round_id]) > 0


def figure_rated_slots(round_ids: list[int]) -> int:
    """Keep the rated play of these rounds' slots (table, gaming day, shift
    and dealer), each slot recomputed whole once, a transaction a slot (a
    slot is a few hundred seats at most); how many rows changed."""
    works = _works()
    slots = works.run(lambda work: slots_of(work.db, sorted(set(round_ids))))
    return sum(
        works.run(lambda work: figure_slot(work.db, slot, work.settings.instance, work.now()))  # noqa: B023 - called at once
        for slot in slots
    )


def expect_round(round_id: int) -> bool:
    """Store the expected values of a round's hands, once; ``False`` when
    they were stored before, or (strategy tables left to the CLI) while a
    block they need is not built: the round waits, and the reports count
    its seats as without values. With tables built by the workers, a
    missing block queues the configuration's par sheet job (which builds
    the table; service/tables/strategy_build.py decides) and fails, so
    that RQ tries again on its retry schedule."""
    works = _works()
    try:
        return works.run(lambda work: store_values(work.db, round_id, work.settings.instance))
    except StrategyTableMissing:
        if works.settings.strategy_tables is StrategyTables.MANUAL:
            return False
        works.run(lambda work: queue_strategy_build(work.db, round_config_id(work.db, round_id)))
        raise


#: rounds whose values are stored a transaction: a commit a round (a sync
#: to disk on SQLite) was a quarter of the quick worker's time under load
EXPECT_BATCH = 50


def expect_rounds(round_ids: list[int]) -> int:
    """:func:`expect_round` for many rounds in one job, a bounded batch a
    transaction; how many rounds' values were stored. Rounds whose
    strategy table has nothing built are told apart first, once a batch:
    left waiting (tables left to the CLI), or their configuration's build
    queued and the job failed after the others, so that RQ tries the batch
    again (tables built by the workers), as :func:`expect_round` does."""
    works = _works()
    instance = works.settings.instance
    ids = sorted(set(round_ids))
    missing = works.run(lambda work: without_table(work.db, ids, instance))
    ready = [round_id for round_id in ids if round_id not in missing]
    stored = 0
    for start in range(0, len(ready), EXPECT_BATCH):
        chunk = ready[start : start + EXPECT_BATCH]
        try:
            stored += works.run(lambda work: store_batch(work.db, chunk, instance))  # noqa: B023 - called at once
        except StrategyTableMissing:
            # A block of a table not wholly built: round by round, which
            # queues the build and fails the job, as one round's job does.
            stored += sum(expect_round(round_id) for round_id in chunk)
    if missing and works.settings.strategy_tables is StrategyTables.BUILD:
        for config_id in sorted(set(missing.values())):
            works.run(lambda work: queue_strategy_build(work.db, config_id))  # noqa: B023 - called at once
        raise StrategyTableMissing(
            f"no strategy table for the rounds of versions {sorted(set(missing.values()))}"
        )
    return stored


def warm_up(instance: Path) -> None:
    """In the worker before it forks: the hand table's pattern index, which
    every expected-values job reads (a second to build), when a strategy
    table is there to read. Each work-horse inherits it."""
    if any((instance / "strategy").glob("*/block-*.npz")):
        pattern_index()
