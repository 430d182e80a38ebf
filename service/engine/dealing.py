"""Dealing a deck read by a card-reading shuffler or shoe: the 53 cards in
the order they come out, and the table's deal order (which seat is dealt
first, where the dealer's hand falls, seven cards to a hand at once or one
card to each hand in turn) give every hand at the table.

Every position gets a hand, whether its seat plays or not, as at a real
table: seats + 1 hands of seven cards; the rest of the deck is not dealt.
The deal order is not game math (it changes no odds), so it is kept apart
from the table's configuration and its fingerprint.

>>> from service.engine.cards import codes
>>> order = DealOrder(first_seat=2, dealer_place=1)
>>> order.positions(3)
('2', 'dealer', '3', '1')
>>> hands = deal(DECK, order, 3)
>>> list(hands)
['dealer', '1', '2', '3']
>>> codes(hands["2"])
['JK', 'As', 'Ah', 'Ad', 'Ac', 'Ks', 'Kh']
>>> codes(deal(DECK, DealOrder(style=DealStyle.ROUND_ROBIN), 1)["dealer"])
['As', 'Ad', 'Ks', 'Kd', 'Qs', 'Qd', 'Js']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.engine.cards import DECK, Card, parse_card
from service.engine.errors import ErrorCode, RulesError

DEALER = "dealer"  # the dealer's hand among the seats' ("1", "2", ...)
HAND_SIZE = 7
DECK_SIZE = len(DECK)  # 53: the joker and the 52


class DealStyle(StrEnum):
    CONSECUTIVE = "consecutive"  # seven cards to a hand, then the next hand
    ROUND_ROBIN = "round_robin"  # one card to each hand in turn, seven times


@dataclass(frozen=True)
class DealOrder:
    """Where each hand falls in the deal. ``dealer_place`` is how many seats
    are dealt before the dealer's hand (0: first); None: after every seat.

    >>> DealOrder().to_json(6)
    {'first_seat': 1, 'dealer_place': 6, 'style': 'consecutive'}
    >>> DealOrder(first_seat=5, dealer_place=6).fitted(4)
    DealOrder(first_seat=1, dealer_place=4, style=<DealStyle.CONSECUTIVE: 'consecutive'>)
    """

    first_seat: int = 1
    dealer_place: int | None = None
    style: DealStyle = DealStyle.CONSECUTIVE

    def fitted(self, seats: int) -> DealOrder:
        """This order at a table of ``seats`` seats: a first seat the table
        no longer has is seat 1, a dealer's place past the last seat is last."""
        first = self.first_seat if 1 <= self.first_seat <= seats else 1
        place = seats if self.dealer_place is None else min(self.dealer_place, seats)
        return DealOrder(first, place, self.style)

    def positions(self, seats: int) -> tuple[str, ...]:
        """The hands in the order they are dealt: seat numbers as strings and
        ``"dealer"``."""
        fitted = self.fitted(seats)
        ring = [str((fitted.first_seat - 1 + step) % seats + 1) for step in range(seats)]
        place = seats if fitted.dealer_place is None else fitted.dealer_place
        return (*ring[:place], DEALER, *ring[place:])

    def to_json(self, seats: int) -> dict[str, Any]:
        fitted = self.fitted(seats)
        return {
            "first_seat": fitted.first_seat,
            "dealer_place": fitted.dealer_place,
            "style": fitted.style.value,
        }

    @classmethod
    def from_json(cls, data: object, seats: int, field: str = "deal_order") -> DealOrder:
        """A deal order sent in, checked against a table of ``seats`` seats.

        >>> DealOrder.from_json({"first_seat": 3, "dealer_place": 0, "style": "round_robin"}, 6).style
        <DealStyle.ROUND_ROBIN: 'round_robin'>
        >>> DealOrder.from_json({"first_seat": 7}, 6)
        Traceback (most recent call last):
        ...
        service.engine.errors.RulesError: deal_order.first_seat must be a seat of the table, 1 to 6
        """
        if not isinstance(data, Mapping):
            raise RulesError(ErrorCode.INVALID_FIELD, f"{field} must be an object", field)
        unknown = sorted(str(key) for key in data if key not in ("first_seat", "dealer_place", "style"))
        if unknown:
            raise RulesError(
                ErrorCode.UNKNOWN_FIELD,
                f"{field}.{unknown[0]} is not a deal order field",
                f"{field}.{unknown[0]}",
            )
        first = _whole(data.get("first_seat", 1), 1, seats, f"{field}.first_seat", "a seat of the table")
        place = _whole(
            data.get("dealer_place", seats), 0, seats, f"{field}.dealer_place", "seats dealt first"
        )
        style = data.get("style", DealStyle.CONSECUTIVE.value)
        if style not in tuple(DealStyle):
            choices = ", ".join(DealStyle)
            raise RulesError(
                ErrorCode.INVALID_FIELD, f"{field}.style must be one of {choices}", f"{field}.style"
            )
        return cls(first, place, DealStyle(style))


