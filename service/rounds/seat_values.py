"""What one seat's hand was worth (rule book section 12), as integer
numerators over ``DEALER_HANDS`` = C(46,7): the Main Bet of the setting
played (as settled: a foul reset by the house way, or forfeited), of the
best setting and of the house way's, their second moments, and the side
bets'. Every calculator value has that denominator (the Break Bonus is
known from the cards, so its numerator is the pay times it)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from service.analysis.hand_advice import HandAdvice
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.seat_counts import Counts, RankKey, SeatCounts
from service.engine.cards import parse_cards, sort_cards
from service.engine.setting import Setting
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS
from service.engine.table_config import FoulPolicy, TableConfig

HOUSE_WAY_ENTERED = "house_way"


@dataclass(frozen=True, slots=True)
class SeatValues:
    """One seat's numerators over ``DEALER_HANDS``, for the player per unit."""

    main_played: int
    main_best: int
    main_house_way: int
    main_played_square: int  # E[X²] × N: won + lost, or N under a forfeit
    dealer_break_bonus: int
    dealer_break_bonus_square: int
    break_bonus: int  # the pay × N (or -N): the bet's result is known
    # Σ X_main × X_dbb × 1 over the dealer hands (the two bets share the
    # dealer's hand): rated play's dealer's-cards variance.
    main_dealer_break_bonus: int


def played_setting(advice: HandAdvice, entered: object) -> Setting:
    """The setting the player asked for (a foul included): the calculator
    values it as settled under the foul policy."""
    if entered == HOUSE_WAY_ENTERED or not isinstance(entered, dict):
        return advice.house_way.setting
    return Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))


def played_ranks(entered: object) -> RankKey | None:
    """:func:`played_setting` as its ranks; ``None`` for the house way."""
    if entered == HOUSE_WAY_ENTERED or not isinstance(entered, dict):
        return None
    low, high = (
        tuple(card.rank for card in sort_cards(parse_cards(entered[hand]))) for hand in ("low", "high")
    )
    return low, high


def seat_values(counts: SeatCounts, config: TableConfig) -> SeatValues:
    """A seat's numerators, the setting played valued as it settled: a foul
    reset by the house way, or a forfeit."""
    entry = counts.played
    if entry is None and config.foul_policy is FoulPolicy.HOUSE_WAY:
        entry = counts.house_way
    lucky = counts.dealer_lucky_breaks
    pays = DEALER_BREAK_BONUS_BOTH_PAYS if counts.house_way_is_lucky_break else DEALER_BREAK_BONUS_PAYS
    category = counts.break_bonus
    main_played = -DEALER_HANDS if entry is None else entry.won - entry.lost
    on_lucky = _on_dealer_lucky_breaks(counts, entry)
    return SeatValues(
        main_played=main_played,
        main_best=counts.best.won - counts.best.lost,
        main_house_way=counts.house_way.won - counts.house_way.lost,
        # A forfeit loses the stake for sure: X = -1, so E[X²] = 1.
        main_played_square=DEALER_HANDS if entry is None else entry.won + entry.lost,
        # The dealer's Lucky Breaks win the pays, every other hand loses one.
        dealer_break_bonus=lucky * pays - (DEALER_HANDS - lucky),
        dealer_break_bonus_square=lucky * pays * pays + DEALER_HANDS - lucky,
        break_bonus=DEALER_HANDS * (-1 if category is None else config.break_bonus_pays[category]),
        # The Dealer Break Bonus pays on the dealer's Lucky Breaks, loses one elsewhere.
        main_dealer_break_bonus=pays * on_lucky - (main_played - on_lucky),
    )


def _on_dealer_lucky_breaks(counts: SeatCounts, entry: Counts | None) -> int:
    """Σ of the Main Bet's result over the dealer hands holding a Lucky
    Break: each beats a setting that is none (or a forfeit); a Lucky Break
    played wins every qualifying dealer hand without one and loses only to
    the dealer's Lucky Breaks."""
    lucky = counts.dealer_lucky_breaks
    played_lucky = (
        counts.played_is_lucky_break if counts.played is not None else counts.house_way_is_lucky_break
    )
    if entry is None or not played_lucky:
        return -lucky
    plain = DEALER_HANDS - counts.dealer_not_qualifying - lucky
    return entry.won - plain - entry.lost


def sd(value: int, square: int) -> float:
    """The standard deviation per unit of a bet with E[X] = value / N and
    E[X²] = square / N: √(N·square − value²) / N."""
    return math.sqrt(max(DEALER_HANDS * square - value * value, 0)) / DEALER_HANDS
