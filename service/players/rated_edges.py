"""A configuration version's constants for the figures of rated play:
its exact house edges (the par sheet: the Main Bet's is the house-way
strategy's, both hands set by the house way, rule book section 14's
Decision) and the spread of the bets' values over the player's hands
(the strategy table, :mod:`service.analysis.card_spread`)."""

from __future__ import annotations

from pathlib import Path

from service.analysis.card_spread import ValueSums, card_spread_sums
from service.analysis.par_sheet import ParSheet
from service.engine.table_config import TableConfig
from service.players.rated.inputs import Edges
from service.players.rated.spread import CardSpread


def edges_of(sheet: ParSheet) -> Edges:
    """The sheet's exact edges (``service.analysis.cache.par_sheet`` gives
    a configuration's sheet, from the cache or computed)."""
    return Edges(
        main=sheet.main.house_edge,
        dealer_break_bonus=sheet.dealer_break_bonus.house_edge,
        break_bonus=sheet.break_bonus.house_edge,
    )


def spread_of(sums: ValueSums) -> CardSpread:
    return CardSpread.of(sums.hands, sums.sums, sums.products)


def config_spread(config: TableConfig, instance: Path | None = None) -> CardSpread:
    """From the configuration's complete strategy table (``LookupError``
    while a block is missing): a pass over the table, so a caller keeps
    it per configuration version."""
    return spread_of(card_spread_sums(config.dealer_qualifier, config.break_bonus_pays, instance))
