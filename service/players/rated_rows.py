"""A seat's stored expected values (``seat_expected_values``) as the
figures' :class:`~service.players.rated.inputs.HandValues`.

Rows stored before migration 0027 have no product moment of the Main Bet
and the Dealer Break Bonus. It follows from the stored values when the
setting played cannot be a Lucky Break: when the seven cards hold none,
which the stored Dealer Break Bonus says (its second moment is exactly
C(46,7) when it pays 1, or when no dealer hand holds one). Otherwise the
row must be valued again (``StaleSeatValues``)."""

from __future__ import annotations

from typing import Protocol

from service.players.rated.inputs import DEALER_HANDS, HandValues
from service.players.rated.spread import main_dealer_moment
from service.store.models import SeatExpectedValue


class StaleSeatValues(LookupError):
    """A seat stored before its product moment, holding a Lucky Break."""


class StoredValues(Protocol):
    """A seat's stored values: its row, or those columns read in SQL core."""

    @property
    def seat_id(self) -> int: ...
    @property
    def main_played(self) -> int: ...
    @property
    def main_house_way(self) -> int: ...
    @property
    def main_played_square(self) -> int: ...
    @property
    def dealer_break_bonus(self) -> int: ...
    @property
    def dealer_break_bonus_square(self) -> int: ...
    @property
    def break_bonus(self) -> int: ...
    @property
    def main_dealer_break_bonus(self) -> int | None: ...


#: the columns of :class:`StoredValues`, to read a seat's in SQL core
STORED_VALUES = (
    SeatExpectedValue.seat_id,
    SeatExpectedValue.main_played,
    SeatExpectedValue.main_house_way,
    SeatExpectedValue.main_played_square,
    SeatExpectedValue.dealer_break_bonus,
    SeatExpectedValue.dealer_break_bonus_square,
    SeatExpectedValue.break_bonus,
    SeatExpectedValue.main_dealer_break_bonus,
)


def hand_values_of(row: StoredValues) -> HandValues:
    moment = row.main_dealer_break_bonus
    if moment is None:
        if row.dealer_break_bonus_square != DEALER_HANDS:
            raise StaleSeatValues(f"seat {row.seat_id}'s values predate its product moment: value it again")
        moment = main_dealer_moment(row.main_played, row.dealer_break_bonus)
    return HandValues(
        main_played=row.main_played,
        main_house_way=row.main_house_way,
        main_played_square=row.main_played_square,
        dealer_break_bonus=row.dealer_break_bonus,
        dealer_break_bonus_square=row.dealer_break_bonus_square,
        break_bonus=row.break_bonus,
        main_dealer_break_bonus=moment,
    )
