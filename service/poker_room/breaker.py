"""Breaker Hold'em's showdown: Texas Hold'em with a joker, the Breaker, that
is not wild but breaks every straight and flush of the pot where it is
played (rule book, "Breaker Hold'em").

Per pot: the Breakers of the holders who contest it start played; every
other contender is then judged by the best five of their seven cards with
straights and flushes not counting, a played Breaker's holder by the
Breaker (a kicker above an ace) with the four best of their other six, so
a full house among those six is not kept. A holder who does not win
(alone or tied) has theirs made dead (their best five of the other six);
judged again until every played Breaker's holder wins or none is played
(plain Hold'em). A player dealt both Breakers (Dual Breaker) is folded.
Locked Breaker: the main pot's order of finish decides every side pot.

Board Q♠ J♠ 8♠ 5♦ 2♣ (the rule book's examples):

>>> from service.poker_room.room_cards import room_cards
>>> board = room_cards("Qs Js 8s 5d 2c")
>>> pot = Pot(300, 100, (1, 2, 3))
>>> first = judge_pot(board, {1: room_cards("Qc JK"), 2: room_cards("Ks 3s"), 3: room_cards("Qd 9c")}, pot)
>>> first.winners, [hand.best.label for hand in first.hands], first.hands[0].breaker
((1,), ['pair', 'high card', 'pair'], <BreakerStatus.PLAYED: 'played'>)
>>> second = judge_pot(board, {1: room_cards("Ad JK"), 2: room_cards("Ks 3s"), 3: room_cards("Qd 9c")}, pot)
>>> second.winners, second.hands[0].breaker, second.hands[1].best.label
((2,), <BreakerStatus.DEAD: 'dead'>, 'flush')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from service.poker_room.five_cards import BestFive, best_five, best_five_with
from service.poker_room.pots import Pot
from service.poker_room.room_cards import RoomCard


class BreakerStatus(StrEnum):
    PLAYED = "played"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class BreakerTable:
    """The table's options: two Breakers in the deck, the main pot's order
    of finish locked for the side pots."""

    dual: bool = False
    locked: bool = False


@dataclass(frozen=True, slots=True)
class JudgedHand:
    """A contender's hand as judged in a pot; ``breaker`` and ``why`` only
    for a holder of a Breaker."""

    seat: int
    best: BestFive
    breaker: BreakerStatus | None = None
    why: str | None = None


@dataclass(frozen=True, slots=True)
class PotJudgement:
    pot: Pot
    hands: tuple[JudgedHand, ...]
    winners: tuple[int, ...]
    #: True when a Breaker is played in this pot.
    broken: bool


def holds_breaker(hole: Sequence[RoomCard]) -> bool:
    return any(card.is_joker for card in hole)


def dealt_both(holes: Mapping[int, Sequence[RoomCard]]) -> tuple[int, ...]:
    """Seats dealt both Breakers (folded under Dual Breaker).

    >>> from service.poker_room.room_cards import room_cards
    >>> dealt_both({1: room_cards("JK1 JK2"), 2: room_cards("As JK")})
    (1,)
    """
    return tuple(seat for seat, hole in holes.items() if sum(card.is_joker for card in hole) == 2)


def judge_pot(board: Sequence[RoomCard], holes: Mapping[int, Sequence[RoomCard]], pot: Pot) -> PotJudgement:
    """One pot judged afresh: each Breaker its holder contests, played or dead."""
    contenders = pot.contenders
    played = {seat for seat in contenders if holds_breaker(holes[seat])}
    dead: dict[int, str] = {}
    while True:
        bests = {seat: _best(board, holes[seat], seat in played, bool(played)) for seat in contenders}
        top = max(best.value for best in bests.values())
        winners = tuple(seat for seat in contenders if bests[seat].value == top)
        losing = sorted(played - set(winners))
        if not losing:
            break
        for seat in losing:
            dead[seat] = f"dead: with {_named(played, seat)} played, its holder would not win this pot"
        played -= set(losing)
    hands = tuple(_judged(seat, bests[seat], holes[seat], played, dead) for seat in contenders)
    return PotJudgement(pot, hands, winners, bool(played))


def _best(board: Sequence[RoomCard], hole: Sequence[RoomCard], played: bool, broken: bool) -> BestFive:
    others = [*board, *(card for card in hole if not card.is_joker)]
    if played:
        # The Breaker is in the hand, so five of the other six (a full
        # house too) cannot be kept beside it.
        breaker = next(card for card in hole if card.is_joker)
        return best_five_with(breaker, others, breaks=True)
    return best_five(others, breaks=broken)


def _named(played: set[int], seat: int) -> str:
    if played == {seat}:
        return "it"
    seats = " and ".join(str(other) for other in sorted(played))
    return f"the Breakers of seats {seats}"


def _judged(
    seat: int, best: BestFive, hole: Sequence[RoomCard], played: set[int], dead: dict[int, str]
) -> JudgedHand:
    if not holds_breaker(hole):
        return JudgedHand(seat, best)
    if seat in played:
        others = (
            ""
            if played == {seat}
            else " with the Breakers of seats " + " and ".join(map(str, sorted(played)))
        )
        return JudgedHand(seat, best, BreakerStatus.PLAYED, f"played: its holder wins this pot{others}")
    return JudgedHand(seat, best, BreakerStatus.DEAD, dead[seat])


def judge_pots(
    board: Sequence[RoomCard],
    holes: Mapping[int, Sequence[RoomCard]],
    pots: Sequence[Pot],
    table: BreakerTable,
) -> tuple[PotJudgement, ...]:
    """Every pot, the main pot first; each judged afresh, or under Locked
    Breaker by the main pot's order of finish."""
    if not pots:
        return ()
    main = judge_pot(board, holes, pots[0])
    if not table.locked:
        return (main, *(judge_pot(board, holes, pot) for pot in pots[1:]))
    return (main, *(_locked(main, pot) for pot in pots[1:]))


def _locked(main: PotJudgement, pot: Pot) -> PotJudgement:
    judged = {hand.seat: hand for hand in main.hands}
    hands = tuple(
        JudgedHand(
            seat,
            judged[seat].best,
            judged[seat].breaker,
            None if judged[seat].breaker is None else f"{judged[seat].breaker}: locked, as in the main pot",
        )
        for seat in pot.contenders
    )
    top = max(hand.best.value for hand in hands)
    winners = tuple(hand.seat for hand in hands if hand.best.value == top)
    return PotJudgement(pot, hands, winners, main.broken)
