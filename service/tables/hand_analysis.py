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
from pathlib import Path
from typing import Annotated

from service.analysis.hand_advice import HandAdvice, StrategyTableMissing, advise
from service.config.environment import StrategyTables
from service.engine.cards import Card, parse_card
from service.engine.errors import RulesError
from service.engine.table_config import FoulPolicy
from service.errors import ErrorCode, Invalid, Unavailable
from service.store.db import Db
from service.store.models import ConfigVersion
from service.tables.advice_json import AdviceJson, advice_json
from service.tables.strategy_build import queue_strategy_build
from service.tables.tables import config_of, current_config, get_table

#: Seconds a client waits before asking again: a block takes well under a
#: second once the build runs, the whole table a minute or a few.
RETRY_AFTER = 30


class HandAnalysisJson(AdviceJson):
    table_id: Annotated[int, "the table"]
    config_version: Annotated[int, "the table's configuration version whose rules were used"]
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
    db: Db,
    version: ConfigVersion,
    cards: Sequence[Card],
    instance: Path,
    strategy_tables: StrategyTables,
    field: str = "cards",
) -> HandAdvice:
    """The calculator's answer under a configuration version, or
    :class:`~service.errors.Unavailable` while its strategy table is not built
    (the build queued in ``db``: the caller commits it)."""
    config = config_of(version)
    try:
        return advise(cards, config, instance)
    except RulesError as error:
        raise Invalid(error.code, error.message, field) from None
    except StrategyTableMissing:
        qualifier = config.dealer_qualifier.text
        if strategy_tables is not StrategyTables.BUILD:
            raise Unavailable(
                ErrorCode.STRATEGY_TABLE_NOT_BUILT,
                f"the strategy table for qualifier {qualifier} is not built yet; this service leaves "
                "building it to an operator (BREAKPOKER_STRATEGY_TABLES=manual: breakpoker strategy build)",
                RETRY_AFTER,
            ) from None
        queue_strategy_build(db, version.id)
        raise Unavailable(
            ErrorCode.STRATEGY_TABLE_BUILDING,
            f"the strategy table for qualifier {qualifier} is being built (a few minutes); ask again",
            RETRY_AFTER,
        ) from None


def hand_analysis(
    db: Db, table_id: int, cards: Sequence[object], instance: Path, strategy_tables: StrategyTables
) -> HandAnalysisJson:
    """Seven cards valued under a table's current configuration."""
    version = current_config(db, get_table(db, table_id))
    config = config_of(version)
    advice = advise_under(db, version, parse_hand(cards), instance, strategy_tables)
    return {
        "table_id": table_id,
        "config_version": version.version,
        "foul_policy": config.foul_policy,
        **advice_json(advice, config),
    }
