"""The evaluators and the Breaker's judgement against the independent slow
reading in :mod:`tests.poker_room.naive`, on random deals (biased towards
few ranks or suits, so that straights, flushes and kinds are common)."""

from __future__ import annotations

import random

import pytest

from service.poker_room.breaker import judge_pot
from service.poker_room.five_cards import best_five
from service.poker_room.pots import Pot
from service.poker_room.room_cards import room_cards
from service.poker_room.wild_stud import best_wild_hand
from tests.poker_room.naive import DECK52, brute_breaker_pot, brute_wild_best, naive_best


def as_key(value):
    return (int(value.category), value.defining, value.natural, value.kickers)


def deck_for(rng: random.Random) -> list[str]:
    """The whole deck, or a narrow part of it (few suits, or high ranks)."""
    style = rng.randrange(4)
    if style == 0:
        return list(DECK52)
    if style == 1:
        return [code for code in DECK52 if code[1] in "sh"]
    if style == 2:
        return [code for code in DECK52 if code[0] in "9TJQKA2345"]
    return [code for code in DECK52 if code[0] in "AKQJT"]


def wild_deal(rng: random.Random, jokers: int) -> list[str]:
    deck = deck_for(rng)
    return rng.sample(deck, 7 - jokers) + ["JK1", "JK2"][:jokers]


@pytest.mark.slow
@pytest.mark.parametrize("jokers", [0, 1])
def test_wild_stud_hands_match_every_substitution(jokers):
    rng = random.Random(2300 + jokers)
    for _ in range(100):
        codes = wild_deal(rng, jokers)
        assert as_key(best_wild_hand(room_cards(" ".join(codes))).value) == brute_wild_best(codes), codes


@pytest.mark.slow
def test_wild_stud_hands_with_both_jokers_match_every_substitution():
    rng = random.Random(2302)
    for _ in range(12):
        codes = wild_deal(rng, 2)
        assert as_key(best_wild_hand(room_cards(" ".join(codes))).value) == brute_wild_best(codes), codes


@pytest.mark.parametrize(
    "codes",
    [
        "As Ah Ad Ac JK1 JK2 Kd",  # six of a kind
        "As Ah Ad JK1 JK2 Kd Kc",  # five of a kind
        "Ah Kh Qh 9h JK 2c 3d",  # no double-ace flush
        "Ah 7h 5h 4h 2h JK 3c",  # a natural flush, or the joker's wheel straight flush
        "Kd Qd JK1 JK2 2c 3c 4s",  # a wild royal flush
        "2s 3d 4h 5c JK 9s Ts",  # wild straights
        "Th Tc 9d 9s JK 2c 3h",  # wild full house
    ],
)
def test_hard_wild_hands(codes):
    assert as_key(best_wild_hand(room_cards(codes)).value) == brute_wild_best(codes.split())


def test_plain_best_five_matches_the_naive_ranking():
    rng = random.Random(2303)
    for _ in range(400):
        codes = rng.sample(deck_for(rng), 7)
        for breaks in (False, True):
            found = best_five(room_cards(" ".join(codes)), breaks=breaks).value
            assert as_key(found) == naive_best(codes, breaks=breaks), codes


def breaker_deal(rng: random.Random, players: int, breakers: int):
    deck = rng.sample(deck_for(rng) if rng.random() < 0.5 else DECK52, 5 + 2 * players)
    cards = deck[5:]
    holders = rng.sample(range(players), breakers)
    for index, holder in enumerate(holders):
        cards[2 * holder] = ["JK1", "JK2"][index]
    holes = {seat + 1: cards[2 * seat : 2 * seat + 2] for seat in range(players)}
    return deck[:5], holes


@pytest.mark.parametrize("breakers", [1, 2])
def test_breaker_judgement_matches_the_rule_books_decision(breakers):
    rng = random.Random(2310 + breakers)
    for _ in range(250):
        players = rng.randint(2, 6)
        board, holes = breaker_deal(rng, players, breakers)
        contenders = tuple(sorted(rng.sample(sorted(holes), rng.randint(2, players))))
        judged = judge_pot(
            room_cards(" ".join(board)),
            {seat: room_cards(" ".join(hole)) for seat, hole in holes.items()},
            Pot(100, 100, contenders),
        )
        played, winners, keys = brute_breaker_pot(board, holes, contenders)
        assert list(judged.winners) == winners, (board, holes, contenders)
        assert {
            hand.seat for hand in judged.hands if hand.breaker and hand.breaker.value == "played"
        } == played
        assert {hand.seat: as_key(hand.best.value) for hand in judged.hands} == keys
