"""Wild Joker Stud's hands: the best of seven cards with two wild jokers.

A joker stands for any card, but not for one the hand already holds,
except to make five or six of a kind (so no double-ace flush). Six of a
kind (four naturals and both jokers) is the only six-card hand. Natural
beats wild: see :class:`~service.poker_room.five_cards.HandValue`.

>>> from service.poker_room.room_cards import room_cards
>>> best_wild_hand(room_cards("Ah Kh Qh 9h JK 2c 3d")).describe()
'flush A-K-Q-J-9 (JK as Jh)'
>>> best_wild_hand(room_cards("As Ah Ad Ac JK1 JK2 2c")).describe()
'six of a kind A-A-A-A-A-A (JK1 as A, JK2 as A)'
>>> natural = best_wild_hand(room_cards("Ah Kh 9h 7h 3h 2c 2d"))
>>> wild = best_wild_hand(room_cards("Ad Qd 9d 7d JK 2s 3s"))
>>> natural.value > wild.value, wild.describe()
(True, 'flush A-K-Q-9-7 (JK as Kd)')
>>> wild.value > best_wild_hand(room_cards("Kc Qc Jc 9c 7c 2s 3s")).value
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from service.engine.cards import Rank
from service.poker_room.five_cards import WHOLE_HAND, Category, HandValue, rank_shape
from service.poker_room.room_cards import RoomCard

RANKS = tuple(range(2, 15))
SUITS = "shdc"
#: A rank symbol by its value: 'T' for 10.
SYMBOL = {int(rank): rank.symbol for rank in Rank if rank is not Rank.JOKER}


@dataclass(frozen=True, slots=True)
class WildHand:
    """A player's best hand: its value, the cards it uses (five, or six for
    six of a kind) and what each joker in it stands for (a card code, or
    just a rank for five and six of a kind)."""

    value: HandValue
    cards: tuple[RoomCard, ...]
    stands_for: tuple[tuple[str, str], ...]

    @property
    def label(self) -> str:
        return self.value.label

    def describe(self) -> str:
        played = dict(self.stands_for)
        ranks = [
            played.get(card.code, card.code)[0] if card.is_joker else card.code[0] for card in self.cards
        ]
        jokers = ", ".join(f"{joker} as {card}" for joker, card in self.stands_for)
        return f"{self.label} {'-'.join(ranks)}" + (f" ({jokers})" if jokers else "")


def best_wild_hand(cards: Sequence[RoomCard]) -> WildHand:
    """The best hand of seven (or five or more) cards, jokers wild."""
    naturals = [card for card in cards if not card.is_joker]
    jokers = [card for card in cards if card.is_joker]
    if len(cards) < 5 or len(jokers) > 2:
        raise ValueError("a hand is five to seven cards with at most two jokers")
    six = _six_of_a_kind(naturals, jokers)
    if six is not None:
        return six
    best: WildHand | None = None
    for used in range(min(len(jokers), 5) + 1):
        for hand in _hands_with(naturals, jokers[:used]):
            if best is None or hand.value > best.value:
                best = hand
    assert best is not None
    return best


def _six_of_a_kind(naturals: list[RoomCard], jokers: list[RoomCard]) -> WildHand | None:
    counts = Counter(card.rank for card in naturals)
    fours = [rank for rank, count in counts.items() if count == 4]
    if len(jokers) < 2 or not fours:
        return None
    rank = max(fours)
    four = [card for card in naturals if card.rank == rank]
    value = HandValue(Category.SIX_OF_A_KIND, (rank,), False, ())
    return WildHand(
        value, (*_high_first(four), *jokers[:2]), tuple((j.code, SYMBOL[rank]) for j in jokers[:2])
    )


def _hands_with(naturals: list[RoomCard], jokers: list[RoomCard]) -> Iterator[WildHand]:
    """Every hand of ``5 - len(jokers)`` naturals and these jokers, each
    joker's rank tried (its suit follows: the flush's if it can, else one
    the hand does not hold)."""
    for five in combinations(naturals, 5 - len(jokers)):
        for joker_ranks in combinations_with_replacement(RANKS, len(jokers)):
            hand = _as_hand(five, jokers, joker_ranks, naturals)
            if hand is not None:
                yield hand


def _as_hand(
    five: tuple[RoomCard, ...], jokers: list[RoomCard], joker_ranks: tuple[int, ...], holding: list[RoomCard]
) -> WildHand | None:
    ranks = [card.rank for card in five] + list(joker_ranks)
    if len(set(ranks)) == 1:
        value = HandValue(Category.FIVE_OF_A_KIND, (ranks[0],), False, ())
        return WildHand(
            value, (*_high_first(five), *jokers), tuple((j.code, SYMBOL[ranks[0]]) for j in jokers)
        )
    held = {(card.rank, card.suit) for card in five}
    suits = {card.suit for card in five}
    flush_suit = next(iter(suits)) if len(suits) == 1 else None
    if (
        flush_suit is not None
        and all((rank, flush_suit) not in held for rank in joker_ranks)
        and len(set(joker_ranks)) == len(joker_ranks)
    ):
        suited = True
        stand_ins = [(rank, flush_suit) for rank in joker_ranks]
    else:
        suited = False
        found = _plain_suits(held, joker_ranks, {(card.rank, card.suit) for card in holding})
        if found is None:
            return None  # a joker would stand for a card the hand holds
        stand_ins = found
    category, defining, kickers = rank_shape(ranks, suited=suited, breaks=False)
    natural = not jokers or (category not in WHOLE_HAND and not set(joker_ranks) & set(defining))
    value = HandValue(category, defining, natural, kickers)
    cards = _high_first([*five, *jokers], dict(zip((j.code for j in jokers), joker_ranks, strict=True)))
    named = tuple(
        (joker.code, SYMBOL[rank] + suit) for joker, (rank, suit) in zip(jokers, stand_ins, strict=True)
    )
    return WildHand(value, cards, named)


def _plain_suits(
    held: set[tuple[int, str | None]], joker_ranks: tuple[int, ...], holding: set[tuple[int, str | None]]
) -> list[tuple[int, str]] | None:
    """A suit for each joker that makes no card twice in the hand (one the
    player does not hold at all where there is one: it reads better)."""
    taken = set(held)
    chosen: list[tuple[int, str]] = []
    for rank in joker_ranks:
        free = [suit for suit in SUITS if (rank, suit) not in taken]
        if not free:
            return None
        unheld = [suit for suit in free if (rank, suit) not in holding]
        suit = (unheld or free)[0]
        taken.add((rank, suit))
        chosen.append((rank, suit))
    return chosen


def _high_first(cards: Sequence[RoomCard], joker_ranks: dict[str, int] | None = None) -> tuple[RoomCard, ...]:
    ranks = joker_ranks or {}
    return tuple(sorted(cards, key=lambda card: -(ranks.get(card.code, 15) if card.is_joker else card.rank)))
