"""The expected win of the hands dealt (rule book section 12): per seat of a
stored round, the exact expected values of its bets given its seven cards,
the dealer's hand unknown (:mod:`service.rounds.seat_values`, read from the
strategy table by :mod:`service.analysis.seat_counts`) under the round's
own configuration version; written once, with the round's sums beside
them and added to its shift's sums (:mod:`service.rounds.value_sums`).

A round's values are written all together or not at all: the reports'
variance bound is per round, over all its seats. A missing strategy-table
block raises ``StrategyTableMissing`` and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from sqlalchemy import ColumnElement, Table, exists, func, insert, select
from sqlalchemy.orm import load_only, raiseload, selectinload

from service.analysis.hand_advice import StrategyTableMissing
from service.analysis.seat_counts import seat_counts
from service.analysis.strategy_table import table_folder
from service.audit.events import queue_job
from service.engine.cards import parse_cards
from service.engine.table_config import TableConfig
from service.jobs.queues import JobKind
from service.rounds.expected_rows import round_row, seat_row
from service.rounds.rated_seats import queue_rating_figures
from service.rounds.seat_values import SeatValues, played_ranks, seat_values
from service.rounds.status import counting
from service.rounds.value_sums import add_values
from service.store.db import Db, hold_writer, utc_now
from service.store.models import ConfigVersion, RoundExpectedValue, RoundRecord, SeatExpectedValue, SeatRecord
from service.tables.tables import config_of

# Plain tables: the rows go in as they are, without the ORM's bookkeeping.
_SEATS = cast(Table, SeatExpectedValue.__table__)
_ROUNDS = cast(Table, RoundExpectedValue.__table__)


def expect_round(db: Db, round_id: int, instance: Path | None) -> bool:
    """Store the expected values of every seat of a round, once; ``False``
    when they are stored already. Raises :class:`StrategyTableMissing`
    (writing nothing) when a seat's strategy-table block is not built."""
    return expect_rounds(db, [round_id], instance) == 1


def expect_rounds(db: Db, round_ids: list[int], instance: Path | None) -> int:
    """:func:`expect_round` for several rounds in one transaction; how many
    were stored. The rounds are read together, and every round's values
    found, before the first write: found between writes, a batch held
    SQLite's single writer through all its hand calculations, and the
    API's rounds waited behind it (p95 200 ms at 100 rounds a second in
    bench-service)."""
    found = _found(db, round_ids, instance)
    if found:
        _store(db, found)
    return len(found)


@dataclass(frozen=True, slots=True)
class _Found:
    """A round's values, found and not yet stored."""

    record: RoundRecord
    config: TableConfig
    seats: list[tuple[SeatRecord, SeatValues]]


# Only the columns the values and the shift's sums need: the record's
# settlement and body, the seats' results and the dealer were read and
# decoded for nothing. Anything else asked of these objects raises.
_READ = (
    load_only(
        RoundRecord.id,
        RoundRecord.config_id,
        RoundRecord.table_id,
        RoundRecord.gaming_day,
        RoundRecord.shift,
        RoundRecord.entered_by,
        raiseload=True,
    ),
    raiseload(RoundRecord.user),
    selectinload(RoundRecord.config),
    selectinload(RoundRecord.seats).load_only(
        SeatRecord.id,
        SeatRecord.round_id,
        SeatRecord.seat,
        SeatRecord.cards,
        SeatRecord.setting_entered,
        SeatRecord.main_stake,
        SeatRecord.dealer_break_bonus_stake,
        SeatRecord.break_bonus_stake,
        raiseload=True,
    ),
)


