"""A setting of seven cards into a low and a high hand: legality (rule book
section 3) and the Lucky Break (section 4).

>>> from service.engine.cards import parse_cards
>>> foul = Setting(parse_cards(["As", "Kd"]), parse_cards(["Ah", "Qc", "Jd"]))
>>> foul.is_legal
False
>>> Setting(parse_cards(["8s", "8d"]), parse_cards(["8h", "8c", "3d"])).is_legal
True
>>> Setting(parse_cards(["2s", "2d"]), parse_cards(["JK", "7c", "5d"])).is_lucky_break
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.engine.cards import Card, sort_cards
from service.engine.hands import Category, HandValue, high_value_of_sorted, low_value_of_sorted


@dataclass(frozen=True, slots=True)
class Setting:
    """Two cards for the low hand and three for the high, in display order."""

    low: tuple[Card, ...]
    high: tuple[Card, ...]
    low_value: HandValue = field(init=False, repr=False, compare=False)
    high_value: HandValue = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.low) != 2 or len(self.high) != 3:
            raise ValueError("a setting is 2 cards low and 3 cards high")
        if len({card.order for card in (*self.low, *self.high)}) != 5:
            raise ValueError("a setting is five different cards")
        low, high = sort_cards(self.low), sort_cards(self.high)
        # Display order is rank order, so the ranks are already sorted.
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "low_value", low_value_of_sorted((low[0].rank, low[1].rank)))
        object.__setattr__(
            self, "high_value", high_value_of_sorted((high[0].rank, high[1].rank, high[2].rank))
        )

    @classmethod
    def of_ordered(
        cls, low: tuple[Card, ...], high: tuple[Card, ...], low_value: HandValue, high_value: HandValue
    ) -> Setting:
        """A setting from cards already in display order whose values are known
        (the house way's hot path: no sorting, no lookups)."""
        setting = object.__new__(cls)
        set_field = object.__setattr__  # frozen: fields are set once, here
        set_field(setting, "low", low)
        set_field(setting, "high", high)
        set_field(setting, "low_value", low_value)
        set_field(setting, "high_value", high_value)
        return setting

    @property
    def is_legal(self) -> bool:
        return is_legal(self.low_value, self.high_value)

    @property
    def is_lucky_break(self) -> bool:
        return is_lucky_break(self.low_value, self.high_value)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.low + self.high


def is_legal(low: HandValue, high: HandValue) -> bool:
    """The high hand must rank at or above the low (otherwise a foul)."""
    return high.key >= low.key


def is_lucky_break(low: HandValue, high: HandValue) -> bool:
    """A low pair with a high straight or three of a kind (always legal)."""
    return low.category is Category.PAIR and high.category >= Category.STRAIGHT