def _whole(value: object, low: int, high: int, field: str, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise RulesError(ErrorCode.INVALID_FIELD, f"{field} must be {what}, {low} to {high}", field)
    return value


def check_deck(cards: object, field: str = "cards") -> tuple[Card, ...]:
    """The 53 cards of a deck as read, each once; refused naming the card.

    >>> from service.engine.cards import codes
    >>> check_deck(["As"])
    Traceback (most recent call last):
    ...
    service.engine.errors.RulesError: cards must be the 53 cards of the deck as dealt, not 1
    >>> check_deck([*codes(DECK[:-1]), "jk"])
    Traceback (most recent call last):
    ...
    service.engine.errors.RulesError: JK is in the deck twice: at positions 1 and 53 (cards[0] and cards[52])
    """
    if not isinstance(cards, Sequence) or isinstance(cards, str | bytes):
        raise RulesError(
            ErrorCode.INVALID_FIELD, f"{field} must be a list of the {DECK_SIZE} card codes", field
        )
    if len(cards) != DECK_SIZE:
        raise RulesError(
            ErrorCode.WRONG_COUNT,
            f"{field} must be the {DECK_SIZE} cards of the deck as dealt, not {len(cards)}",
            field,
        )
    seen: dict[Card, int] = {}
    deck = []
    for index, text in enumerate(cards):
        try:
            card = parse_card(text)
        except RulesError as error:
            raise RulesError(error.code, f"{field}[{index}]: {error.message}", f"{field}[{index}]") from None
        if card in seen:
            first = seen[card]
            raise RulesError(
                ErrorCode.DUPLICATE_CARD,
                f"{card} is in the deck twice: at positions {first + 1} and {index + 1} "
                f"({field}[{first}] and {field}[{index}])",
                f"{field}[{index}]",
            )
        seen[card] = index
        deck.append(card)
    return tuple(deck)


def deal(deck: Sequence[Card], order: DealOrder, seats: int) -> dict[str, tuple[Card, ...]]:
    """Every hand at a table of ``seats`` seats from the deck as dealt: the
    dealer's first, then the seats by number (the JSON's order)."""
    positions = order.positions(seats)
    count = len(positions)
    if len(deck) < count * HAND_SIZE:
        raise RulesError(
            ErrorCode.WRONG_COUNT, f"a deck of {len(deck)} cards cannot deal {count} hands", "cards"
        )
    if order.style is DealStyle.CONSECUTIVE:
        dealt = {
            hand: tuple(deck[at * HAND_SIZE : (at + 1) * HAND_SIZE]) for at, hand in enumerate(positions)
        }
    else:
        dealt = {hand: tuple(deck[at : count * HAND_SIZE : count]) for at, hand in enumerate(positions)}
    return {hand: dealt[hand] for hand in (DEALER, *(str(seat) for seat in range(1, seats + 1)))}
