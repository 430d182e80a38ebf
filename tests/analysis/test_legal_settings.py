"""Every distinct legal setting of every pattern: all 67,600 patterns for
what a vectorized check can see, and plain Python with the engine's own
``Setting`` on sampled ones for the rest (the order included)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.hand_table import hand_table
from service.analysis.legal_settings import HIGHS, LOWS, legal_settings, settings_of
from service.engine.cards import ordered_cards
from service.engine.setting import Setting
from tests.patterns import pattern_cards


def test_every_pattern_has_its_house_way_among_its_settings():
    table = hand_table()
    listed = legal_settings()
    assert int(listed.offsets[-1]) == 3_989_637
    sizes = np.diff(listed.offsets)
    assert sizes.min() >= 1
    assert sizes.max() == 165
    at = listed.offsets[:-1] + listed.house_way
    assert (listed.house_way < sizes).all()
    assert np.array_equal(listed.low_key[at], table.low_key)
    assert np.array_equal(listed.high_key[at], table.high_key)
    assert np.array_equal(listed.lucky_break[at], table.lucky_break)
    assert (listed.high_key >= listed.low_key).all()  # no foul listed


def by_hand(pattern_number: int) -> list[tuple[tuple, tuple]]:
    """The legal settings by ranks, the first position of each, in order."""
    cards = ordered_cards(pattern_cards(hand_table().patterns[pattern_number]))
    found: dict[tuple, tuple] = {}
    for low in combinations(range(7), 2):
        rest = [i for i in range(7) if i not in low]
        for high in combinations(rest, 3):
            setting = Setting(tuple(cards[i] for i in low), tuple(cards[i] for i in high))
            key = (tuple(c.rank for c in setting.low), tuple(c.rank for c in setting.high))
            if setting.is_legal and key not in found:
                found[key] = (LOWS.index(low), HIGHS.index(high))
    return list(found.values())


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=67_599))
def test_a_pattern_s_settings_are_the_engine_s(pattern_number):
    listed = settings_of(np.array([pattern_number]))
    positions = list(zip(listed.low_position.tolist(), listed.high_position.tolist(), strict=True))
    assert positions == by_hand(pattern_number)