def _found(db: Db, round_ids: list[int], instance: Path | None) -> list[_Found]:
    """Reads only: the values of those rounds not valued already."""
    valued = set(
        db.scalars(select(RoundExpectedValue.round_id).where(RoundExpectedValue.round_id.in_(round_ids)))
    )
    wanted = [round_id for round_id in dict.fromkeys(round_ids) if round_id not in valued]
    records = {
        record.id: record
        for record in db.scalars(select(RoundRecord).where(RoundRecord.id.in_(wanted)).options(*_READ))
    }
    configs: dict[int, TableConfig] = {}
    found = []
    for round_id in wanted:
        record = records.get(round_id)
        if record is None:
            raise LookupError(f"no round with id {round_id}")
        if record.config_id not in configs:
            configs[record.config_id] = _with_table(config_of(record.config), instance)
        config = configs[record.config_id]
        found.append(_Found(record, config, [(seat, _seat(seat, config, instance)) for seat in record.seats]))
    return found


def _with_table(config: TableConfig, instance: Path | None) -> TableConfig:
    if not any(table_folder(config.dealer_qualifier, instance).glob("block-*.npz")):
        # Nothing of the table is built: said without reading the pattern
        # index (a second in each job's fresh work-horse).
        raise StrategyTableMissing(f"no strategy table for qualifier {config.dealer_qualifier.text}")
    return config


def _store(db: Db, found: list[_Found]) -> None:
    """The batch in two INSERTs and a change of each shift's sums: the
    writer's turn lasts a few milliseconds, where an ORM flush and three
    statements a round held it about 100 ms for 50 rounds."""
    now = utc_now()
    seats = [
        seat_row(each.record, seat, values, each.config, now) for each in found for seat, values in each.seats
    ]
    rounds = [round_row(each.record, each.seats, now) for each in found]
    hold_writer(db)  # SQLite: the values and their shifts' sums in one turn
    db.execute(insert(_SEATS), seats)
    # A concurrent run fails on a round's key here and is retried.
    db.execute(insert(_ROUNDS), rounds)
    add_values(db, [(each.record, row) for each, row in zip(found, rounds, strict=True)])
    queue_rating_figures(db, [each.record.id for each in found])  # their rated seats' figures
    for each in found:
        queue_job(db, JobKind.LUCK, each.record.id)  # game protection: results beyond luck


def _seat(seat: SeatRecord, config: TableConfig, instance: Path | None) -> SeatValues:
    counts = seat_counts(parse_cards(seat.cards), played_ranks(seat.setting_entered), config, instance)
    return seat_values(counts, config)


def without_table(db: Db, round_ids: list[int], instance: Path | None) -> dict[int, int]:
    """Of these rounds, those whose qualifier's strategy table has no block
    built, by round id with their configuration version: what
    :func:`expect_round` would refuse, found with a query and a look at
    each configuration's folder once (a batch of them, not a job each)."""
    found = db.execute(
        select(RoundRecord.id, RoundRecord.config_id).where(RoundRecord.id.in_(round_ids))
    ).all()
    built: dict[int, bool] = {}
    for config_id in {config_id for _, config_id in found}:
        version = db.get(ConfigVersion, config_id)
        assert version is not None  # a round's version is its foreign key
        built[config_id] = any(
            table_folder(config_of(version).dealer_qualifier, instance).glob("block-*.npz")
        )
    return {round_id: config_id for round_id, config_id in found if not built[config_id]}


def round_config_id(db: Db, round_id: int) -> int:
    """The configuration version a stored round was settled under (whose
    par sheet job builds the strategy table its values need)."""
    config_id = db.scalar(select(RoundRecord.config_id).where(RoundRecord.id == round_id))
    if config_id is None:
        raise LookupError(f"no round with id {round_id}")
    return config_id


def unvalued() -> ColumnElement[bool]:
    """The SQL condition a round counts and its hands' expected values are
    not stored yet (their job waits, or waits for a strategy table)."""
    return counting() & ~exists().where(RoundExpectedValue.round_id == RoundRecord.id)


def unvalued_count(db: Db) -> int:
    """How many rounds are :func:`unvalued`."""
    return db.scalar(select(func.count()).select_from(RoundRecord).where(unvalued())) or 0
