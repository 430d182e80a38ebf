"""Work the database shows undone: events not sealed, rounds the totals
do not reflect yet, configuration versions without a par sheet, counted
table sessions whose figures are not kept (or out of date), counting
rounds without the expected values of their hands, ratings whose figures
are not kept (or out of date), decks not checked, rounds whose luck is
not added (or not taken out), the shuffler checks' decks and days not
checked, rounds entered but not through the hidden-information test.
The sweep sends it again (``workers/sweep.py``); the ops figures count
it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from service.accounting.figures import unfigured_sessions
from service.analysis.cache import cache_file
from service.analysis.strategy_table import missing_blocks, table_folder
from service.audit.chain import unsealed
from service.players.rating_figures import unfigured_ratings
from service.players.slot_figures import unfigured_slots
from service.protection.cards_changed import unchecked_changes
from service.protection.device_days import uncounted_decks, untested_days
from service.protection.hidden_rounds import untested_rounds
from service.protection.luck_sums import rounds_without_luck
from service.protection.repeated_decks import unchecked_decks
from service.rounds.aggregates import out_of_step
from service.rounds.expected_values import unvalued
from service.store.db import Db, utc_now
from service.store.models import ConfigVersion, RoundRecord
from service.tables.tables import config_of, current_config, list_tables

BATCH = 1_000


@dataclass(frozen=True)
class Undone:
    newest_unsealed: int | None  # sealing up to it seals every event before it
    unaggregated_rounds: list[int]
    missing_par_sheets: list[int]  # current configuration versions without a sheet
    unfigured_sessions: list[int]  # counted (or recounted) sessions the reports do not reflect
    rounds_without_values: list[int]  # counting rounds whose hands' expected values are not stored
    unfigured_ratings: list[int]  # ratings whose figures row is missing or out of date
    unfigured_slots: list[int]  # a round of each slot whose rated-play row is missing or out of date
    unchecked_decks: list[int]  # decks whose order is not checked yet
    rounds_without_luck: list[int]  # valued rounds whose luck is not added, or not taken out
    uncounted_decks: list[int]  # decks not counted into their device's day yet
    untested_days: list[int]  # device days ended and not tested (card positions)
    unchecked_changes: list[int]  # dealt decks whose cards changed by hand are not checked
    untested_rounds: list[int]  # rounds entered whose seats' hidden-information bets are not stored


def undone(
    db: Db,
    instance: Path,
    before: datetime | None = None,
    limit: int = BATCH,
    tables_built_by_workers: bool = False,
) -> Undone:
    _, newest = unsealed(db, before)
    query = select(RoundRecord.id).where(out_of_step())
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    rounds = list(db.scalars(query.order_by(RoundRecord.id).limit(limit)))
    sheets = []
    for table in list_tables(db):
        version = current_config(db, table)
        if (before is None or version.created_at < before) and not cache_file(
            config_of(version), instance
        ).exists():
            sheets.append(version.id)
    return Undone(
        newest,
        rounds,
        sheets,
        unfigured_sessions(db, before, limit),
        without_values(db, instance, before, limit, tables_built_by_workers),
        unfigured_ratings(db, before, limit),
        unfigured_slots(db, before, limit),
        unchecked_decks(db, before, limit),
        rounds_without_luck(db, instance, before, limit),
        uncounted_decks(db, before, limit),
        untested_days(db, before or utc_now(), limit=limit),
        unchecked_changes(db, before, limit),
        _complete_only(db, instance, untested_rounds(db, before, limit), tables_built_by_workers),
    )


def without_values(
    db: Db, instance: Path, before: datetime | None, limit: int, tables_built_by_workers: bool
) -> list[int]:
    """Counting rounds without their expected values. When the strategy
    tables are left to the CLI, only those whose qualifier's table is
    complete: the others' jobs could only give up again, every sweep."""
    query = select(RoundRecord.id, RoundRecord.config_id).where(unvalued()).order_by(RoundRecord.id)
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    found = [(row[0], row[1]) for row in db.execute(query.limit(limit))]
    return _complete_only(db, instance, found, tables_built_by_workers)


def _complete_only(
    db: Db, instance: Path, found: list[tuple[int, int]], tables_built_by_workers: bool
) -> list[int]:
    """The rounds (with their configuration versions) whose job can run:
    all when the workers build the strategy tables, else only those whose
    qualifier's table is complete."""
    if tables_built_by_workers:
        return [round_id for round_id, _ in found]
    complete: dict[int, bool] = {}
    for config_id in {config_id for _, config_id in found}:
        version = db.get(ConfigVersion, config_id)
        assert version is not None  # a round's version is its foreign key
        folder = table_folder(config_of(version).dealer_qualifier, instance)
        complete[config_id] = not missing_blocks(folder)
    return [round_id for round_id, config_id in found if complete[config_id]]
