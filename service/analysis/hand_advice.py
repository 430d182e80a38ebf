"""The hand calculator: every legal setting of seven cards with its exact
Main Bet expected value, the optimal one, what the house way costs, and the
side bets' expected values (rule book section 12).

Read from the strategy table (one stored block per thousand patterns), so a
warm answer costs a dictionary lookup and a few dozen settings; nothing here
loads the compiler.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise
from pathlib import Path

from service.analysis.hand_table import HAND_SIZE, seven_card_patterns
from service.analysis.legal_settings import HIGHS, LOWS
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.strategy_table import StrategyBlock, block_of
from service.engine.break_bonus import pattern_category
from service.engine.cards import Card, Rank, ordered_cards
from service.engine.errors import RulesError
from service.engine.setting import Setting
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS
from service.engine.table_config import FoulPolicy, TableConfig
from service.errors import ErrorCode

NOT_QUALIFYING_GROUP = 0  # the columns of StrategyBlock.groups
LUCKY_BREAK_GROUP = 1


class StrategyTableMissing(LookupError):
    """The strategy table's block for these cards is not built yet."""


@dataclass(frozen=True, slots=True)
class SettingValue:
    """One legal setting and its Main Bet over the C(46,7) dealer hands."""

    setting: Setting
    won: int
    lost: int

    @property
    def pushed(self) -> int:
        return DEALER_HANDS - self.won - self.lost

    @property
    def expected_value(self) -> Fraction:
        """Per unit staked, for the player."""
        return Fraction(self.won - self.lost, DEALER_HANDS)

    def probability(self, count: int) -> Fraction:
        return Fraction(count, DEALER_HANDS)

    def ranks(self) -> tuple[tuple[Rank, ...], tuple[Rank, ...]]:
        return rank_key(self.setting)


@dataclass(frozen=True, slots=True)
class HandAdvice:
    cards: tuple[Card, ...]  # display order
    settings: tuple[SettingValue, ...]  # every legal one, in the house way's order
    best: SettingValue
    house_way: SettingValue
    dealer_break_bonus: Fraction  # expected value per unit staked
    break_bonus: Fraction

    @property
    def house_way_cost(self) -> Fraction:
        """What setting by the house way gives up against the best, per unit."""
        return self.best.expected_value - self.house_way.expected_value

    def value_of(self, setting: Setting) -> SettingValue | None:
        """The entry of a setting of these cards; ``None`` for a foul."""
        wanted = rank_key(setting)
        return next((entry for entry in self.settings if entry.ranks() == wanted), None)

    def main_value_played(self, setting: Setting, foul_policy: FoulPolicy) -> Fraction:
        """The Main Bet's expected value of the setting played, as settled:
        a foul is reset by the house way, or forfeits the bet."""
        entry = self.value_of(setting)
        if entry is not None:
            return entry.expected_value
        return self.house_way.expected_value if foul_policy is FoulPolicy.HOUSE_WAY else Fraction(-1)


def rank_key(setting: Setting) -> tuple[tuple[Rank, ...], tuple[Rank, ...]]:
    return tuple(card.rank for card in setting.low), tuple(card.rank for card in setting.high)


@cache
def pattern_index() -> dict[tuple[Rank, ...], int]:
    """Each pattern's row in the hand table (and the strategy table)."""
    return {pattern: index for index, pattern in enumerate(seven_card_patterns())}


def advise(cards: Sequence[Card], config: TableConfig, instance: Path | None = None) -> HandAdvice:
    """The calculator's answer for seven distinct cards under a configuration."""
    ordered, index, block = located(cards, config, instance)
    return _advice(ordered, index, block, config)


def located(
    cards: Sequence[Card], config: TableConfig, instance: Path | None
) -> tuple[tuple[Card, ...], int, StrategyBlock]:
    """Seven distinct cards in display order, their pattern's row in the
    strategy table and the block holding it."""
    ordered = tuple(ordered_cards(cards))
    if len(ordered) != HAND_SIZE:
        raise RulesError(
            ErrorCode.WRONG_CARD_COUNT, f"a hand has {HAND_SIZE} cards, not {len(ordered)}", "cards"
        )
    for first, second in pairwise(ordered):
        if first.order == second.order:  # display order puts equal cards side by side
            raise RulesError(ErrorCode.DUPLICATE_CARD, f"{first} appears twice in the hand", "cards")
    pattern = tuple(card.rank for card in ordered)
    index = pattern_index()[pattern]
    block = block_of(config.dealer_qualifier, index, instance)
    if block is None:
        raise StrategyTableMissing(
            f"the strategy table for qualifier {config.dealer_qualifier.text} is not built yet"
        )
    return ordered, index, block


def _advice(ordered: tuple[Card, ...], index: int, block: StrategyBlock, config: TableConfig) -> HandAdvice:
    span = block.span(index)
    settings = tuple(
        SettingValue(
            Setting(tuple(ordered[i] for i in LOWS[low]), tuple(ordered[i] for i in HIGHS[high])),
            won,
            lost,
        )
        for low, high, won, lost in zip(
            block.low_position[span].tolist(),
            block.high_position[span].tolist(),
            block.won[span].tolist(),
            block.lost[span].tolist(),
            strict=True,
        )
    )
    local = index - block.first
    house = settings[int(block.house[local])]
    dealer_lucky = int(block.groups[local, LUCKY_BREAK_GROUP])
    both_pay = DEALER_BREAK_BONUS_BOTH_PAYS if house.setting.is_lucky_break else DEALER_BREAK_BONUS_PAYS
    category = pattern_category(tuple(card.rank for card in ordered))
    return HandAdvice(
        cards=ordered,
        settings=settings,
        best=settings[int(block.best[local])],
        house_way=house,
        dealer_break_bonus=Fraction(dealer_lucky * both_pay - (DEALER_HANDS - dealer_lucky), DEALER_HANDS),
        break_bonus=Fraction(-1 if category is None else config.break_bonus_pays[category]),
    )
