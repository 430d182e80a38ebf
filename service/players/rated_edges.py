"""A configuration version's constants for the figures of rated play:
its exact house edges (the par sheet: the Main Bet's is the house-way
strategy's, both hands set by the house way, rule book section 14's
Decision) and the spread of the bets' values over the player's hands
(the strategy table, :mod:`service.analysis.card_spread`)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from service.analysis.card_spread import ValueSums, stored_card_spread_sums
from service.analysis.par_sheet import ParSheet
from service.engine.table_config import TableConfig
from service.players.rated.inputs import DEALER_HANDS, PLAYER_HANDS, Edges
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


def checked_spread(sums: ValueSums, edges: Edges) -> CardSpread:
    """The spread of sums over every player hand, once their means are
    checked against the par sheet's exact edges (the edge is the mean of
    −EV over the hands: two computations, one figure); else
    ``ArithmeticError``."""
    means = tuple(Fraction(total, sums.hands * DEALER_HANDS) for total in sums.sums)
    wanted = (-edges.main, -edges.dealer_break_bonus, -edges.break_bonus)
    if sums.hands != PLAYER_HANDS or means != wanted:
        raise ArithmeticError(f"the card spread's means {means} are not minus the edges {wanted}")
    return spread_of(sums)


def config_spread(config: TableConfig, edges: Edges, instance: Path | None = None) -> CardSpread:
    """From the configuration's complete strategy table (``LookupError``
    while a block is missing), kept beside it once found; checked against
    its edges (:func:`edges_of` its par sheet)."""
    sums = stored_card_spread_sums(config.dealer_qualifier, config.break_bonus_pays, instance)
    return checked_spread(sums, edges)
