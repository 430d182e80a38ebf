"""Figures of one seven-card hand from the full 53-card deck: the Break
Bonus, the Lucky Break, dealer qualification and the house-way rules.

These need no pairing with another hand, so they take milliseconds: a
pay-table change shows its Break Bonus house edge at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from service.analysis.bet_math import BetMath, Line
from service.analysis.hand_table import (
    CATEGORIES,
    DECK_SIZE,
    HAND_SIZE,
    hand_table,
    pattern_combos,
    seven_card_patterns,
)
from service.engine.break_bonus import BreakBonusCategory, pattern_category
from service.engine.house_way import Rule
from service.engine.qualifier import Qualifier

HANDS = comb(DECK_SIZE, HAND_SIZE)  # 154,143,080


def _combos_where(mask: np.ndarray) -> int:
    return int(hand_table().combos[mask].sum())


@cache
def category_combinations() -> dict[BreakBonusCategory | None, int]:
    """Seven-card hands in each Break Bonus category (``None``: none). Once
    per process, and without the whole hand table: a pay-table preview in
    the API needs only this."""
    found: dict[BreakBonusCategory | None, int] = dict.fromkeys((*CATEGORIES, None), 0)
    for pattern in seven_card_patterns():
        found[pattern_category(pattern)] += pattern_combos(pattern)
    return found


def break_bonus_math(pays: Mapping[BreakBonusCategory, int]) -> BetMath:
    """The Break Bonus at a pay table (odds per category).

    >>> from service.engine.table_config import DEFAULT_BREAK_BONUS_PAYS
    >>> bet = break_bonus_math(DEFAULT_BREAK_BONUS_PAYS)
    >>> bet.lines[0].name, bet.lines[0].combinations
    ('five_aces', 1128)
    """
    combos = category_combinations()
    lines = [Line(c.value, c.label, pays[c], combos[c]) for c in CATEGORIES]
    lines.append(Line("none", "Anything else", -1, combos[None]))
    return BetMath.of(lines, HANDS)


def lucky_break_probability() -> Fraction:
    return Fraction(_combos_where(hand_table().lucky_break), HANDS)


def qualifies_probability(qualifier: Qualifier) -> Fraction:
    return Fraction(_combos_where(hand_table().high_key >= qualifier.key), HANDS)


def rule_lines() -> tuple[Line, ...]:
    """How often each house-way rule fires (net 0: not a bet)."""
    rule = hand_table().rule
    lines = [Line(str(r.value), r.label, 0, _combos_where(rule == r.value)) for r in Rule]
    return BetMath.of(lines, HANDS).lines
