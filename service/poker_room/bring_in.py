"""Wild Joker Stud's bring-in and first button.

Bring-in: after the first three cards, the player whose two face-up cards
show the uniquely highest pair completes the opening wager to 5 chips and
acts last. A face-up joker pairs the other face-up card; two face-up
jokers are a pair of aces. Tied highest pairs, or no pair: nobody is forced.
Pairs compare by rank only.

>>> from service.poker_room.room_cards import parse_room_card, room_cards
>>> bring_in({1: room_cards("Kd JK"), 2: room_cards("Qs Qh"), 3: room_cards("As 9c")}).forced
1
>>> bring_in({1: room_cards("JK1 JK2"), 2: room_cards("Ac Ad")}).forced is None
True

First button: the highest card drawn; suits break ties spades, hearts,
diamonds, clubs; a joker is higher than any ace; both jokers drawn, the
coin flip entered decides.

>>> first_button({1: parse_room_card("Ah"), 2: parse_room_card("As"), 3: parse_room_card("Kc")}).seat
2
>>> first_button({1: parse_room_card("JK1"), 4: parse_room_card("JK2")}, coin_flip=4).seat
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from service.engine.errors import ErrorCode, RulesError
from service.poker_room.room_cards import JOKER_RANK, RoomCard

ACE = 14
OPENING_WAGER = 5
#: Suits as they break a tie for the button, highest first.
BUTTON_SUITS = "shdc"


def exposed_pair(up: Sequence[RoomCard]) -> int | None:
    """The rank of the pair two face-up cards show, if any.

    >>> from service.poker_room.room_cards import room_cards
    >>> exposed_pair(room_cards("7c JK")), exposed_pair(room_cards("7c 8c"))
    (7, None)
    """
    first, second = up
    if first.is_joker and second.is_joker:
        return ACE
    if first.is_joker or second.is_joker:
        return second.rank if first.is_joker else first.rank
    return first.rank if first.rank == second.rank else None


@dataclass(frozen=True, slots=True)
class BringIn:
    """Who must complete to the opening wager (and acts last), and why."""

    forced: int | None
    pairs: tuple[tuple[int, int | None], ...]
    why: str


def bring_in(up_cards: Mapping[int, Sequence[RoomCard]]) -> BringIn:
    pairs = tuple((seat, exposed_pair(up)) for seat, up in sorted(up_cards.items()))
    shown = [rank for _, rank in pairs if rank is not None]
    if not shown:
        return BringIn(None, pairs, "no pair shows: nobody is forced")
    top = max(shown)
    holders = [seat for seat, rank in pairs if rank == top]
    if len(holders) > 1:
        seats = " and ".join(map(str, holders))
        return BringIn(None, pairs, f"seats {seats} show the highest pair: tied, nobody is forced")
    return BringIn(
        holders[0],
        pairs,
        f"seat {holders[0]} shows the highest pair: completes to {OPENING_WAGER} chips and acts last",
    )


@dataclass(frozen=True, slots=True)
class Button:
    seat: int
    why: str


def first_button(draws: Mapping[int, RoomCard], coin_flip: int | None = None) -> Button:
    """The seat that takes the first button."""
    jokers = sorted(seat for seat, card in draws.items() if card.is_joker)
    if len(jokers) == 2:
        if coin_flip not in jokers:
            raise RulesError(
                ErrorCode.COIN_FLIP_NEEDED,
                f"seats {jokers[0]} and {jokers[1]} both drew a joker: enter the seat the coin flip gives",
                "coin_flip",
            )
        return Button(coin_flip, f"both jokers drawn: the coin flip gives it to seat {coin_flip}")
    if coin_flip is not None:
        raise RulesError(
            ErrorCode.COIN_FLIP_NOT_NEEDED,
            "a coin flip is entered only when both jokers are drawn",
            "coin_flip",
        )
    seat = max(draws, key=lambda seat: _draw_order(draws[seat]))
    return Button(seat, f"seat {seat} drew the highest card, {draws[seat].code}")


def _draw_order(card: RoomCard) -> tuple[int, int]:
    if card.is_joker:
        return (JOKER_RANK, 0)
    assert card.suit is not None
    return (card.rank, -BUTTON_SUITS.index(card.suit))
