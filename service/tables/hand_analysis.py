"""The hand calculator at a table: seven cards valued under a configuration
version's rules (its dealer qualifier, foul policy and Break Bonus pays),
from the cached strategy table. The use case behind ``POST
/tables/{id}/hand-analysis``; a stored round's values use it too.

The strategy table is built off the request path: a hand whose block is
missing is answered "not yet" (503), and under ``strategy_tables=build``
the configuration's par sheet job, which builds the table, is queued.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from service.analysis.hand_advice import HandAdvice, StrategyTableMissing, advise
from service.audit.events import queue_job
from service.config.environment import StrategyTables
from service.engine.cards import Card, parse_card
from service.engine.errors import RulesError
from service.engine.table_config import FoulPolicy
from service.errors import Invalid, Unavailable
from service.jobs.queues import JobKind
from service.store.db import utc_now
from service.store.models import ConfigVersion, OutboxEntry
from service.tables.advice_json import AdviceJson, advice_json
from service.tables.tables import config_of, current_config, get_table

#: Seconds a client waits before asking again: a block takes well under a
#: second once the build runs, the whole table a minute or a few.
RETRY_AFTER = 30
#: A build queued this recently is taken as still running (not queued again).
BUILD_RUNNING = timedelta(minutes=10)
BUILDING = "strategy_table_building"
NOT_BUILT = "strategy_table_not_built"


class HandAnalysisJson(AdviceJson):
    table_id: int
    config_version: int  # the table's version whose rules were used
    foul_policy: FoulPolicy


def parse_hand(cards: Sequence[object], field: str = "cards") -> tuple[Card, ...]:
    """Each card by the engine's rules; a bad one is named by its place."""
    parsed = []
    for index, text in enumerate(cards):
        try:
            parsed.append(parse_card(text))
        except RulesError as error:
            place = f"{field}[{index}]"
            raise Invalid(error.code, f"{place}: {error.message}", place) from None
    return tuple(parsed)


def advise_under(
    session: Session,
    version: ConfigVersion,
    cards: Sequence[Card],
    instance: Path,
    strategy_tables: StrategyTables,
    field: str = "cards",
) -> HandAdvice:
    """The calculator's answer under a configuration version, or
    :class:`~service.errors.Unavailable` while its strategy table is not built
    (the build queued in ``session``: the caller commits it)."""
    config = config_of(version)
    try:
        return advise(cards, config, instance)
    except RulesError as error:
        raise Invalid(error.code, error.message, field) from None
    except StrategyTableMissing:
        qualifier = config.dealer_qualifier.text
        if strategy_tables is not StrategyTables.BUILD:
            raise Unavailable(
                NOT_BUILT,
                f"the strategy table for qualifier {qualifier} is not built yet; this service leaves "
                "building it to an operator (BREAKPOKER_STRATEGY_TABLES=manual: breakpoker strategy build)",
                RETRY_AFTER,
            ) from None
        queue_build(session, version)
        raise Unavailable(
            BUILDING,
            f"the strategy table for qualifier {qualifier} is being built (a few minutes); ask again",
            RETRY_AFTER,
        ) from None


def queue_build(session: Session, version: ConfigVersion) -> bool:
    """Queue the par sheet job of a version (it builds the strategy table)
    unless one is waiting or was queued moments ago; whether it was queued."""
    recent = (
        select(OutboxEntry.id)
        .where(OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.ref == version.id)
        .where(or_(OutboxEntry.dispatched_at.is_(None), OutboxEntry.created_at > utc_now() - BUILD_RUNNING))
        .limit(1)
    )
    if session.scalar(recent) is not None:
        return False
    queue_job(session, JobKind.PAR_SHEET, version.id)
    return True


def hand_analysis(
    session: Session, table_id: int, cards: Sequence[object], instance: Path, strategy_tables: StrategyTables
) -> HandAnalysisJson:
    """Seven cards valued under a table's current configuration."""
    version = current_config(session, get_table(session, table_id))
    config = config_of(version)
    advice = advise_under(session, version, parse_hand(cards), instance, strategy_tables)
    return {
        "table_id": table_id,
        "config_version": version.version,
        "foul_policy": config.foul_policy,
        **advice_json(advice, config),
    }
