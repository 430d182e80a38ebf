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
from pathlib import Path

import numpy as np

from service.analysis.departures import RoundBet, departure, stay
from service.analysis.hand_advice import located
from service.analysis.legal_settings import settings_of
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
    if played is None:
        chosen: int | None = house
    else:
        ranks = tuple(card.rank for card in ordered)
        chosen = _position(
            ranks, played, block.low_position[span].tolist(), block.high_position[span].tolist()
        )
    if chosen is None:
        return None
    nets = _nets(index, dealer_cards, config)
    if chosen == house:
        return stay(int(block.beaten[local]), DEALER_HANDS, bool(nets.max() == nets[house]))
    return departure(int(block.better[span][chosen]), DEALER_HANDS, bool(nets[chosen] > nets[house]))


def _nets(pattern: int, dealer_cards: Sequence[Card], config: TableConfig) -> np.ndarray:
    """Each legal setting's Main Bet net for a unit against the dealer's
    house way (rule book sections 6 and 7), in the strategy table's order."""
    settings = settings_of(np.array([pattern]))
    way = house_way(dealer_cards)
    if not config.dealer_qualifier.qualifies(way.high_value):
        return np.zeros(len(settings), dtype=np.int64)
    low, high, lucky = settings.low_key, settings.high_key, settings.lucky_break
    beats = (low > way.low_value.key) & (high > way.high_value.key)
    beaten = (way.low_value.key >= low) & (way.high_value.key >= high)
    if way.lucky_break:
        return np.where(lucky, beats.astype(np.int64) - beaten, -1)
    return np.where(lucky, 1, beats.astype(np.int64) - beaten)
