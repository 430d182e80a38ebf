"""One seat's round as the hidden-information test sees it
(:mod:`service.analysis.departures`): the strategy table's count of the
event the round bets on, and whether it happened against the dealer's
actual hand.

Every legal setting of the seat's cards is compared with the dealer's
house way by their value keys (the listing the strategy table is made of),
so a seat costs a block lookup and a few dozen integer comparisons.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from service.analysis.departures import RoundBet, departure, stay
from service.analysis.hand_advice import located
from service.analysis.legal_settings import HIGHS, LOWS, key_arrays
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.seat_counts import RankKey, _position
from service.engine.cards import Card
from service.engine.house_way import house_way
from service.engine.table_config import TableConfig


def seat_bet(
    cards: Sequence[Card],
    played: RankKey | None,
    dealer_cards: Sequence[Card],
    config: TableConfig,
    instance: Path | None = None,
) -> RoundBet | None:
    """The seat's bet: a departure when it played a setting other than the
    house way (``played`` ``None`` is the house way), else a stay. ``None``
    when the setting played is a foul: it was never chosen from the cards'
    settings, so it is not tested. Raises ``StrategyTableMissing`` as the
    hand calculator does."""
    ordered, index, block = located(cards, config, instance)
    span, local = block.span(index), index - block.first
    house = int(block.house[local])
    lows, highs = block.low_position[span].tolist(), block.high_position[span].tolist()
    ranks = tuple(card.rank for card in ordered)
    chosen = house if played is None else _position(ranks, played, lows, highs)
    if chosen is None:
        return None
    low, high = _keys(tuple(int(rank) for rank in ranks), tuple(lows), tuple(highs))
    nets = _nets(low, high, block.lucky[span], dealer_cards, config)
    if chosen == house:
        return stay(int(block.beaten[local]), DEALER_HANDS, bool(nets.max() == nets[house]))
    return departure(int(block.better[span][chosen]), DEALER_HANDS, bool(nets[chosen] > nets[house]))


@lru_cache(maxsize=8_192)
def _keys(
    ranks: tuple[int, ...], lows: tuple[int, ...], highs: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """The low and high value keys of a pattern's settings (their card
    positions, as the strategy table lists them): from the key tables
    alone, without the whole hand table (seconds to build in each worker
    process that forks to run a job)."""
    low_keys, high_keys = key_arrays()
    held = np.array(ranks)
    low = np.array([LOWS[position] for position in lows])
    high = np.array([HIGHS[position] for position in highs])
    return (
        low_keys[held[low[:, 0]], held[low[:, 1]]],
        high_keys[held[high[:, 0]], held[high[:, 1]], held[high[:, 2]]],
    )


def _nets(
    low: np.ndarray, high: np.ndarray, lucky: np.ndarray, dealer_cards: Sequence[Card], config: TableConfig
) -> np.ndarray:
    """Each legal setting's Main Bet net for a unit against the dealer's
    house way (rule book sections 6 and 7), in the strategy table's order."""
    way = house_way(dealer_cards)
    if not config.dealer_qualifier.qualifies(way.high_value):
        return np.zeros(len(low), dtype=np.int64)
    beats = (low > way.low_value.key) & (high > way.high_value.key)
    beaten = (way.low_value.key >= low) & (way.high_value.key >= high)
    if way.lucky_break:
        return np.where(lucky, beats.astype(np.int64) - beaten, -1)
    return np.where(lucky, 1, beats.astype(np.int64) - beaten)
