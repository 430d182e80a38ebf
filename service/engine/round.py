"""A round as entered at the table, and what makes it valid.

A round is the dealer's seven cards and 1 to 6 seats, each with seven cards,
the player's setting (or a request for the house way) and bets in minor
units. :func:`validate_round` checks everything the rule book requires of a
round before it can be settled and raises :class:`RulesError` naming the
card, seat or field at fault.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Card
from service.engine.errors import ErrorCode, RulesError, show
from service.engine.setting import Setting
from service.engine.table_config import BetType, TableConfig

HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class Bets:
    """Stakes in minor units; 0 means a side bet was not placed."""

    main: int
    dealer_break_bonus: int = 0
    break_bonus: int = 0

    def stake(self, bet: BetType) -> int:
        return getattr(self, bet)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One player's hand as the dealer entered it.

    ``setting`` is the player's own low and high, or ``None`` when the player
    asked the dealer to set the hand by the house way.
    """

    seat: int
    cards: tuple[Card, ...]
    setting: Setting | None
    bets: Bets


@dataclass(frozen=True, slots=True)
class Round:
    round_id: str | int
    dealer: tuple[Card, ...]
    seats: tuple[SeatEntry, ...]


def validate_round(round_: Round, config: TableConfig) -> None:
    """Raise :class:`RulesError` unless the round can be settled under ``config``."""
    _check_seats(round_, config)
    if len(round_.dealer) != HAND_SIZE:
        _raise_card_count("dealer", "dealer", round_.dealer)
    for index, entry in enumerate(round_.seats):
        if len(entry.cards) != HAND_SIZE:
            _raise_card_count(f"seat {entry.seat}", f"seats[{index}].cards", entry.cards)
    _check_no_card_twice(round_)
    for index, entry in enumerate(round_.seats):
        _check_setting(index, entry)
        _check_bets(index, entry, config)


def _check_seats(round_: Round, config: TableConfig) -> None:
    count = len(round_.seats)
    if count == 0:
        raise RulesError(ErrorCode.NO_SEATS, "a round needs at least one seat", "seats")
    if count > config.seats:
        raise RulesError(
            ErrorCode.TOO_MANY_SEATS, f"the round has {count} seats but the table has {config.seats}", "seats"
        )
    seen: set[int] = set()
    for index, entry in enumerate(round_.seats):
        if not 1 <= entry.seat <= config.seats:
            raise RulesError(
                ErrorCode.INVALID_SEAT,
                f"seat {entry.seat} does not exist at this table ({_seat_range(config.seats)})",
                f"seats[{index}].seat",
            )
        if entry.seat in seen:
            raise RulesError(
                ErrorCode.DUPLICATE_SEAT, f"seat {entry.seat} appears twice", f"seats[{index}].seat"
            )
        seen.add(entry.seat)


def _raise_card_count(owner: str, field: str, cards: tuple[Card, ...]) -> None:
    raise RulesError(
        ErrorCode.WRONG_CARD_COUNT, f"{owner} has {len(cards)} cards; a hand has {HAND_SIZE}", field
    )


def _check_no_card_twice(round_: Round) -> None:
    # One deck deals the whole round, so a card can belong to one hand only.
    # A bit per card of the deck keeps the common case cheap.
    seen = 0
    for cards in (round_.dealer, *(entry.cards for entry in round_.seats)):
        for card in cards:
            bit = 1 << card.order
            if seen & bit:
                _raise_duplicate(round_, card)
            seen |= bit


def _raise_duplicate(round_: Round, card: Card) -> None:
    hands = [("dealer", "dealer", round_.dealer)] + [
        (f"seat {entry.seat}", f"seats[{index}].cards", entry.cards)
        for index, entry in enumerate(round_.seats)
    ]
    holders = [(owner, field) for owner, field, cards in hands for held in cards if held == card]
    (first, _), (second, field) = holders[0], holders[1]
    where = f"twice in {first}" if first == second else f"twice: {first} and {second}"
    raise RulesError(ErrorCode.DUPLICATE_CARD, f"{card} appears {where}", field)


def _check_setting(index: int, entry: SeatEntry) -> None:
    setting = entry.setting
    if setting is None:
        return
    hand = 0
    for card in entry.cards:
        hand |= 1 << card.order
    for card in setting.cards:  # five different cards: Setting makes sure
        if not hand & 1 << card.order:
            raise RulesError(
                ErrorCode.CARD_NOT_IN_HAND,
                f"seat {entry.seat}'s setting uses {card}, which is not one of seat {entry.seat}'s cards",
                f"seats[{index}].setting",
            )


def _check_bets(index: int, entry: SeatEntry, config: TableConfig) -> None:
    for bet in BetType:
        stake = entry.bets.stake(bet)
        if type(stake) is not int or stake < 0:  # bool is not a stake either
            raise RulesError(
                ErrorCode.INVALID_BET,
                f"seat {entry.seat}: {bet} must be a whole number of minor units (cents), not {show(stake)}",
                f"seats[{index}].bets.{bet}",
            )
        limit = config.limits[bet]
        if stake == 0:
            if bet.required:
                raise RulesError(
                    ErrorCode.MAIN_BET_REQUIRED,
                    f"seat {entry.seat}: every seat must place a Main Bet "
                    f"(table limits {limit.minimum} to {limit.maximum})",
                    f"seats[{index}].bets.{bet}",
                )
        elif stake < limit.minimum:
            raise RulesError(
                ErrorCode.BET_BELOW_MINIMUM,
                f"seat {entry.seat}: {bet} of {stake} is below the table minimum of {limit.minimum}",
                f"seats[{index}].bets.{bet}",
            )
        elif stake > limit.maximum:
            raise RulesError(
                ErrorCode.BET_ABOVE_MAXIMUM,
                f"seat {entry.seat}: {bet} of {stake} is above the table maximum of {limit.maximum}",
                f"seats[{index}].bets.{bet}",
            )


def _seat_range(seats: int) -> str:
    """
    >>> _seat_range(6), _seat_range(1)
    ('seats 1-6', 'it has only seat 1')
    """
    return "it has only seat 1" if seats == 1 else f"seats 1-{seats}"
